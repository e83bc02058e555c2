/** UI: one's own password and profile, a password change required at sign-in, and an organization owner's repositories and teams. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN } from '../helpers/host.ts';
import { field, openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI people and organizations', () => {
  const ui = uiFixture();
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  const createUser = async (username: string, password: string, mustChange = false) => {
    const r = await ui.h.api('POST', '/admin/users', { auth, body: { username, email: `${username}@example.com`, password, must_change_password: mustChange } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  };
  /** Fills the sign-in form on the current page. */
  const signInForm = async (page: Page, user: string, password: string) => {
    await field(page, 'User name or email').fill(user);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  test('a user changes their own password; the old one is refused afterwards, the new one lets them in', async () => {
    await createUser('paula', 'paula-password-1');
    const { page, errors } = await signedIn(ui.browser, ui.h, 'paula', 'paula-password-1');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await field(page, 'Current password').fill('paula-password-1');
    await field(page, 'New password').fill('paula-new-password-2');
    await field(page, 'Confirm new password').fill('paula-other-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.field-error').getByText(/two new passwords differ/).waitFor();
    assert.equal(await field(page, 'Confirm new password').getAttribute('aria-invalid'), 'true');
    await field(page, 'Confirm new password').fill('paula-new-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Your password was changed/).waitFor();
    await screenshot(page, 'people-password-changed');
    // The session this was done from stays open: another page still loads.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' }).click();
    await field(page, 'Full name').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signInForm(page, 'paula', 'paula-password-1');
    await page.getByRole('alert').first().waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Repositories', level: 1 }).count(), 0);
    await screenshot(page, 'people-old-password-refused');
    await signInForm(page, 'paula', 'paula-new-password-2');
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('a user who must change the password is sent to the password form and gets in after changing it', async () => {
    await createUser('mia', 'mia-first-password-1', true);
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/repo/create');
    await signInForm(page, 'mia', 'mia-first-password-1');
    await page.getByText(/asked you to choose a new password/).waitFor();
    assert.equal(new URL(page.url()).pathname, '/user/settings/account');
    await screenshot(page, 'people-must-change-password');
    // The top bar offers only what can be used meanwhile: signing out.
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Repositories' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'New repository' }).count(), 0);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    // Nothing else opens until the password is changed: any address comes back to the form.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/user/settings/account');
    await page.getByText(/asked you to choose a new password/).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Repositories', level: 1 }).count(), 0);
    assert.equal((await ui.h.api('GET', '/user/settings', { auth: ['mia', 'mia-first-password-1'] })).status, 403);

    await field(page, 'Current password').fill('mia-first-password-1');
    await field(page, 'New password').fill('mia-chosen-password-2');
    await field(page, 'Confirm new password').fill('mia-chosen-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/You can now use Homeforge/).waitFor();
    await page.getByRole('link', { name: 'Repositories' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.equal((await ui.h.api('GET', '/user/settings', { auth: ['mia', 'mia-chosen-password-2'] })).status, 200);
    assert.deepEqual(errors, []);
  });

  test('an organization owner who is not a site administrator creates a repository in it and gives it to a team', async () => {
    await createUser('olive', 'olive-password-1');
    const made = await ui.h.api('POST', '/orgs', { auth: ['olive', 'olive-password-1'], body: { username: 'olive-org' } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { page, errors } = await signedIn(ui.browser, ui.h, 'olive', 'olive-password-1');
    await page.goto('/olive-org');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'New repository' }).click();
    await field(page, 'Repository name').waitFor();
    assert.equal(await field(page, 'Owner').inputValue(), 'olive-org');
    await field(page, 'Repository name').fill('tools');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await main.getByRole('list', { name: 'Repositories of olive-org' }).getByRole('link', { name: 'tools' }).waitFor();
    assert.equal((await ui.h.api('GET', '/repos/olive-org/tools', { auth })).status, 200);
    await screenshot(page, 'people-org-repositories');

    await main.getByRole('link', { name: 'Teams' }).click();
    await field(page, 'Team name').fill('builders');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByText('Created the team builders.').waitFor();
    const picker = page.getByLabel('Repository to give to builders');
    await picker.locator('option', { hasText: 'tools' }).waitFor({ state: 'attached' });
    await picker.selectOption('tools');
    await page.getByRole('button', { name: 'Add repository' }).click();
    await page.getByRole('list', { name: 'Repositories of builders' }).getByText('tools').waitFor();
    await screenshot(page, 'people-org-team-repository');
    const teams = (await ui.h.api('GET', '/orgs/olive-org/teams', { auth })).body as { id: number; name: string }[];
    const builders = teams.find((t) => t.name === 'builders')!;
    const repos = async () => ((await ui.h.api('GET', `/teams/${builders.id}/repos`, { auth })).body as { name: string }[]).map((r) => r.name);
    assert.deepEqual(await repos(), ['tools']);

    await page.getByRole('button', { name: 'Remove tools from builders' }).click();
    await page.getByRole('list', { name: 'Repositories of builders' }).getByText('No repositories yet.').waitFor();
    assert.deepEqual(await repos(), []);
    assert.deepEqual(errors, []);
  });

  test('the server refusing a too-long full name shows its words beside the field', async () => {
    await createUser('fred', 'fred-password-1');
    const { page, errors } = await signedIn(ui.browser, ui.h, 'fred', 'fred-password-1');
    await page.goto('/user/settings');
    const name = field(page, 'Full name');
    assert.equal(await name.getAttribute('maxlength'), '100');
    // The browser's own limit is taken away so that the host's check is the one that answers.
    await name.evaluate((el) => el.removeAttribute('maxlength'));
    await name.fill('F'.repeat(101));
    await page.getByRole('button', { name: 'Save profile' }).click();
    const error = page.locator('.field-error');
    await error.first().waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    const text = await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).innerText();
    assert.match(text, /100/);
    await screenshot(page, 'people-field-error');
    const saved = (await ui.h.api('GET', '/user/settings', { auth: ['fred', 'fred-password-1'] })).body as { full_name: string };
    assert.equal(saved.full_name, '');

    await name.fill('Fred Field');
    await field(page, 'Location').fill('Lisbon');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved your profile.').waitFor();
    const after = (await ui.h.api('GET', '/user/settings', { auth: ['fred', 'fred-password-1'] })).body as { full_name: string; location: string };
    assert.deepEqual([after.full_name, after.location], ['Fred Field', 'Lisbon']);
    assert.deepEqual(errors, []);
  });

  test('an address already added is refused in its own spelling; a member who is no owner is told the teams page is for owners', async () => {
    await createUser('gwen', 'gwen-password-1');
    const gwen: [string, string] = ['gwen', 'gwen-password-1'];
    const { page, errors } = await signedIn(ui.browser, ui.h, ...gwen);
    await page.goto('/user/settings/account');
    for (let i = 0; i < 2; i++) {
      await field(page, 'New email address').fill('gwen.two@example.com');
      await page.getByRole('button', { name: 'Add email address' }).click();
      if (i === 0) await page.getByRole('list', { name: 'Email addresses' }).getByText('gwen.two@example.com').waitFor();
    }
    await page.locator('.field-error').getByText('gwen.two@example.com is already one of your addresses.', { exact: true }).waitFor();
    // The two actions of an address stay together at the end of its row.
    const row = page.getByRole('list', { name: 'Email addresses' }).getByRole('listitem').filter({ hasText: 'gwen.two@example.com' });
    const primary = await row.getByRole('button', { name: 'Make gwen.two@example.com primary' }).boundingBox();
    const remove = await row.getByRole('button', { name: 'Delete gwen.two@example.com' }).boundingBox();
    assert.ok(primary && remove && remove.x - (primary.x + primary.width) < 24, 'Make primary sits next to Delete');

    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'gwen-club' } })).status, 201);
    const teams = (await ui.h.api('GET', '/orgs/gwen-club/teams', { auth })).body as { id: number; name: string }[];
    const made = await ui.h.api('POST', '/orgs/gwen-club/teams', { auth, body: { name: 'readers', permission: 'read', units: ['repo.code'] } });
    assert.equal(made.status, 201);
    assert.equal((await ui.h.api('PUT', `/teams/${(made.body as { id: number }).id}/members/gwen`, { auth })).status, 204);
    assert.ok(teams.some((t) => t.name === 'Owners'));
    await page.goto('/org/gwen-club/teams');
    await page.getByText('Only the owners of gwen-club and site administrators manage its teams.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Create team' }).count(), 0);

    assert.equal((await ui.h.api('POST', '/orgs/gwen-club/repos', { auth, body: { name: 'only-one' } })).status, 201);
    await page.goto('/gwen-club');
    await page.getByText('1 repository', { exact: true }).waitFor();
    await page.goto('/nobody-by-this-name');
    await page.getByText('There is no user or organization called nobody-by-this-name that you can see.').waitFor();
    await screenshot(page, 'people-missing-owner');
    assert.deepEqual(errors, []);
  });
});
