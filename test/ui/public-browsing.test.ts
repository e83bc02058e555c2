/**
 * UI: a signed-out visitor browses a public repository and profile, but not a private one; with
 * `[service] REQUIRE_SIGNIN_VIEW` the API refuses anonymous reads as Gitea does and the UI asks to sign in.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ADMIN, startHost, type TestHost } from '../helpers/host.ts';
import { ensureRenderer, field, launchBrowser, openPage, screenshot } from '../helpers/browser.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

async function hostWithRepos(g: GitSandbox, settings: Record<string, string>): Promise<TestHost> {
  const h = await startHost({ settings });
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  assert.equal((await h.api('POST', '/user/repos', { auth, body: { name: 'open', description: 'For everyone' } })).status, 201);
  assert.equal((await h.api('POST', '/user/repos', { auth, body: { name: 'secret', private: true } })).status, 201);
  const work = path.join(g.dir, `open-${Date.now()}`);
  await makeRepo(g, work, { 'README.md': '# Open\n', 'docs/guide.txt': 'Read me.\n' });
  await g.ok(['push', '-q', withCredentials(`${h.url}/root/open.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: work });
  return h;
}

describe('UI for signed-out visitors', () => {
  let browser: Browser;
  let g: GitSandbox;
  let open: TestHost;
  let closed: TestHost;
  before(async () => {
    ensureRenderer();
    browser = await launchBrowser();
    g = await gitSandbox();
    open = await hostWithRepos(g, {});
    closed = await hostWithRepos(g, { 'service.REQUIRE_SIGNIN_VIEW': 'true' });
  });
  after(async () => {
    await browser?.close();
    await open?.stop();
    await closed?.stop();
    await g?.dispose();
  });

  test('browses a public repository and profile without signing in; a private one is not found', async () => {
    const { page, errors } = await openPage(browser, open.url);
    await page.goto('/root/open');
    await page.getByRole('link', { name: 'README.md' }).waitFor();
    await page.getByRole('link', { name: 'docs/' }).click();
    await page.getByRole('link', { name: 'guide.txt' }).click();
    assert.match(await page.getByRole('region', { name: 'guide.txt' }).innerText(), /Read me\./);
    assert.match(page.url(), /\/root\/open\/src\/branch\/main\/docs\/guide\.txt$/);
    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Commits' }).click();
    await page.getByRole('list', { name: 'Commits on main' }).getByText('first commit').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Settings' }).count(), 0, 'no settings for a visitor');
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'visitor-repo');

    await page.goto('/root');
    await page.getByRole('list', { name: 'Repositories of root' }).getByRole('link', { name: 'open' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'secret' }).count(), 0);
    await page.goto('/root/secret');
    await page.getByText('The repository root/secret does not exist.').waitFor();

    // Pages that are not public ask for the sign-in, and signing in there leads on.
    await page.goto('/root/open/settings');
    await field(page, 'User name or email').waitFor();
    await page.goto('/-/admin/users');
    await field(page, 'User name or email').fill(ADMIN.username);
    await field(page, 'Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('main').getByText('root@example.com').first().waitFor();
    assert.deepEqual(errors, []);
  });

  test('REQUIRE_SIGNIN_VIEW: the API refuses anonymous reads and the UI asks to sign in', async () => {
    const anon = await closed.api('GET', '/repos/root/open');
    assert.equal(anon.status, 403);
    assert.equal(anon.body.message, 'Only signed in user is allowed to call APIs.');
    assert.equal(typeof anon.body.url, 'string');
    assert.equal((await closed.api('GET', '/repos/search')).status, 403);
    assert.equal((await closed.api('GET', '/repos/root/open', { auth: [ADMIN.username, ADMIN.password] })).status, 200);
    const git = await fetch(`${closed.url}/root/open.git/info/refs?service=git-upload-pack`);
    assert.equal(git.status, 401, 'git reads need credentials too');
    await git.arrayBuffer();
    assert.equal((await open.api('GET', '/repos/root/open')).status, 200, 'without the setting anonymous reads of public repositories work');

    const { page, errors } = await openPage(browser, closed.url);
    await page.goto('/explore/repos');
    await page.getByText('This host requires you to sign in to view its pages.').waitFor();
    assert.equal(await page.getByRole('list', { name: 'Repositories' }).count(), 0, 'nor the explore pages');
    await page.goto('/root/open');
    await page.getByText('This host requires you to sign in to view its pages.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'README.md' }).count(), 0);
    await screenshot(page, 'visitor-refused');
    await field(page, 'User name or email').fill(ADMIN.username);
    await field(page, 'Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'README.md' }).waitFor();
    assert.deepEqual(errors.filter((e) => !/403/.test(e)), []);
  });
});
