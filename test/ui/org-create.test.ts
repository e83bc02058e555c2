/** UI: a regular user creates an organization from the top bar (a taken name refused beside its field); one the host does not allow is told why. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, makeUser } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI new organization', () => {
  const ui = uiFixture();
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  let alice: string;
  before(async () => {
    alice = await makeUser(ui.h, 'alice');
    await makeUser(ui.h, 'carol');
    const patched = await ui.h.api('PATCH', '/admin/users/carol', { auth, body: { login_name: 'carol', source_id: 0, allow_create_organization: false } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'makers' } })).status, 201);
  });

  test('a user creates an organization; a taken name is shown beside the name field', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New organization' }).click();
    await page.getByRole('heading', { name: 'New organization', level: 1 }).waitFor();
    const name = field(page, 'Organization name');
    await name.fill('makers');
    await page.getByRole('button', { name: 'Create organization' }).click();
    assert.match(await errorBeside(name), /makers is taken/);
    await screenshot(page, 'org-create-taken');

    await name.fill('alice-works');
    await field(page, 'Full name').fill('Alice Works');
    await field(page, 'Description').fill('Things Alice makes');
    await field(page, 'Visibility').selectOption('limited');
    await field(page, 'Repository admins may change team access').check();
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL('**/alice-works');
    await page.getByRole('heading', { name: /Alice Works \(alice-works\)/, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Teams' }).waitFor();
    const org = await ui.h.api('GET', '/orgs/alice-works', { auth: alice });
    assert.equal(org.status, 200);
    assert.equal(org.body.description, 'Things Alice makes');
    assert.equal(org.body.visibility, 'limited');
    assert.equal(org.body.repo_admin_change_team_access, true);
    assert.deepEqual(errors, []);
  });

  test('a user the host does not allow to create organizations sees why instead of the form', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'carol', 'carol-password-1');
    await page.getByRole('main').getByRole('link', { name: 'New organization' }).click();
    await page.getByRole('heading', { name: 'You may not create organizations' }).waitFor();
    await page.getByText(/This host does not let your account create organizations/).waitFor();
    assert.equal(await field(page, 'Organization name').count(), 0, 'no form to fill in');
    await screenshot(page, 'org-create-refused');
    assert.deepEqual(errors, []);
  });
});
