/** UI: the dashboard, a profile and a repository's Activity tab list the activity feeds, with hostile text shown as text. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, makeUser } from '../helpers/host.ts';
import { openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI activity feeds', () => {
  const ui = uiFixture();
  let root: string;
  let alice: string;
  const title = '<img src=x onerror="window.__hit=1">Crash';
  before(async () => {
    root = await createToken(ui.h, ADMIN.username, ADMIN.password);
    alice = await makeUser(ui.h, 'alice');
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'lively', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'hush', auto_init: true, private: true } })).status, 201);
    assert.equal((await ui.h.api('POST', '/repos/root/lively/issues', { auth: alice, body: { title } })).status, 201);
  });

  test('the signed-in dashboard lists the user\'s feed, the repository tab its actions, the profile only what the visitor may see', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/');
    const feed = page.getByRole('list', { name: 'Your activity' });
    await feed.getByRole('link', { name: 'root/lively', exact: true }).first().waitFor();
    await feed.getByText('created repository').first().waitFor();
    await feed.getByRole('link', { name: 'root/hush', exact: true }).first().waitFor();
    await screenshot(page, 'dashboard-activity');

    await page.goto('/root/lively');
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    const repoFeed = page.getByRole('list', { name: 'Activity in root/lively' });
    await repoFeed.getByRole('link', { name: 'root/lively#1' }).waitFor();
    await repoFeed.getByText(title).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit), undefined);
    await screenshot(page, 'repo-activity');
    assert.deepEqual(errors, []);

    const visitor = await openPage(ui.browser, ui.h.url);
    await visitor.page.goto('/root');
    const profile = visitor.page.getByRole('list', { name: 'Activity of root' });
    await profile.getByText('created repository').first().waitFor();
    assert.equal(await profile.getByRole('link', { name: 'root/hush' }).count(), 0);
    assert.ok((await profile.getByRole('listitem').count()) >= 1);
    assert.deepEqual(visitor.errors, []);
  });
});
