/** UI: secrets and variables under repository, organization and user settings; values are write-only and never shown. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { createRequire } from 'node:module';
import { errorBeside, field, openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { secretsForRun, variablesForRun } from '../../server/services/actions/secrets-for-run.ts';

describe('UI actions secrets and variables', () => {
  const ui = uiFixture();
  const auth: [string, string] = [ADMIN.username, ADMIN.password];

  test('repository: adds, replaces and deletes a secret without ever showing its value; adds, edits and deletes a variable', async () => {
    const repo = await ui.h.api('POST', '/user/repos', { auth, body: { name: 'ci', auto_init: true } });
    assert.equal(repo.status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/ci');
    await page.getByRole('link', { name: 'Secrets and variables' }).click();
    await page.getByText('No secrets yet.').waitFor();

    await field(page, 'Name').fill('1bad');
    await field(page, 'Value').fill('x');
    await page.getByRole('button', { name: 'Save secret' }).click();
    assert.equal(await errorBeside(field(page, 'Name')), 'Use letters, digits and underscores; do not start with a digit.');

    const value = 'ui-secret-value-51ab';
    await field(page, 'Name').fill('deploy_token');
    await field(page, 'Value').fill(value);
    await field(page, 'Description').fill('for the deploy job');
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText('Added the secret DEPLOY_TOKEN.').waitFor();
    await page.getByRole('rowheader', { name: 'DEPLOY_TOKEN' }).waitFor();
    assert.equal(await field(page, 'Value').inputValue(), '', 'the form forgets the value once saved');
    assert.ok(!(await page.content()).includes(value), 'the page never holds the value');
    await screenshot(page, 'actions-secrets-repo');

    await field(page, 'Name').fill('DEPLOY_TOKEN');
    await field(page, 'Value').fill(`${value}-2`);
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText('Replaced the value of DEPLOY_TOKEN.').waitFor();
    assert.deepEqual(await secretsForRun(ui.h.app, repo.body.id), { DEPLOY_TOKEN: `${value}-2` });

    await page.getByRole('button', { name: 'Delete the secret DEPLOY_TOKEN' }).click();
    await page.getByRole('button', { name: 'Delete secret' }).click();
    await page.getByText('Deleted the secret DEPLOY_TOKEN.').waitFor();
    await page.getByText('No secrets yet.').waitFor();

    await page.getByRole('navigation', { name: 'Actions settings' }).getByRole('link', { name: 'Variables' }).click();
    await page.getByText('No variables yet.').waitFor();
    await field(page, 'Name').fill('region');
    await field(page, 'Value').fill('eu-west');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByText('Added the variable REGION.').waitFor();
    await page.getByRole('cell', { name: 'eu-west' }).waitFor();
    // A name that is taken is refused by the host, in words beside the name.
    await field(page, 'Name').fill('Region');
    await field(page, 'Value').fill('us-east');
    await page.getByRole('button', { name: 'Add variable' }).click();
    assert.equal(await errorBeside(field(page, 'Name')), 'There is already a variable called REGION.');
    await page.getByRole('button', { name: 'Edit the variable REGION' }).click();
    await field(page, 'Value').fill('ap-south');
    await page.getByRole('button', { name: 'Save variable' }).click();
    await page.getByText('Saved the variable REGION.').waitFor();
    await page.getByRole('cell', { name: 'ap-south' }).waitFor();
    assert.deepEqual(await variablesForRun(ui.h.app, repo.body.id), { REGION: 'ap-south' });
    await screenshot(page, 'actions-variables-repo');
    await page.getByRole('button', { name: 'Delete the variable REGION' }).click();
    await page.getByRole('button', { name: 'Delete variable' }).click();
    await page.getByText('No variables yet.').waitFor();
    assert.deepEqual(errors, []);
  });

  test('organization and user settings: secrets and variables of each level', async () => {
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'crew' } })).status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/org/crew/teams');
    await page.getByRole('link', { name: 'Secrets and variables' }).click();
    await page.getByRole('heading', { name: 'Add or replace a secret' }).waitFor();
    await field(page, 'Name').fill('ORG_KEY');
    await field(page, 'Value').fill('org-value-1\norg-value-2');
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByRole('rowheader', { name: 'ORG_KEY' }).waitFor();
    await screenshot(page, 'actions-secrets-org');
    const org = await ui.h.api('GET', '/orgs/crew/actions/secrets', { auth });
    assert.deepEqual(org.body.map((s: { name: string }) => s.name), ['ORG_KEY']);

    await page.goto('/user/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Secrets and variables' }).click();
    await page.getByRole('heading', { name: 'Add or replace a secret' }).waitFor();
    await field(page, 'Name').fill('ORG_KEY');
    await field(page, 'Value').fill('mine');
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText('Added the secret ORG_KEY.').waitFor();
    await page.getByRole('button', { name: 'Delete the secret ORG_KEY' }).click();
    await page.getByRole('button', { name: 'Delete secret' }).click();
    await page.getByText('Deleted the secret ORG_KEY.').waitFor();
    // The organization's secret of the same name is still there.
    assert.equal((await ui.h.api('GET', '/orgs/crew/actions/secrets', { auth })).body.length, 1);
    await page.getByRole('navigation', { name: 'Actions settings' }).getByRole('link', { name: 'Variables' }).click();
    // The secrets form has a Name field too: fill only once the variables page is drawn.
    await page.getByRole('heading', { name: 'Add a variable' }).waitFor();
    await field(page, 'Name').fill('GITEA_X');
    await field(page, 'Value').fill('v');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByText(/reserved/).first().waitFor();
    await field(page, 'Name').fill('USER_VAR');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByText('Added the variable USER_VAR.').waitFor();
    await screenshot(page, 'actions-variables-user');
    assert.deepEqual(errors, []);
  });

  test('axe-core finds no serious or critical violation on the secrets and variables pages', async () => {
    const token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    const { context, page } = await openPage(ui.browser, ui.h.url);
    await context.addInitScript({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    await context.addInitScript({ content: `sessionStorage.setItem('homeforge.token', ${JSON.stringify(token)});` });
    const found: string[] = [];
    for (const url of ['/root/ci/settings/actions/secrets', '/root/ci/settings/actions/variables', '/org/crew/settings/actions/secrets', '/org/crew/settings/actions/variables',
      '/user/settings/actions/secrets', '/user/settings/actions/variables']) {
      await page.goto(url);
      await page.locator('h1').first().waitFor();
      await page.getByRole('heading', { name: /^(Secrets|Variables)$/ }).waitFor();
      const violations = await page.evaluate(async () => {
        const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string | null }[] }> } };
        const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
        return (await w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact }));
      });
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${url}: ${v.id} (${v.impact})`);
    }
    await context.close();
    assert.deepEqual(found, []);
  });
});
