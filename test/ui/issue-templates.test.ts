/**
 * UI: New issue in a repository with a markdown template and an issue form: the choice of templates with the contact
 * link and no blank issue, the admin's list of invalid files, the markdown template filling title, body and label,
 * and the form's fields (a required checkbox checked before submit) making the body Gitea makes.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { BROKEN_YAML, BUG_MD, CONFIG_YAML, FORM_YAML } from '../issue-templates/fixture.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI issue templates', () => {
  const ui = uiFixture();
  before(async () => {
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'tpl', auto_init: true } }), 201);
    for (const name of ['bug', 'feature']) await ok(ui.h.api('POST', '/repos/root/tpl/labels', { auth, body: { name, color: '#d73a4a' } }), 201);
    const files = { 'bug.md': BUG_MD, 'feature.yaml': FORM_YAML, 'broken.yaml': BROKEN_YAML, 'config.yaml': CONFIG_YAML };
    for (const [name, text] of Object.entries(files)) {
      await ok(ui.h.api('POST', `/repos/root/tpl/contents/.gitea/ISSUE_TEMPLATE/${name}`, { auth, body: { content: Buffer.from(text).toString('base64'), message: `add ${name}` } }), 201);
    }
  });

  test('choose a template, fill the markdown one and the form, and create issues with the expected bodies', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/tpl/issues/new');
    const choose = page.getByRole('region', { name: 'New issue' });
    await choose.getByText('Something is broken').waitFor();
    await choose.getByText('Ask for something new').waitFor();
    await choose.getByRole('link', { name: 'Open' }).waitFor();
    assert.equal(await choose.getByRole('link', { name: 'Open a blank issue' }).count(), 0);
    await choose.getByText(/broken\.yaml/).waitFor();
    await screenshot(page, 'issue-templates-choose');

    // the markdown template: title, body and its label filled in
    await choose.getByRole('link', { name: 'Get started: Bug report' }).click();
    await page.getByRole('heading', { name: 'New issue: Bug report' }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), '[bug] ');
    assert.equal(await field(page, 'Description').inputValue(), '## Steps\n\n1.\n');
    await page.getByLabel('bug', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name=labels]')?.checked === true);
    await field(page, 'Title').fill('[bug] It crashes');
    await page.getByRole('button', { name: 'Create issue' }).click();
    await page.getByRole('heading', { name: /It crashes/ }).waitFor();
    const bug = await ok(ui.h.api('GET', '/repos/root/tpl/issues/1', { auth }), 200);
    assert.equal(bug.body, '## Steps\n\n1.\n');
    assert.deepEqual(bug.labels.map((l: { name: string }) => l.name), ['bug']);

    // the form: fields rendered, the required checkbox stops the first submit
    await page.goto('/root/tpl/issues/new?template=.gitea%2FISSUE_TEMPLATE%2Ffeature.yaml');
    await page.getByRole('heading', { name: 'New issue: Feature request' }).waitFor();
    await page.getByText('Thanks for asking.').waitFor();
    await field(page, 'Title').fill('[feature] Dark mode');
    await field(page, 'Summary').fill('Add dark mode');
    await field(page, 'Details').fill('More words');
    await field(page, 'Area').selectOption({ label: 'UI' });
    await page.getByRole('button', { name: 'Create issue' }).click();
    const searched = field(page, 'I searched the issues');
    assert.equal(await searched.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
    assert.equal(new URL(page.url()).pathname, '/root/tpl/issues/new');
    await searched.check();
    await screenshot(page, 'issue-templates-form');
    await page.getByRole('button', { name: 'Create issue' }).click();
    await page.getByRole('heading', { name: /Dark mode/ }).waitFor();
    const feature = await ok(ui.h.api('GET', '/repos/root/tpl/issues/2', { auth }), 200);
    assert.equal(feature.title, '[feature] Dark mode');
    assert.equal(feature.body, '### Summary\n\nAdd dark mode\n\n### Details\n\n```text\nMore words\n```\n\n### Area\n\nUI\n\n### Checks\n\n- [x] I searched the issues\n- [ ] I can help\n\n');
    assert.deepEqual(feature.labels.map((l: { name: string }) => l.name), ['feature']);
    assert.deepEqual(errors, []);
  });
});
