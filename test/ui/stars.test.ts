/** UI: Watch and Star from the repository header change the counts; a visitor sees the counts only; a profile lists stars. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, makeUser } from '../helpers/host.ts';
import { openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI watch and star', () => {
  const ui = uiFixture();
  let root: string;
  let alice: string;
  before(async () => {
    root = await createToken(ui.h, ADMIN.username, ADMIN.password);
    alice = await makeUser(ui.h, 'alice');
    // the creator watches a new repository: one watcher, no stars
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'shiny', auto_init: true, description: 'Worth a star' } })).status, 201);
  });

  test('a signed-in user stars and watches from the header, and the counts follow', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.goto('/root/shiny');
    const group = page.getByRole('group', { name: 'Watch and star' });
    await group.getByText('1 watcher', { exact: true }).waitFor();
    await group.getByText('0 stars', { exact: true }).waitFor();

    await group.getByRole('button', { name: 'Star', exact: true }).click();
    await group.getByRole('button', { name: 'Unstar', exact: true }).waitFor();
    await group.getByText('1 star', { exact: true }).waitFor();
    await group.getByRole('button', { name: 'Watch', exact: true }).click();
    await group.getByRole('button', { name: 'Unwatch', exact: true }).waitFor();
    await group.getByText('2 watchers', { exact: true }).waitFor();
    await screenshot(page, 'repo-watch-star');
    assert.equal((await ui.h.api('GET', '/user/starred/root/shiny', { auth: alice })).status, 204);
    assert.equal((await ui.h.api('GET', '/repos/root/shiny/subscription', { auth: alice })).status, 200);

    // the state survives a reload of the page, and both toggles go back
    await page.reload();
    await group.getByRole('button', { name: 'Unwatch', exact: true }).click();
    await group.getByText('1 watcher', { exact: true }).waitFor();
    await group.getByRole('button', { name: 'Unstar', exact: true }).click();
    await group.getByRole('button', { name: 'Star', exact: true }).waitFor();
    await group.getByText('0 stars', { exact: true }).waitFor();
    assert.equal((await ui.h.api('GET', '/user/starred/root/shiny', { auth: alice })).status, 404);
    assert.deepEqual(errors, []);
  });

  test('a signed-out visitor sees the counts and no toggles', async () => {
    assert.equal((await ui.h.api('PUT', '/user/starred/root/shiny', { auth: alice })).status, 204);
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/root/shiny');
    const group = page.getByRole('group', { name: 'Watch and star' });
    await group.getByText('1 star', { exact: true }).waitFor();
    await group.getByText('1 watcher', { exact: true }).waitFor();
    assert.equal(await group.getByRole('button').count(), 0);
    await screenshot(page, 'repo-watch-star-visitor');
    assert.deepEqual(errors, []);
  });

  test('a user\'s profile lists the repositories they starred', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/alice');
    const starred = page.getByRole('list', { name: 'Repositories alice starred' });
    await starred.getByRole('link', { name: 'root/shiny' }).waitFor();
    await screenshot(page, 'profile-starred');
    assert.equal((await ui.h.api('DELETE', '/user/starred/root/shiny', { auth: alice })).status, 204);
    await page.reload();
    await page.getByText('alice has starred no repositories you can see.').waitFor();
    assert.deepEqual(errors, []);
  });
});
