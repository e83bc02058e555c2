/** UI: branch protection rules added, edited and deleted from the repository settings, checked through the API and a push. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI branch protection settings', () => {
  const ui = uiFixture();
  let token: string;
  const rules = async () => (await ui.h.api('GET', `/repos/${ADMIN.username}/ruled/branch_protections`, { auth: token })).body;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'ruled', auto_init: true } })).status, 201);
  });

  test('adds a rule, edits it, shows the API\'s refusal of a bad pattern, and deletes it', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/ruled`);
    await page.getByRole('link', { name: 'Branch rules' }).click();
    await page.getByText('No branch is protected.').waitFor();

    await field(page, 'Branch name or pattern').fill('main');
    await field(page, 'Required approvals').fill('2');
    await field(page, 'Dismiss stale approvals').check();
    await field(page, 'Protected file patterns').fill('*.lock');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Rule main added.').waitFor();
    const row = page.getByRole('row', { name: /main/ });
    await row.getByText(/2 approvals/).waitFor();
    let stored = await rules();
    assert.equal(stored.length, 1);
    assert.equal(stored[0].rule_name, 'main');
    assert.equal(stored[0].required_approvals, 2);
    assert.equal(stored[0].dismiss_stale_approvals, true);
    assert.equal(stored[0].enable_push, false);
    assert.equal(stored[0].protected_file_patterns, '*.lock');
    // The branch list now says main is protected.
    assert.equal((await ui.h.api('GET', `/repos/${ADMIN.username}/ruled/branches/main`, { auth: token })).body.protected, true);

    await page.getByRole('button', { name: 'Edit main' }).click();
    const form = page.getByRole('form', { name: 'Edit rule main' });
    await form.getByLabel('Pushing').selectOption('writers');
    await form.getByLabel('Ignore stale approvals').check();
    await form.getByLabel('Dismiss stale approvals').uncheck();
    await form.getByLabel('Protected file patterns', { exact: true }).fill('{broken');
    await form.getByRole('button', { name: 'Save rule' }).click();
    const patterns = form.getByLabel('Protected file patterns', { exact: true });
    assert.equal(await errorBeside(patterns), 'The pattern "{broken" is not a valid glob: missing closing }.');
    assert.equal(await form.getByRole('alert').count(), 0, 'the refusal is shown beside its field only');
    await form.getByLabel('Protected file patterns', { exact: true }).fill('');
    await screenshot(page, 'branch-rule-edit');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Rule main saved.').waitFor();
    stored = await rules();
    assert.equal(stored[0].enable_push, true);
    assert.equal(stored[0].ignore_stale_approvals, true);
    assert.equal(stored[0].dismiss_stale_approvals, false);
    assert.equal(stored[0].protected_file_patterns, '');
    await screenshot(page, 'branch-rules');

    // A second rule for the same branch is refused beside the name, in words.
    await field(page, 'Branch name or pattern').fill('main');
    await page.getByRole('button', { name: 'Add rule' }).click();
    assert.equal(await errorBeside(field(page, 'Branch name or pattern')), 'There is already a rule for main.');
    // Users who do not exist are named beside the list they were typed in.
    await page.getByRole('button', { name: 'Edit main' }).click();
    const edit = page.getByRole('form', { name: 'Edit rule main' });
    await edit.getByLabel('Users who may merge').fill('nobody-here');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    assert.equal(await errorBeside(edit.getByLabel('Users who may merge')), 'There is no user named nobody-here.');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete main' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Rule main deleted.').waitFor();
    assert.deepEqual(await rules(), []);
    assert.deepEqual(errors, []);
  });
});
