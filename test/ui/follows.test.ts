/** UI: Follow and Unfollow from a user's profile change the counts and the lists; visitors and the user themself get no button. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, makeUser } from '../helpers/host.ts';
import { openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI followers', () => {
  const ui = uiFixture();
  let alice: string;
  before(async () => {
    await createToken(ui.h, ADMIN.username, ADMIN.password);
    alice = await makeUser(ui.h, 'alice');
    await makeUser(ui.h, 'bob');
  });

  test('a signed-in user follows from the profile; the counts and both lists follow', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.goto('/bob');
    const bar = page.getByRole('group', { name: 'Followers and following' });
    await bar.getByText('0 followers', { exact: true }).waitFor();
    await page.getByText('Nobody you can see follows bob.').waitFor();

    await bar.getByRole('button', { name: 'Follow', exact: true }).click();
    await bar.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    await bar.getByText('1 follower', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Followers of bob' }).getByRole('link', { name: 'alice' }).waitFor();
    await screenshot(page, 'profile-follow');
    assert.equal((await ui.h.api('GET', '/user/following/bob', { auth: alice })).status, 204);

    // alice's own profile: her following list names bob, and she gets no button for herself
    await page.goto('/alice');
    const mine = page.getByRole('group', { name: 'Followers and following' });
    await mine.getByText('1 following', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Users alice follows' }).getByRole('link', { name: 'bob' }).click();
    await page.waitForURL(/\/bob$/);

    // the state survives a reload, and Unfollow takes it back
    await page.reload();
    await bar.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await bar.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await bar.getByText('0 followers', { exact: true }).waitFor();
    await page.getByText('Nobody you can see follows bob.').waitFor();
    assert.equal((await ui.h.api('GET', '/user/following/bob', { auth: alice })).status, 404);
    await page.goto('/alice');
    assert.equal(await page.getByRole('group', { name: 'Followers and following' }).getByRole('button').count(), 0);
    assert.deepEqual(errors, []);
  });

  test('a signed-out visitor sees the counts and lists, and no button', async () => {
    assert.equal((await ui.h.api('PUT', '/user/following/bob', { auth: alice })).status, 204);
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/bob');
    const bar = page.getByRole('group', { name: 'Followers and following' });
    await bar.getByText('1 follower', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Followers of bob' }).getByRole('link', { name: 'alice' }).waitFor();
    assert.equal(await bar.getByRole('button').count(), 0);
    await screenshot(page, 'profile-follow-visitor');
    assert.deepEqual(errors, []);
  });
});
