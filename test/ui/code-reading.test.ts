/**
 * UI: reading code. The README rendered under the file list and a markdown file rendered (with its source a
 * click away), a highlighted source file with line numbers and a linked line, a commit page with its diff split
 * and unified, and a compare view, all from a repository pushed with the git CLI.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

const README = [
  '# Code reader', '', 'A repository for **reading** code.', '', '- [x] render markdown', '- [ ] take over the world', '',
  '| tool | use |', '|------|-----|', '| git | history |', '', 'See the [guide](docs/guide.md).', '',
  '<script>window.pwned = true</script>', '',
].join('\n');
const GUIDE = '# Guide\n\nStart with `npm start`.\n\n```ts\nconst port = 3000;\n```\n';
const APP = 'import { readFile } from "node:fs/promises";\n\n// the third line is linked\nexport async function main(): Promise<string> {\n  return readFile("x", "utf8");\n}\n';

describe('UI reading code', () => {
  const ui = uiFixture();
  let g: GitSandbox;
  let page: Page;
  let errors: string[];
  let second: string;

  before(async () => {
    g = await gitSandbox();
    const token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    const made = await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'code' } });
    assert.equal(made.status, 201, made.text);
    const work = path.join(g.dir, 'code');
    await makeRepo(g, work, { 'README.md': README, 'docs/guide.md': GUIDE, 'src/app.ts': APP });
    second = await commitFiles(g, work, { 'src/app.ts': APP.replace('"x"', '"config.json"'), 'src/extra.ts': 'export const extra = 1;\n' }, 'Read the config file\n\nAnd add an extra module.');
    await g.ok(['checkout', '-q', '-b', 'feature'], { cwd: work });
    await commitFiles(g, work, { 'docs/guide.md': `${GUIDE}\nMore words.\n` }, 'Expand the guide');
    const remote = withCredentials(`${ui.h.url}/${ADMIN.username}/code.git`, ADMIN.username, token);
    await g.ok(['push', '-q', remote, 'main', 'feature'], { cwd: work });
    ({ page, errors } = await signedIn(ui.browser, ui.h));
  });
  after(async () => {
    await g?.dispose();
  });

  test('the README is rendered under the file list, and a markdown file is rendered with its source a click away', async () => {
    await page.goto('/root/code');
    const readme = page.getByRole('region', { name: 'README.md' });
    await readme.getByRole('heading', { name: 'Code reader', level: 2 }).waitFor();
    await readme.getByRole('cell', { name: 'history' }).waitFor();
    assert.equal(await readme.locator('input[type=checkbox][checked]').count(), 1);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned), undefined);
    assert.equal(await readme.locator('script').count(), 0);
    await page.locator('summary', { hasText: 'Download archive' }).click();
    assert.equal(await page.getByRole('link', { name: 'ZIP' }).getAttribute('href'), '/root/code/archive/main.zip');
    assert.equal(await page.getByRole('link', { name: 'TAR.GZ' }).getAttribute('href'), '/root/code/archive/main.tar.gz');
    await screenshot(page, 'code-readme');

    await readme.getByRole('link', { name: 'guide' }).click();
    const file = page.getByRole('region', { name: 'guide.md' });
    await file.getByRole('heading', { name: 'Guide', level: 2, exact: true }).waitFor();
    assert.equal(await page.locator('h1').count(), 1);
    assert.ok(page.url().endsWith('/root/code/src/branch/main/docs/guide.md'), page.url());
    await file.locator('pre code .hljs-keyword').first().waitFor();
    await screenshot(page, 'code-markdown-file');
    await file.getByRole('button', { name: 'Source' }).click();
    await file.locator('#L1').getByText('# Guide').waitFor();
  });

  test('a source file is highlighted with line numbers, and #L3 marks and shows the third line', async () => {
    await page.goto('/root/code/src/branch/main/src/app.ts#L3');
    const file = page.getByRole('region', { name: 'app.ts' });
    await file.locator('tr.line-selected').waitFor();
    assert.equal(await file.locator('tr.line-selected').getAttribute('id'), 'L3');
    assert.match(await file.locator('tr.line-selected').innerText(), /the third line is linked/);
    // Highlighting runs after the plain lines are shown: wait for the third keyword.
    await file.locator('.hljs-keyword').nth(2).waitFor();
    assert.equal(await file.getByRole('link', { name: 'Line 6' }).innerText(), '6');
    assert.equal(await file.getByRole('link', { name: 'Raw' }).getAttribute('href'), '/root/code/raw/branch/main/src/app.ts');
    await screenshot(page, 'code-source-line');
    await file.getByRole('link', { name: 'Line 5' }).click();
    assert.equal(await file.locator('tr.line-selected').getAttribute('id'), 'L5');
    assert.ok(page.url().endsWith('#L5'));
  });

  test('a commit page shows the commit and its diff, split and unified; commit ids link to it', async () => {
    await page.goto('/root/code/commits');
    await page.locator(`a[href="/root/code/commit/${second}"]`).first().click();
    await page.getByRole('heading', { name: 'Read the config file' }).waitFor();
    assert.ok(page.url().endsWith(`/root/code/commit/${second}`));
    await page.getByText(second, { exact: true }).waitFor();
    await page.getByText('2 additions, 1 deletion', { exact: true }).waitFor();
    const diff = page.getByRole('region', { name: `Changes in ${second.slice(0, 10)}` });
    await diff.getByRole('button', { name: 'Split' }).click();
    await diff.locator('.d2h-file-side-diff').first().waitFor();
    assert.match(await diff.innerText(), /src\/extra\.ts/);
    assert.match(await diff.locator('.d2h-ins.d2h-change, .d2h-ins').filter({ hasText: 'config.json' }).first().innerText(), /readFile\("config\.json"/);
    await screenshot(page, 'code-commit-split');
    await diff.getByRole('button', { name: 'Unified' }).click();
    await diff.locator('.d2h-wrapper .d2h-file-diff').first().waitFor();
    assert.equal(await diff.locator('.d2h-file-side-diff').count(), 0);
    await screenshot(page, 'code-commit-unified');
  });

  test('the compare view lists the commits and the diff between two branches', async () => {
    await page.goto('/root/code/compare/main...feature');
    await page.getByText('1 commit.').waitFor();
    await page.getByRole('list', { name: 'Compared commits' }).getByText('Expand the guide').waitFor();
    const diff = page.getByRole('region', { name: 'Changes in main...feature' });
    await diff.locator('.d2h-file-wrapper').first().waitFor();
    assert.match(await diff.innerText(), /docs\/guide\.md/);
    assert.match(await diff.innerText(), /More words\./);
    await screenshot(page, 'code-compare');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'code-compare-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(errors, []);
  });
});
