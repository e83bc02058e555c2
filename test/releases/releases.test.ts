// Releases through HTTP and the real git client: tag-only releases of pushed tags (hidden by the API, taken over
// by a release), a release creating its tag at a target, drafts and pre-releases with Gitea's visibility, the
// latest release, paging with `limit` while `per_page` changes nothing, edit and delete, tags deleted with git,
// and the `release` hook events (none for pushed tags).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';
import { makeUser } from '../issues/helpers.ts';

const O = ADMIN.username;
const R = `/repos/${O}/rel`;

describe('releases', () => {
  let h: TestHost;
  let token: string;
  let reader: string;
  let g: GitSandbox;
  let work: string;
  let first: string;
  let head: string;
  let hook: Receiver;
  const remote = () => withCredentials(`${h.url}/${O}/rel.git`, ADMIN.username, ADMIN.password);
  const events = () => hook.got.map((x) => `${String(x.headers['x-gitea-event'])}:${JSON.parse(x.body).action as string}:${JSON.parse(x.body).release?.tag_name as string}`);

  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    reader = await makeUser(h, 'reader');
    g = await gitSandbox();
    hook = await startReceiver();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'rel' } })).status, 201);
    await makeHook(h, token, `${R}/hooks`, { type: 'gitea', config: { url: hook.url, content_type: 'json' }, events: ['release'] });
    work = path.join(g.dir, 'work');
    first = await makeRepo(g, work, { 'a.txt': 'a\n' });
    head = await commitFiles(g, work, { 'b.txt': 'b\n' }, 'second');
    await g.ok(['tag', '-a', 'v1.0', '-m', 'Version one\n\nThe first one.', first], { cwd: work });
    await g.ok(['tag', 'v0.9', first], { cwd: work });
    await g.ok(['push', '-q', remote(), 'main', '--tags'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); await hook.close(); });

  test('pushed tags are tag-only releases: not listed, not found by tag, taken over by a release', async () => {
    const list = await h.api('GET', `${R}/releases`, { auth: token });
    assert.deepEqual([list.status, list.body], [200, []]);
    assert.equal((await h.api('GET', `${R}/releases/tags/v1.0`, { auth: token })).status, 404);
    const made = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v1.0', name: 'One', body: '**notes**' } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.tag_name, 'v1.0');
    assert.equal(made.body.name, 'One');
    assert.equal(made.body.body, '**notes**');
    assert.equal(made.body.author.login, O);
    assert.equal(made.body.html_url, `${h.url}/${O}/rel/releases/tag/v1.0`);
    assert.equal(made.body.tarball_url, `${h.url}/${O}/rel/archive/v1.0.tar.gz`);
    assert.equal(made.body.upload_url, `${h.url}/api/v1${R}/releases/${made.body.id}/assets`);
    assert.deepEqual(made.body.assets, []);
    const again = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v1.0' } });
    assert.equal(again.status, 409);
    const byTag = await h.api('GET', `${R}/releases/tags/v1.0`);
    assert.equal(byTag.body.id, made.body.id, 'anonymous reads a public repository\'s release');
  });

  test('a release creates its tag at the target, annotated with tag_message; git sees it', async () => {
    const made = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v2.0', target_commitish: first, tag_message: 'Tagged by the release', name: 'Two' } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.target_commitish, first);
    const ls = await g.ok(['ls-remote', '--tags', remote()], { cwd: work });
    assert.match(ls, new RegExp(`${first}\\s+refs/tags/v2\\.0\\^\\{\\}`), 'an annotated tag peeling to the target');
    const tag = await h.api('GET', `${R}/tags/v2.0`, { auth: token });
    assert.equal(tag.body.message, 'Tagged by the release\n');
    assert.equal(tag.body.commit.sha, first);
    const noTarget = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v2.1', target_commitish: 'no-such-branch' } });
    assert.equal(noTarget.status, 404);
    assert.equal((await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'bad..name' } })).status, 422);
    assert.equal((await h.api('POST', `${R}/releases`, { auth: token, body: {} })).status, 422);
    assert.equal((await h.api('POST', `${R}/releases`, { auth: reader, body: { tag_name: 'v9' } })).status, 403);
    const del = await h.api('DELETE', `${R}/tags/v2.0`, { auth: token });
    assert.equal(del.status, 409, 'a tag with a release is not deleted directly');
  });

  test('drafts: no tag until published, seen by writers only; pre-releases are not the latest', async () => {
    const draft = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v3.0', draft: true, name: 'Three' } });
    assert.equal(draft.status, 201);
    assert.equal(draft.body.draft, true);
    assert.equal((await h.api('GET', `${R}/tags/v3.0`, { auth: token })).status, 404, 'a draft makes no tag');
    const readerList = await h.api('GET', `${R}/releases`, { auth: reader });
    assert.ok(!readerList.body.some((r: { tag_name: string }) => r.tag_name === 'v3.0'));
    assert.equal((await h.api('GET', `${R}/releases/${draft.body.id}`, { auth: reader })).status, 404);
    assert.equal((await h.api('GET', `${R}/releases/${draft.body.id}`, { auth: token })).status, 200);
    const drafts = await h.api('GET', `${R}/releases?draft=true`, { auth: token });
    assert.deepEqual(drafts.body.map((r: { tag_name: string }) => r.tag_name), ['v3.0']);
    const pre = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v4.0-rc1', prerelease: true } });
    assert.equal(pre.body.prerelease, true);
    const latest = await h.api('GET', `${R}/releases/latest`, { auth: reader });
    assert.equal(latest.body.tag_name, 'v2.0', 'neither the draft nor the pre-release');
    const pres = await h.api('GET', `${R}/releases?pre-release=true`, { auth: token });
    assert.deepEqual(pres.body.map((r: { tag_name: string }) => r.tag_name), ['v4.0-rc1']);
    const published = await h.api('PATCH', `${R}/releases/${draft.body.id}`, { auth: token, body: { draft: false } });
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.draft, false);
    assert.equal(published.body.name, 'Three', 'fields not given keep their values');
    const tag = await h.api('GET', `${R}/tags/v3.0`, { auth: token });
    assert.equal(tag.body.commit.sha, head, 'published: the tag is made at the default branch');
  });

  test('the list pages with limit and page; per_page changes nothing', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: `p${i}` } })).status, 201);
    const all = await h.api('GET', `${R}/releases`, { auth: token });
    const total = all.body.length;
    assert.equal(total, 8);
    assert.equal(all.headers.get('x-total-count'), String(total));
    assert.deepEqual(all.body.slice(0, 4).map((r: { tag_name: string }) => r.tag_name), ['p3', 'p2', 'p1', 'p0'], 'newest first');
    const limited = await h.api('GET', `${R}/releases?limit=3&page=2`, { auth: token });
    assert.deepEqual(limited.body.map((r: { tag_name: string }) => r.tag_name), all.body.slice(3, 6).map((r: { tag_name: string }) => r.tag_name));
    assert.match(limited.headers.get('link') ?? '', /limit=3/);
    const perPage = await h.api('GET', `${R}/releases?per_page=2`, { auth: token });
    assert.equal(perPage.body.length, total, 'per_page is ignored');
    const both = await h.api('GET', `${R}/releases?per_page=1&limit=2`, { auth: token });
    assert.equal(both.body.length, 2);
  });

  test('edit, delete by id and by tag; a deleted release leaves its tag as a tag-only release', async () => {
    const v2 = (await h.api('GET', `${R}/releases/tags/v2.0`, { auth: token })).body;
    const edited = await h.api('PATCH', `${R}/releases/${v2.id}`, { auth: token, body: { name: 'Two, renamed', body: 'new notes' } });
    assert.deepEqual([edited.body.name, edited.body.body], ['Two, renamed', 'new notes']);
    assert.equal((await h.api('DELETE', `${R}/releases/${v2.id}`, { auth: reader })).status, 403);
    assert.equal((await h.api('DELETE', `${R}/releases/${v2.id}`, { auth: token })).status, 204);
    assert.equal((await h.api('GET', `${R}/releases/${v2.id}`, { auth: token })).status, 404);
    assert.equal((await h.api('GET', `${R}/tags/v2.0`, { auth: token })).status, 200, 'the tag stays');
    assert.equal((await h.api('DELETE', `${R}/releases/tags/p0`, { auth: token })).status, 204);
    assert.equal((await h.api('DELETE', `${R}/releases/tags/p0`, { auth: token })).status, 404);
    assert.equal((await h.api('DELETE', `${R}/tags/p0`, { auth: token })).status, 204, 'a tag-only release goes with its tag');
    assert.equal((await h.api('GET', `${R}/releases/999999`, { auth: token })).status, 404);
  });

  test('a release\'s tag deleted with git turns it into a draft', async () => {
    await g.ok(['push', '-q', remote(), '--delete', 'refs/tags/p1'], { cwd: work });
    const p1 = await h.api('GET', `${R}/releases/tags/p1`, { auth: token });
    assert.equal(p1.body.draft, true);
    assert.equal((await h.api('GET', `${R}/releases/tags/p1`, { auth: reader })).status, 404);
  });

  test('release hook events: published, updated, deleted; none for tags pushed with git', async () => {
    await hook.waitFor(11);
    const seen = events();
    assert.equal(seen.length, 11, 'four early releases, v3.0 once published (not as a draft), p0-p3, one edit, two deletions');
    for (const e of ['release:published:v1.0', 'release:published:v2.0', 'release:published:v3.0', 'release:published:v4.0-rc1', 'release:updated:v2.0', 'release:deleted:v2.0', 'release:deleted:p0']) {
      assert.ok(seen.includes(e), `${e} in ${seen.join(', ')}`);
    }
    assert.ok(!seen.some((e) => e.endsWith(':v0.9')), 'a pushed tag sends no release event');
    const body = JSON.parse(hook.got.find((x) => JSON.parse(x.body).release?.tag_name === 'v1.0')!.body);
    assert.equal(body.repository.full_name, `${O}/rel`);
    assert.equal(body.sender.login, O);
  });
});
