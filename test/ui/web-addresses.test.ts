/**
 * UI: every Gitea web address opens its page, including the `html_url`, `compare_url` and commit `url` a push
 * webhook delivers and the `html_url` of the issue and pull request webhooks; the commit list keeps its page over a reload; the host serves the page for web addresses but
 * not for API, git or asset paths.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

interface PushPayload { compare_url: string; repository: { html_url: string }; commits: { id: string; url: string }[]; sender: { html_url: string } }
interface Delivered extends Partial<PushPayload> { action?: string; issue?: { html_url: string }; pull_request?: { html_url: string } }

/** A loopback receiver that keeps the JSON bodies of the deliveries. */
async function receiver(): Promise<{ url: string; got: Delivered[]; close(): Promise<void> }> {
  const got: Delivered[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      got.push(JSON.parse(body) as Delivered);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens `url` and waits for `text` in the main region. */
async function opens(page: Page, url: string, text: string | RegExp): Promise<void> {
  await page.goto(url);
  await page.locator('main').getByText(text).first().waitFor();
}

describe('UI at Gitea web addresses', () => {
  const ui = uiFixture({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  let g: GitSandbox;
  let target: Awaited<ReturnType<typeof receiver>>;
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  let first = '';
  let head = '';
  let payload: PushPayload;
  let issueUrl = '';
  let pullUrl = '';

  before(async () => {
    g = await gitSandbox();
    target = await receiver();
    assert.equal((await ui.h.api('POST', '/user/repos', { auth, body: { name: 'atlas', description: 'Maps' } })).status, 201);
    const work = path.join(g.dir, 'atlas');
    const remote = withCredentials(`${ui.h.url}/root/atlas.git`, ADMIN.username, ADMIN.password);
    first = await makeRepo(g, work, { 'README.md': '# Atlas\n', 'maps/north.txt': 'Cold up here.\n' });
    for (let i = 1; i <= 33; i++) await g.ok(['commit', '-q', '--allow-empty', '-m', `Survey ${i}`], { cwd: work });
    await g.ok(['push', '-q', remote, 'main'], { cwd: work });
    await g.ok(['tag', 'v1'], { cwd: work });
    await g.ok(['push', '-q', remote, 'v1'], { cwd: work });
    const hook = await ui.h.api('POST', '/repos/root/atlas/hooks', { auth, body: { type: 'gitea', active: true, events: ['push', 'issues', 'pull_request'], config: { url: target.url, content_type: 'json' } } });
    assert.equal(hook.status, 201);
    await commitFiles(g, work, { 'maps/south.txt': 'Warm down here.\n' }, 'Add the south map');
    head = await commitFiles(g, work, { 'maps/east.txt': 'Sunrise.\n' }, 'Add the east map');
    await g.ok(['push', '-q', remote, 'main'], { cwd: work });
    await until(() => target.got.some((d) => d.commits), 'the push delivery');
    payload = target.got.find((d) => d.commits) as PushPayload;
    // An issue, a pull request from a pushed branch and a release, each with its own web address.
    assert.equal((await ui.h.api('POST', '/repos/root/atlas/issues', { auth, body: { title: 'Chart the west coast' } })).status, 201);
    await g.ok(['checkout', '-q', '-b', 'west'], { cwd: work });
    await commitFiles(g, work, { 'maps/west.txt': 'Sunset.\n' }, 'Add the west map');
    await g.ok(['push', '-q', remote, 'west'], { cwd: work });
    assert.equal((await ui.h.api('POST', '/repos/root/atlas/pulls', { auth, body: { head: 'west', base: 'main', title: 'Map the west' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/repos/root/atlas/releases', { auth, body: { tag_name: 'v1', name: 'First survey' } })).status, 201);
    await until(() => target.got.some((d) => d.issue && d.action === 'opened') && target.got.some((d) => d.pull_request && d.action === 'opened'), 'the issue and pull request deliveries');
    issueUrl = target.got.find((d) => d.issue && d.action === 'opened')!.issue!.html_url;
    pullUrl = target.got.find((d) => d.pull_request && d.action === 'opened')!.pull_request!.html_url;
  });
  after(async () => {
    await g?.dispose();
    await target?.close();
  });

  test('the links a push webhook hands out open their pages', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    assert.equal(payload.repository.html_url, `${ui.h.url}/root/atlas`);
    assert.match(payload.compare_url, /\/root\/atlas\/compare\/[0-9a-f]+\.\.\.[0-9a-f]+$/);

    await opens(page, payload.repository.html_url, 'README.md');
    await opens(page, payload.compare_url, /^2 commits\.$/);
    const compared = page.getByRole('list', { name: 'Compared commits' });
    await compared.getByText('Add the east map').waitFor();
    await compared.getByText('Add the south map').waitFor();
    assert.equal(await compared.getByRole('listitem').count(), 2);
    await screenshot(page, 'compare');

    const east = payload.commits.find((c) => c.id === head)!;
    await opens(page, east.url, 'Add the east map');
    await page.getByRole('list', { name: 'Changed files' }).getByText('maps/east.txt').waitFor();
    await screenshot(page, 'commit');
    await opens(page, payload.sender.html_url, /Repositories/);
    await page.getByRole('list', { name: 'Repositories of root' }).getByRole('link', { name: 'atlas' }).waitFor();
    assert.equal(issueUrl, `${ui.h.url}/root/atlas/issues/1`);
    await opens(page, issueUrl, 'Chart the west coast');
    await screenshot(page, 'web-address-issue');
    assert.equal(pullUrl, `${ui.h.url}/root/atlas/pulls/2`);
    await opens(page, pullUrl, 'Map the west');
    await screenshot(page, 'web-address-pull');
    assert.deepEqual(errors, []);
  });

  test('each repository address opens its page', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await opens(page, '/root/atlas/src/branch/main/maps', 'north.txt');
    await opens(page, '/root/atlas/src/branch/main/maps/east.txt', 'Sunrise.');
    await opens(page, '/root/atlas/src/tag/v1/maps', 'north.txt');
    assert.equal(await page.getByRole('link', { name: 'south.txt' }).count(), 0, 'v1 was tagged before the south map');
    await opens(page, `/root/atlas/src/commit/${first}/README.md`, 'Atlas');
    await opens(page, '/root/atlas/commits/branch/main', 'Add the east map');
    await opens(page, '/root/atlas/commits/tag/v1', 'Survey 33');
    await opens(page, '/root/atlas/branches', 'default');
    await opens(page, '/root/atlas/tags', 'v1');
    await opens(page, '/root/atlas/releases', 'First survey');
    await opens(page, '/root/atlas/releases/tag/v1', 'First survey');
    await opens(page, '/root/atlas/settings', 'Save settings');
    await opens(page, '/root/atlas/settings/hooks', target.url);
    await page.getByRole('link', { name: target.url }).click();
    await page.waitForURL(/\/root\/atlas\/settings\/hooks\/\d+$/);
    await page.locator('main').getByText('Recent deliveries').first().waitFor();
    await opens(page, '/root/atlas/issues', 'Chart the west coast');
    await opens(page, '/root/atlas/issues/1', 'Chart the west coast');
    await opens(page, '/root/atlas/pulls', 'Map the west');
    await opens(page, '/root/atlas/pulls/2', 'Map the west');
    await opens(page, '/root/atlas/compare/main...west', 'Add the west map');
    await opens(page, '/-/admin', 'root@example.com');
    await opens(page, '/user/settings', 'Access tokens');
    await page.goto('/user/login?redirect_to=%2Froot%2Fatlas%2Ftags');
    await page.waitForURL(/\/root\/atlas\/tags$/);
    await opens(page, '/root/atlas/no/such/page', 'There is no page at this address.');
    assert.deepEqual(errors, []);
  });

  test('the commit list keeps its page in the address, over a reload', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/atlas/commits/branch/main');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText('Page 1 of 2, of 36 commits').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/root\/atlas\/commits\/branch\/main\?page=2$/);
    await pager.getByText('Page 2 of 2, of 36 commits').waitFor();
    await page.getByRole('list', { name: 'Commits on main' }).getByText('first commit').waitFor();
    await page.reload();
    await pager.getByText('Page 2 of 2, of 36 commits').waitFor();
    await page.getByRole('list', { name: 'Commits on main' }).getByText('first commit').waitFor();
    assert.equal(await page.getByRole('list', { name: 'Commits on main' }).getByRole('listitem').count(), 6);
    await screenshot(page, 'commits-page-2');
    assert.deepEqual(errors, []);
  });

  test('the host answers web addresses with the page, and leaves API, git and asset paths alone', async () => {
    const html = { Accept: 'text/html,application/xhtml+xml' };
    for (const p of ['/root/atlas', '/root/atlas/src/branch/main/maps', '/root/atlas/compare/a...b', '/-/admin/users', '/user/login', '/root']) {
      const res = await fetch(`${ui.h.url}${p}`, { headers: html });
      assert.equal(res.status, 200, p);
      assert.match(await res.text(), /<div id="root">/, p);
    }
    const api = await fetch(`${ui.h.url}/api/v1/no/such/route`, { headers: html });
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /json/);
    const refs = await fetch(`${ui.h.url}/root/atlas.git/info/refs?service=git-upload-pack`, { headers: { ...html, Authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` } });
    assert.equal(refs.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
    await refs.arrayBuffer();
    for (const p of ['/root/atlas.git/HEAD', '/root/atlas/objects/info/packs', '/assets/missing.js']) {
      const res = await fetch(`${ui.h.url}${p}`, { headers: html });
      assert.equal(res.status, 404, p);
      assert.doesNotMatch(await res.text(), /<div id="root">/, p);
    }
    const plain = await fetch(`${ui.h.url}/root/atlas`);
    assert.equal(plain.status, 404, 'a client that does not ask for HTML gets no page');
    await plain.arrayBuffer();
  });
});
