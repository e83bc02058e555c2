/** UI: create repositories from the form (SHA-1 with a README, SHA-256 empty) and list them with clone URLs. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN } from '../helpers/host.ts';
import { field, openPage, screenshot, uiFixture } from '../helpers/browser.ts';

// Asynchronous: the host runs in this process and must keep answering while git talks to it.
const git = async (args: string[]): Promise<string> =>
  (await promisify(execFile)('git', args, { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, timeout: 30_000 })).stdout;

describe('UI repositories', () => {
  const ui = uiFixture();
  let work: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'homeforge-ui-git-'));
  });
  after(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('creates repositories through the form, shows refusals beside the field, lists clone URLs that clone', async () => {
    const { context, page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await field(page, 'User name or email').fill(ADMIN.username);
    await field(page, 'Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'No repositories yet' }).waitFor();

    await page.getByRole('link', { name: 'Create a repository' }).click();
    await field(page, 'Repository name').fill('notes');
    await field(page, 'Description').fill('Things to remember');
    await field(page, 'Initialise with a README').check();
    await screenshot(page, 'repo-create');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.getByText('Created the repository root/notes.').waitFor();

    await page.getByRole('link', { name: 'New repository' }).first().click();
    await field(page, 'Repository name').fill('notes');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.getByText(/already exists/).first().waitFor();
    assert.equal(await field(page, 'Repository name').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'repo-create-error');

    await field(page, 'Repository name').fill('modern');
    await field(page, 'Private').check();
    await field(page, 'Object format').selectOption('sha256');
    await field(page, 'Default branch').fill('trunk');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.getByText('Created the repository root/modern.').waitFor();

    const list = page.getByRole('list', { name: 'Repositories' });
    await list.getByRole('link', { name: 'root/notes' }).waitFor();
    const modern = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'root/modern' }) });
    await modern.getByText('SHA-256').waitFor();
    await modern.getByText('private').waitFor();
    await screenshot(page, 'dashboard');

    const cloneUrl = `${ui.h.url}/root/notes.git`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.h.url });
    await page.getByRole('button', { name: 'Copy HTTP clone URL of root/notes' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), cloneUrl);
    const repo = await ui.h.api('GET', '/repos/root/modern', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(repo.body.object_format_name, 'sha256');
    assert.equal(repo.body.default_branch, 'trunk');
    assert.equal(repo.body.private, true);

    await git(['clone', '-q', cloneUrl, path.join(work, 'notes')]);
    assert.match(await git(['-C', path.join(work, 'notes'), 'ls-files']), /README\.md/);
    assert.deepEqual(errors, []);
  });
});
