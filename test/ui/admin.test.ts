/** UI: site administration (create local and LDAP users, edit, last-admin refusal, delete) and access tokens. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN, createToken, request } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, signedInAt, uiFixture } from '../helpers/browser.ts';

const row = (page: Page, login: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${login}\\b`) }) });

describe('UI site administration', () => {
  const ui = uiFixture();

  test('creates a local user, makes them admin, and refuses to demote the last admin', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.getByRole('link', { name: 'Site administration' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New user' }).first().click();

    // Nothing filled in: the browser itself stops the form at the first required field.
    await page.getByRole('button', { name: 'Create user' }).click();
    assert.equal(await field(page, 'User name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing), true);
    assert.match(page.url(), /\/-\/admin\/users\/new$/, 'the form was not sent');

    await field(page, 'User name').fill('alice');
    await field(page, 'Email address').fill('alice@example.com');
    await field(page, 'Full name').fill('Alice Liddell');
    // Past the browser's own length check (as an old browser would be), the form's check answers in words.
    await field(page, 'Password').evaluate((el) => el.removeAttribute('minlength'));
    await field(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Use at least 8 characters.').first().waitFor();
    assert.equal(await field(page, 'Password').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'admin-user-new-error');

    await field(page, 'Password').fill('alice-password-1');
    await field(page, 'Administrator of this host').check();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Created the account alice.').waitFor();
    await row(page, 'alice').getByText('admin', { exact: true }).waitFor();
    const alice = await ui.h.api('GET', '/user', { auth: ['alice', 'alice-password-1'] });
    assert.equal(alice.status, 200);
    assert.equal(alice.body.is_admin, true);
    assert.equal(alice.body.full_name, 'Alice Liddell');

    await page.getByRole('link', { name: 'Edit alice' }).click();
    await field(page, 'Administrator of this host').uncheck();
    await field(page, 'Prohibit sign-in').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved the changes to alice.').waitFor();
    assert.equal((await ui.h.api('GET', '/user', { auth: ['alice', 'alice-password-1'] })).status, 403);

    // root is now the only admin: removing its admin flag is refused, in words, beside the checkbox.
    await page.goto('/-/admin/users/root/edit');
    await field(page, 'Administrator of this host').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/cannot remove the last admin/).first().waitFor();
    await screenshot(page, 'admin-last-admin');
    assert.equal((await ui.h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] })).body.is_admin, true);
    assert.deepEqual(errors, []);
  });

  test('creates an LDAP user with a source and no password, then deletes it with purge', async () => {
    const token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    const source = await request(ui.h.url, 'POST', '/api/homeforge/admin/auth-sources', {
      auth: token,
      body: { type: 'ldap', name: 'office', security_protocol: 'unencrypted', host: '127.0.0.1', port: 1, user_search_base: 'ou=people,dc=example,dc=org', user_filter: '(uid=%s)', email_attribute: 'mail', username_attribute: 'uid' },
    });
    assert.equal(source.status, 201, source.text);

    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/users/new');
    await field(page, 'User name').fill('ldapbob');
    await field(page, 'Email address').fill('bob@example.org');
    await page.getByLabel('Through LDAP (an authentication source)').check();
    await field(page, 'Authentication source').selectOption({ label: 'office (ldap)' });
    await field(page, 'LDAP login name').fill('bob');
    await screenshot(page, 'admin-user-new-ldap');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Created the account ldapbob.').waitFor();
    // A second account with the same address: the refusal stands beside the address, not beside the name.
    await page.goto('/-/admin/users/new');
    await field(page, 'User name').fill('ldapbob2');
    await field(page, 'Email address').fill('bob@example.org');
    await page.getByLabel('Through LDAP (an authentication source)').check();
    await field(page, 'Authentication source').selectOption({ label: 'office (ldap)' });
    await field(page, 'LDAP login name').fill('bob2');
    await page.getByRole('button', { name: 'Create user' }).click();
    assert.equal(await errorBeside(field(page, 'Email address')), 'bob@example.org is already used by another account.');
    await page.goto('/-/admin/users');
    await row(page, 'ldapbob').getByText(`LDAP source ${source.body.id}`).waitFor();
    await screenshot(page, 'admin-users');
    const bob = await ui.h.api('GET', '/users/ldapbob', { auth: token });
    assert.equal(bob.body.source_id, source.body.id);
    assert.equal(bob.body.login_name, 'bob');

    await row(page, 'ldapbob').getByRole('button', { name: 'Delete ldapbob' }).click();
    await page.getByLabel('Also delete their repositories and everything else they own').check();
    await page.getByRole('button', { name: 'Delete ldapbob' }).click();
    await page.getByText('Deleted the account ldapbob.').waitFor();
    assert.equal((await ui.h.api('GET', '/users/ldapbob', { auth: token })).status, 404);

    // The signed-in admin is not offered to delete themself (the API refuses it).
    assert.equal(await row(page, 'root').getByRole('button', { name: 'Delete root' }).count(), 0);
    await screenshot(page, 'admin-users-after-delete');
    assert.deepEqual(errors, []);
  });

  test('tokens: creates one shown once, lists and deletes it; also for another account', async () => {
    await ui.h.api('POST', '/admin/users', { auth: [ADMIN.username, ADMIN.password], body: { username: 'carol', email: 'carol@example.com', password: 'carol-password-1', must_change_password: false } });
    const { page, errors } = await signedIn(ui.browser, ui.h);
    // Settings opens the profile; tokens are under Applications, as in Gitea.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.goto('/user/settings/applications');
    await page.getByRole('heading', { name: 'Existing tokens' }).waitFor();

    await field(page, 'Token name').fill('laptop');
    await page.getByLabel('Repositories and git').selectOption('read');
    await page.getByLabel('User account').selectOption('write');
    // Gitea's US spelling, as everywhere else in the UI.
    assert.equal(await page.getByLabel('Organizations', { exact: true }).count(), 1);
    await page.getByRole('button', { name: 'Create token' }).click();
    const value = await page.getByRole('textbox', { name: 'value of the token laptop' }).inputValue();
    assert.match(value, /^[0-9a-f]{40}$/);
    await page.getByRole('rowheader', { name: 'laptop' }).waitFor();
    await screenshot(page, 'tokens');
    const me = await ui.h.api('GET', '/user', { auth: value });
    assert.equal(me.status, 200);
    assert.equal(me.body.login, ADMIN.username);

    await page.getByRole('button', { name: 'Delete the token laptop' }).click();
    await page.getByRole('button', { name: 'Delete token' }).click();
    await page.getByText('Deleted the token “laptop”.').waitFor();
    assert.equal((await ui.h.api('GET', '/user', { auth: value })).status, 401);

    await page.goto('/-/admin/users/carol/tokens');
    await page.getByRole('heading', { name: 'New token for carol' }).waitFor();
    await field(page, 'Token name').fill('carol-ci');
    await page.getByRole('button', { name: 'Create token' }).click();
    const carolToken = await page.getByRole('textbox', { name: 'value of the token carol-ci' }).inputValue();
    assert.equal((await ui.h.api('GET', '/user', { auth: carolToken })).body.login, 'carol');
    await field(page, 'Token name').fill('carol-ci');
    await page.getByRole('button', { name: 'Create token' }).click();
    assert.equal(await errorBeside(field(page, 'Token name')), 'There is already a token called carol-ci.');
    await screenshot(page, 'tokens-other-account');
    assert.deepEqual(errors, []);
  });

  test('a user who is not an admin sees no site administration', async () => {
    await ui.h.api('POST', '/admin/users', { auth: [ADMIN.username, ADMIN.password], body: { username: 'dave', email: 'dave@example.com', password: 'dave-password-1', must_change_password: false } });
    const { page, errors } = await signedIn(ui.browser, ui.h, 'dave', 'dave-password-1');
    assert.equal(await page.getByRole('link', { name: 'Site administration' }).count(), 0);
    await page.goto('/-/admin/users');
    await page.getByText('This page is for site administrators.').waitFor();
    assert.deepEqual(errors, []);
  });

  test('the user list pages by 20 and searches by name', async () => {
    // Created side by side: each waits mostly on its password hash.
    await Promise.all(Array.from({ length: 21 }, async (_, i) => {
      const name = `member${String(i).padStart(2, '0')}`;
      const res = await ui.h.api('POST', '/admin/users', { auth: [ADMIN.username, ADMIN.password], body: { username: name, email: `${name}@example.com`, password: 'member-password-1' } });
      assert.equal(res.status, 201, res.text);
    }));
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/users');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText(/Page 1 of \d+/).waitFor();
    assert.equal(await page.getByRole('rowheader').count(), 20);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(/Page 2 of \d+/).waitFor();
    await page.getByRole('rowheader', { name: /^root/ }).waitFor();

    await page.getByRole('searchbox', { name: 'Search users' }).fill('member07');
    await page.getByRole('rowheader', { name: /^member07/ }).waitFor();
    assert.equal(await page.getByRole('rowheader').count(), 1);
    assert.equal(await pager.count(), 0);
    assert.deepEqual(errors, []);
  });
});
