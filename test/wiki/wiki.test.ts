/**
 * The wiki end to end: Gitea's wiki API (create, get, list, edit, rename, revisions, delete, its 400s and 404s),
 * page names mapped to files as Gitea maps them, the same wiki cloned and pushed with the real git client (SHA1
 * and SHA256), and every page change, through the API or a push, reaching a loopback receiver as exactly one
 * `wiki` hook event with Gitea's payload and the action that tells it apart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';

const O = ADMIN.username;
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const unb64 = (s: string): string => Buffer.from(s, 'base64').toString('utf8');

describe('wiki', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let rx: Receiver;
  const wikiUrl = (repo: string) => withCredentials(`${h.url}/${O}/${repo}.wiki.git`, ADMIN.username, ADMIN.password);
  /** The `wiki` events the receiver got from `from` on, as `action:page`. */
  const events = (from = 0) => rx.got.slice(from).map((r) => {
    assert.equal(r.headers['x-gitea-event'], 'wiki');
    const p = JSON.parse(r.body) as { action: string; page: string };
    return `${p.action}:${p.page}`;
  });
  /** Waits until `n` more events than `from` arrived, and a moment for any extra one to show. */
  async function settle(from: number, n: number): Promise<string[]> {
    await rx.waitFor(from + n);
    await new Promise((r) => setTimeout(r, 300));
    return events(from);
  }

  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    rx = await startReceiver();
    await makeHook(h, token, `/user/hooks`, { type: 'gitea', config: { url: rx.url, content_type: 'json' }, events: ['wiki'] });
  });
  after(async () => { await h.stop(); await g.dispose(); await rx.close(); });

  test('the API: create, read, list, edit, rename, revisions and delete, each one wiki event', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'docs' } })).status, 201);
    assert.equal((await h.api('GET', `/repos/${O}/docs/wiki/pages`, { auth: token })).status, 404, 'no wiki before its first page');
    const start = rx.got.length;
    const home = await h.api('POST', `/repos/${O}/docs/wiki/new`, { auth: token, body: { title: 'Home', content_base64: b64('# Welcome\n') } });
    assert.equal(home.status, 201, home.text);
    assert.equal(home.body.title, 'Home');
    assert.equal(home.body.sub_url, 'Home');
    assert.equal(home.body.html_url, `${h.url}/${O}/docs/wiki/Home`);
    assert.equal(unb64(home.body.content_base64), '# Welcome\n');
    assert.equal(home.body.commit_count, 1);
    assert.equal(home.body.last_commit.message, 'Add "Home"\n');
    assert.equal(home.body.last_commit.author.name, O);
    assert.match(home.body.last_commit.commiter.date, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(home.body.sidebar, '');

    const meeting = await h.api('POST', `/repos/${O}/docs/wiki/new`, { auth: token, body: { title: '2000-01-02 meeting', content_base64: b64('notes'), message: 'minutes' } });
    assert.equal(meeting.body.sub_url, '2000-01-02+meeting.-');
    assert.equal(meeting.body.title, '2000-01-02 meeting');
    const free = await h.api('POST', `/repos/${O}/docs/wiki/new`, { auth: token, body: { title: '100% Free', content_base64: b64('free') } });
    assert.equal(free.body.sub_url, '100%25-Free');
    assert.equal(unb64((await h.api('GET', `/repos/${O}/docs/wiki/page/100%25-Free`, { auth: token })).body.content_base64), 'free');
    await h.api('POST', `/repos/${O}/docs/wiki/new`, { auth: token, body: { title: '_Sidebar', content_base64: b64('side') } });

    const list = await h.api('GET', `/repos/${O}/docs/wiki/pages`, { auth: token });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '4');
    assert.deepEqual(list.body.map((p: { title: string }) => p.title).sort(), ['100% Free', '2000-01-02 meeting', 'Home', '_Sidebar']);
    assert.equal(list.body.find((p: { title: string }) => p.title === '2000-01-02 meeting').last_commit.message, 'minutes\n');
    const paged = await h.api('GET', `/repos/${O}/docs/wiki/pages?page=2&limit=3`, { auth: token });
    assert.equal(paged.body.length, 1);

    const edited = await h.api('PATCH', `/repos/${O}/docs/wiki/page/Home`, { auth: token, body: { content_base64: b64('# Welcome back\n') } });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.commit_count, 2);
    assert.equal(unb64(edited.body.sidebar), 'side');
    const renamed = await h.api('PATCH', `/repos/${O}/docs/wiki/page/2000-01-02+meeting.-`, { auth: token, body: { title: 'Meeting notes', content_base64: b64('notes') } });
    assert.equal(renamed.body.sub_url, 'Meeting-notes');
    assert.equal((await h.api('GET', `/repos/${O}/docs/wiki/page/2000-01-02+meeting.-`, { auth: token })).status, 404);

    const revs = await h.api('GET', `/repos/${O}/docs/wiki/revisions/Home`, { auth: token });
    assert.equal(revs.status, 200);
    assert.equal(revs.body.count, 2);
    assert.equal(revs.headers.get('x-total-count'), '2');
    assert.deepEqual(revs.body.commits.map((c: { message: string }) => c.message), ['Update "Home"\n', 'Add "Home"\n']);
    assert.equal((await h.api('GET', `/repos/${O}/docs/wiki/revisions/Home?page=2`, { auth: token })).body.commits.length, 0);

    assert.equal((await h.api('DELETE', `/repos/${O}/docs/wiki/page/100%25-Free`, { auth: token })).status, 204);
    assert.equal((await h.api('DELETE', `/repos/${O}/docs/wiki/page/100%25-Free`, { auth: token })).status, 404);

    await settle(start, 7);
    assert.deepEqual(events(start), [
      'created:Home', 'created:2000-01-02+meeting.-', 'created:100%25-Free', 'created:_Sidebar', 'edited:Home', 'renamed:Meeting-notes', 'deleted:100%25-Free',
    ]);
    const first = JSON.parse(rx.got[start]!.body);
    assert.deepEqual(Object.keys(first).sort(), ['action', 'comment', 'page', 'repository', 'sender']);
    assert.equal(first.comment, 'Add "Home"');
    assert.equal(first.repository.full_name, `${O}/docs`);
    assert.equal(first.sender.login, O);
    assert.equal(JSON.parse(rx.got[start + 6]!.body).comment, '');
  });

  test('the API refuses what Gitea refuses', async () => {
    const post = (body: unknown) => h.api('POST', `/repos/${O}/docs/wiki/new`, { auth: token, body });
    assert.equal((await post({ title: '  ', content_base64: '' })).status, 400);
    const reserved = await post({ title: '_edit', content_base64: '' });
    assert.equal(reserved.status, 400);
    assert.equal(reserved.body.message, 'wiki title is reserved: _edit');
    const taken = await post({ title: 'Home', content_base64: '' });
    assert.equal(taken.status, 400);
    assert.equal(taken.body.message, 'wiki page already exists [title: Home.md]');
    assert.equal((await post({ title: 'Bad', content_base64: 'not base64!' })).status, 400);
    assert.equal((await h.api('GET', `/repos/${O}/docs/wiki/page/Nope`, { auth: token })).status, 404);
    assert.equal((await h.api('GET', `/repos/${O}/docs/wiki/revisions/Nope`, { auth: token })).status, 404);
    assert.equal((await h.api('POST', `/repos/${O}/docs/wiki/new`, { body: { title: 'x' } })).status, 401);
  });

  for (const format of ['sha1', 'sha256'] as const) {
    test(`${format}: the wiki is cloned and pushed with git; each page change of a push is one wiki event`, async () => {
      const name = `gw-${format}`;
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name, object_format_name: format } })).status, 201);
      const start = rx.got.length;
      await h.api('POST', `/repos/${O}/${name}/wiki/new`, { auth: token, body: { title: 'Home', content_base64: b64('home') } });
      const dir = path.join(g.dir, name);
      await g.ok(['clone', '-q', wikiUrl(name), dir]);
      assert.equal((await g.ok(['rev-parse', '--show-object-format'], { cwd: dir })).trim(), format);
      assert.equal((await g.ok(['show', 'HEAD:Home.md'], { cwd: dir })), 'home');

      await commitFiles(g, dir, { 'Pushed-Page.md': 'from git\n', 'Home.md': 'home, changed by git\n', 'image.png': 'x' }, 'from git');
      await g.ok(['push', '-q', 'origin', 'HEAD'], { cwd: dir });
      const page = await h.api('GET', `/repos/${O}/${name}/wiki/page/Pushed-Page`, { auth: token });
      assert.equal(unb64(page.body.content_base64), 'from git\n');
      assert.equal(page.body.last_commit.sha.length, format === 'sha256' ? 64 : 40);

      await g.ok(['mv', 'Pushed-Page.md', 'Moved-Page.md'], { cwd: dir });
      await g.ok(['rm', '-q', 'Home.md'], { cwd: dir });
      await g.ok(['commit', '-q', '-m', 'move and drop'], { cwd: dir });
      await g.ok(['push', '-q', 'origin', 'HEAD'], { cwd: dir });
      // a branch other than the default one changes no page
      await g.ok(['push', '-q', 'origin', 'HEAD:refs/heads/draft'], { cwd: dir });

      const got = await settle(start, 5);
      assert.deepEqual(got.slice(0, 1), ['created:Home']);
      assert.deepEqual(got.slice(1, 3).sort(), ['created:Pushed-Page', 'edited:Home']);
      assert.deepEqual(got.slice(3).sort(), ['deleted:Home', 'renamed:Moved-Page']);
      const pushed = rx.got.slice(start + 1).map((r) => JSON.parse(r.body));
      assert.equal(pushed.find((p) => p.action === 'edited').comment, 'from git');
      assert.equal(pushed[0].sender.login, O);
    });
  }

  test('a wiki made by its first push, and one pushed as master, is read through the API', async () => {
    await h.api('POST', '/user/repos', { auth: token, body: { name: 'fresh' } });
    const dir = path.join(g.dir, 'fresh-wiki');
    await g.ok(['init', '-q', '-b', 'master', dir]);
    await commitFiles(g, dir, { 'Home.md': 'first' }, 'first');
    await g.ok(['push', '-q', wikiUrl('fresh'), 'master'], { cwd: dir });
    assert.equal(unb64((await h.api('GET', `/repos/${O}/fresh/wiki/page/Home`, { auth: token })).body.content_base64), 'first');
  });

  test('the wiki unit, visibility, archiving, rename and deletion', async () => {
    await h.api('POST', '/user/repos', { auth: token, body: { name: 'secret', private: true } });
    await h.api('POST', `/repos/${O}/secret/wiki/new`, { auth: token, body: { title: 'Home', content_base64: b64('x') } });
    assert.equal((await h.api('GET', `/repos/${O}/secret/wiki/page/Home`)).status, 404, 'a private wiki is hidden');
    const anon = await g.run(['ls-remote', `${h.url}/${O}/secret.wiki.git`]);
    assert.notEqual(anon.code, 0);

    await h.api('PATCH', `/repos/${O}/secret`, { auth: token, body: { has_wiki: false } });
    assert.equal((await h.api('GET', `/repos/${O}/secret/wiki/page/Home`, { auth: token })).status, 404);
    const off = await g.run(['ls-remote', wikiUrl('secret')]);
    assert.match(off.stderr, /repository wiki is disabled|403/);
    await h.api('PATCH', `/repos/${O}/secret`, { auth: token, body: { has_wiki: true } });

    await h.api('PATCH', `/repos/${O}/secret`, { auth: token, body: { name: 'renamed' } });
    assert.equal((await h.api('GET', `/repos/${O}/renamed/wiki/page/Home`, { auth: token })).status, 200, 'the wiki follows a rename');
    assert.equal((await g.run(['ls-remote', wikiUrl('renamed')])).code, 0);

    await h.api('PATCH', `/repos/${O}/renamed`, { auth: token, body: { archived: true } });
    assert.equal((await h.api('POST', `/repos/${O}/renamed/wiki/new`, { auth: token, body: { title: 'New', content_base64: '' } })).status, 423);
    await h.api('PATCH', `/repos/${O}/renamed`, { auth: token, body: { archived: false } });

    const repo = (await h.api('GET', `/repos/${O}/renamed`, { auth: token })).body;
    const wikiDirs = path.join(h.dataDir, 'repositories', String(repo.id % 100).padStart(2, '0'), `${repo.id}.wiki.git`);
    assert.ok(existsSync(wikiDirs));
    assert.equal((await h.api('DELETE', `/repos/${O}/renamed`, { auth: token })).status, 204);
    assert.ok(!existsSync(wikiDirs), 'deleting the repository deletes its wiki');
  });
});
