/** UI: a repository renamed and transferred to an organization from its settings, checked through the API; collaborators added. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { field, screenshot, signedInAt, uiFixture } from '../helpers/browser.ts';

describe('UI repository administration', () => {
  const ui = uiFixture();
  let token: string;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'old-name', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('POST', '/orgs', { auth: token, body: { username: 'acme' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'shared' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/admin/users', { auth: token, body: { username: 'carol', email: 'carol@example.com', password: 'carol-password-1', must_change_password: false } })).status, 201);
  });

  test('renames a repository, then transfers it to an organization', async () => {
    const { page, errors } = await signedInAt(ui.browser, ui.h, `/${ADMIN.username}/old-name/settings`);
    await field(page, 'Repository name').fill('new-name');
    await page.getByRole('button', { name: 'Rename repository' }).click();
    await page.waitForURL(`**/${ADMIN.username}/new-name/settings`);
    assert.equal((await ui.h.api('GET', `/repos/${ADMIN.username}/new-name`, { auth: token })).status, 200);
    await field(page, 'New owner').fill('acme');
    await screenshot(page, 'repo-transfer');
    await page.getByRole('button', { name: 'Transfer repository' }).click();
    await page.waitForURL('**/acme/new-name/settings');
    const moved = await ui.h.api('GET', '/repos/acme/new-name', { auth: token });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.owner.login, 'acme');
    assert.deepEqual(errors, []);
  });

  test('adds a collaborator; a later failed attempt shows its error without the earlier success', async () => {
    const { page, errors } = await signedInAt(ui.browser, ui.h, `/${ADMIN.username}/shared/settings/collaboration`);
    await field(page, 'User name').fill('carol');
    await page.getByRole('button', { name: 'Add collaborator' }).click();
    await page.getByRole('status').filter({ hasText: 'Added carol as a collaborator.' }).waitFor();
    await field(page, 'User name').fill('nobody-here');
    await page.getByRole('button', { name: 'Add collaborator' }).click();
    await page.getByText('The user nobody-here does not exist.').waitFor();
    assert.equal(await page.getByText('Added carol as a collaborator.').count(), 0);
    assert.deepEqual(errors, []);
  });
});
