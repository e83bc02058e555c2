/** UI: host settings (refusal beside the key, the override note, saved to app.ini), organizations and teams, login sources, mirrors. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN, request } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, signedInAt, uiFixture } from '../helpers/browser.ts';

describe('UI site administration areas', () => {
  // The mirror's source is this host on loopback, which migrations reach only when the owner allows it.
  const ui = uiFixture({ env: { HOMEFORGE__MIRROR__MIN_INTERVAL: '1m', HOMEFORGE__MIGRATIONS__ALLOW_LOCALNETWORKS: 'true' } });
  const auth: [string, string] = [ADMIN.username, ADMIN.password];

  test('host settings: a bad value is refused beside its field, a good one is applied and saved', async () => {
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/settings');
    await page.getByText(/Set by an environment variable/).first().waitFor();
    // Every setting has a label in words, not its app.ini key.
    await field(page, 'Run jobs with the built-in runner').waitFor();
    assert.equal(await page.getByRole('main').getByText('actions.BUILTIN_RUNNER', { exact: true }).count(), 0);
    await field(page, 'Webhook delivery timeout (seconds)').fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The host's refusal, from its structured error, beside the field.
    await page.locator('.field-error').getByText(/at least 1/).waitFor();
    assert.equal(await field(page, 'Webhook delivery timeout (seconds)').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'admin-settings-error');
    assert.equal(ui.h.app.settings.int('webhook.DELIVER_TIMEOUT'), 5);

    await field(page, 'Webhook delivery timeout (seconds)').fill('9');
    await field(page, 'Refuse tokens in the query string').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved the settings.').waitFor();
    assert.equal(ui.h.app.settings.int('webhook.DELIVER_TIMEOUT'), 9);
    assert.equal(ui.h.app.settings.bool('security.DISABLE_QUERY_AUTH_TOKEN'), true);
    const ini = await readFile(path.join(ui.h.dataDir, 'app.ini'), 'utf8');
    assert.match(ini, /\[webhook\]\nDELIVER_TIMEOUT = 9/);
    assert.match(ini, /\[security\]\nDISABLE_QUERY_AUTH_TOKEN = true/);
    await screenshot(page, 'admin-settings');
    assert.deepEqual(errors, []);
  });

  test('organizations: create one, add a team and a member', async () => {
    assert.equal((await ui.h.api('POST', '/admin/users', { auth, body: { username: 'carol', email: 'carol@example.com', password: 'carol-password-1', must_change_password: false } })).status, 201);
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/orgs');
    await page.getByText(/No organizations yet/).waitFor();
    await field(page, 'Organization name').fill('bad name!');
    await page.getByRole('button', { name: 'Create organization' }).click();
    assert.match(await errorBeside(field(page, 'Organization name')), /may only contain letters, numbers/);
    await field(page, 'Organization name').fill('makers');
    await field(page, 'Full name').fill('The Makers');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByText('Created the organization makers.').waitFor();
    await page.getByText('1 organization', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'makers' }).click();

    const teams = page.getByRole('list', { name: 'Teams' });
    await teams.getByRole('heading', { name: 'Owners' }).waitFor();
    await field(page, 'Team name').fill('builders');
    await field(page, 'Description').fill('People who build');
    await page.getByRole('button', { name: 'Create team' }).click();
    await teams.getByRole('heading', { name: 'builders' }).waitFor();
    await page.getByLabel('User to add to builders').fill('nobody-here');
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'builders' }) }).getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.getByLabel('User to add to builders').fill('carol');
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'builders' }) }).getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('list', { name: 'Members of builders' }).getByText('carol').waitFor();
    await screenshot(page, 'admin-org-teams');
    const orgTeams = await ui.h.api('GET', '/orgs/makers/teams', { auth });
    const builders = (orgTeams.body as { id: number; name: string }[]).find((t) => t.name === 'builders')!;
    const members = await ui.h.api('GET', `/teams/${builders.id}/members`, { auth });
    assert.deepEqual((members.body as { login: string }[]).map((m) => m.login), ['carol']);
    assert.deepEqual(errors, []);
  });

  test('login sources: add an LDAP source, turn it off, delete it', async () => {
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/auth-sources');
    await page.getByText(/No login sources/).waitFor();
    await field(page, 'Name').fill('office');
    await field(page, 'Host').fill('127.0.0.1');
    await field(page, 'Port').fill('70000');
    // The browser's own checks are set aside so that the host's answer is the one shown.
    assert.equal(await field(page, 'User search base').getAttribute('required'), '');
    await page.locator('form[aria-labelledby="add-source"]').evaluate((f) => { (f as HTMLFormElement).noValidate = true; });
    await page.getByRole('button', { name: 'Add source' }).click();
    // The host refuses the port; its field error shows beside the Port field.
    await page.locator('.field-error').first().waitFor();
    assert.equal(await field(page, 'Port').getAttribute('aria-invalid'), 'true');
    await field(page, 'Port').fill('1389');
    // A bind DN source needs its search base: the field says so, and the host's refusal lands beside it.
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.locator('.field-error').getByText('Fill in this field.').waitFor();
    assert.equal(await field(page, 'User search base').getAttribute('aria-invalid'), 'true');
    await field(page, 'User search base').fill('ou=people,dc=example,dc=org');
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByText('Added the source office.').waitFor();
    await page.getByRole('rowheader', { name: /^office/ }).waitFor();
    await screenshot(page, 'admin-login-sources');
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('office is off.').waitFor();
    await page.getByRole('button', { name: 'Delete office' }).click();
    await page.getByRole('button', { name: 'Delete source' }).click();
    await page.getByText('Deleted office.').waitFor();
    assert.equal((await ui.h.api('GET', '/user', { auth })).status, 200);
    assert.deepEqual(errors, []);
  });

  test('mirrors: import as a mirror, then its state, schedule (refusal beside the field) and sync now', async () => {
    const source = await ui.h.api('POST', '/user/repos', { auth, body: { name: 'upstream', auto_init: true, readme: 'Default' } });
    assert.equal(source.status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.getByRole('link', { name: 'Import or mirror' }).click();
    await field(page, 'Clone address').fill(source.body.clone_url);
    await field(page, 'Repository name').fill('copy');
    await field(page, 'Sync interval').fill('1h');
    await page.getByRole('button', { name: 'Create mirror' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('mirror').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'README.md' }).waitFor();

    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Mirror' }).click();
    await page.getByText(source.body.clone_url).waitFor();
    await field(page, 'Sync interval').fill('5s');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.locator('.field-error').first().waitFor();
    await field(page, 'Sync interval').fill('2h');
    await field(page, 'Prune').check();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Saved the schedule.').waitFor();
    const repo = await ui.h.api('GET', '/repos/root/copy', { auth });
    assert.equal(repo.body.mirror_interval, '2h0m0s');
    const state = await request(ui.h.url, 'GET', '/api/homeforge/repos/root/copy/mirror', { auth });
    assert.equal(state.body.enable_prune, true);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('The mirror is up to date.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'repo-mirror');
    assert.deepEqual(errors, []);
  });

  test('import into an organization chosen as the owner', async () => {
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'importers' } })).status, 201);
    const source = await ui.h.api('POST', '/user/repos', { auth, body: { name: 'upstream2', auto_init: true, readme: 'Default' } });
    assert.equal(source.status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.getByRole('link', { name: 'Import or mirror' }).click();
    await field(page, 'Owner').selectOption('importers');
    await field(page, 'Clone address').fill(source.body.clone_url);
    await field(page, 'Keep it as a mirror').uncheck();
    await page.getByRole('button', { name: 'Import repository' }).click();
    await page.waitForURL(/\/importers\/upstream2$/, { timeout: 30_000 });
    await page.getByRole('link', { name: 'README.md' }).waitFor();
    const repo = await ui.h.api('GET', '/repos/importers/upstream2', { auth });
    assert.equal(repo.status, 200);
    assert.equal(repo.body.mirror, false);
    assert.deepEqual(errors, []);
  });
});
