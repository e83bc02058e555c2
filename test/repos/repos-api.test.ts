import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles, type GitSandbox } from '../helpers/git.ts';
import type { HookEvent } from '../../server/services/events/bus.ts';
import * as branchStore from '../../server/store/branches.ts';
import * as repoStore from '../../server/store/repos.ts';

describe('repositories API', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let alice: string;
  const events: HookEvent[] = [];

  before(async () => {
    h = await startHost();
    h.app.events.listen(async (e) => { events.push(e); });
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    const u = await h.api('POST', '/admin/users', { auth: token, body: { username: 'alice', email: 'alice@example.com', password: 'alice-password-1', must_change_password: false } });
    assert.equal(u.status, 201, u.text);
    alice = await createToken(h, 'alice', 'alice-password-1');
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  test('create with auto_init: README commit, branch records, Repository shape, event', async () => {
    events.length = 0;
    const res = await h.api('POST', '/user/repos', {
      auth: alice, body: { name: 'Hello', description: 'first', auto_init: true, default_branch: 'trunk', gitignores: 'Node', license: 'MIT' },
    });
    assert.equal(res.status, 201, res.text);
    const r = res.body;
    assert.equal(r.full_name, 'alice/Hello');
    assert.equal(r.default_branch, 'trunk');
    assert.equal(r.empty, false);
    assert.equal(r.object_format_name, 'sha1');
    assert.equal(r.clone_url, `${h.url}/alice/Hello.git`);
    assert.equal(r.html_url, `${h.url}/alice/Hello`);
    assert.equal(r.url, `${h.url}/api/v1/repos/alice/Hello`);
    assert.equal(r.owner.login, 'alice');
    assert.deepEqual(r.permissions, { admin: true, push: true, pull: true });
    assert.equal(r.branch_count, 1);
    assert.equal(typeof r.internal_tracker, 'object');
    assert.equal(r.mirror_interval, '');
    assert.deepEqual(events.map((e) => [e.name, e.payload.action]), [['repository', 'created']]);
    const branches = await branchStore.list(h.app.store, r.id);
    assert.deepEqual(branches.map((b) => b.name), ['trunk']);
    const clone = path.join(g.dir, 'hello');
    await g.ok(['clone', '-q', `${h.url}/alice/Hello.git`, clone]);
    assert.ok(existsSync(path.join(clone, 'README.md')));
  });

  test('names, duplicates and formats', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: alice, body: { name: 'hello' } })).status, 409);
    assert.equal((await h.api('POST', '/user/repos', { auth: alice, body: { name: 'bad name' } })).status, 422);
    assert.equal((await h.api('POST', '/user/repos', { auth: alice, body: { name: 'x.git' } })).status, 422);
    assert.equal((await h.api('POST', '/user/repos', { auth: alice, body: { name: 'f', object_format_name: 'md5' } })).status, 422);
    assert.equal((await h.api('POST', '/user/repos', { auth: alice, body: {} })).status, 422);
    const s = await h.api('POST', '/user/repos', { auth: alice, body: { name: 'two56', object_format_name: 'sha256', auto_init: true } });
    assert.equal(s.status, 201);
    assert.equal(s.body.object_format_name, 'sha256');
  });

  test('admin creates for a user; storage path comes from the id; rename moves no files', async () => {
    const res = await h.api('POST', '/admin/users/alice/repos', { auth: token, body: { name: 'by-admin', private: true } });
    assert.equal(res.status, 201, res.text);
    assert.equal((await h.api('POST', '/admin/users/nobody/repos', { auth: token, body: { name: 'x' } })).status, 404);
    assert.equal((await h.api('POST', '/admin/users/root/repos', { auth: alice, body: { name: 'x' } })).status, 403);
    const rec = await repoStore.getById(h.app.store, res.body.id);
    assert.equal(rec?.storage_path, repoStore.storagePathFor(res.body.id));
    const renamed = await h.api('PATCH', '/repos/alice/by-admin', { auth: alice, body: { name: 'renamed' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'renamed');
    assert.equal((await repoStore.getById(h.app.store, res.body.id))?.storage_path, rec?.storage_path);
    assert.equal((await h.api('PATCH', '/repos/alice/renamed', { auth: alice, body: { name: 'Hello' } })).status, 422);
  });

  test('private repositories are 404 to others and never listed for them', async () => {
    assert.equal((await h.api('GET', '/repos/alice/renamed')).status, 404);
    assert.equal((await h.api('GET', '/repos/alice/renamed', { auth: alice })).status, 200);
    assert.equal((await h.api('GET', '/repos/alice/renamed', { auth: token })).status, 200);
    const anon = await h.api('GET', '/repos/search?q=');
    assert.equal(anon.body.ok, true);
    assert.ok(!anon.body.data.some((r: { name: string }) => r.name === 'renamed'));
    const own = await h.api('GET', '/repos/search', { auth: alice });
    assert.ok(own.body.data.some((r: { name: string }) => r.name === 'renamed'));
    const pub = await h.api('GET', '/users/alice/repos');
    assert.deepEqual(pub.body.map((r: { name: string }) => r.name).sort(), ['Hello', 'two56']);
    assert.equal(pub.headers.get('x-total-count'), '2');
    const mine = await h.api('GET', '/user/repos', { auth: alice });
    assert.equal(mine.body.length, 3);
    const byId = await h.api('GET', `/repositories/${String(mine.body.find((r: { name: string }) => r.name === 'renamed').id)}`);
    assert.equal(byId.status, 404);
  });

  test('search: q, uid, private, archived, sort and order, paging', async () => {
    const q = await h.api('GET', '/repos/search?q=hel', { auth: alice });
    assert.deepEqual(q.body.data.map((r: { name: string }) => r.name), ['Hello']);
    const sorted = await h.api('GET', '/repos/search?sort=alpha&order=desc', { auth: alice });
    assert.deepEqual(sorted.body.data.map((r: { name: string }) => r.name), ['two56', 'renamed', 'Hello']);
    const pub = await h.api('GET', '/repos/search?private=false', { auth: alice });
    assert.equal(pub.body.data.length, 2);
    const paged = await h.api('GET', '/repos/search?limit=1&page=2', { auth: alice });
    assert.equal(paged.body.data.length, 1);
    assert.equal(paged.headers.get('x-total-count'), '3');
    assert.equal((await h.api('GET', '/repos/search?uid=1', { auth: alice })).body.data.length, 0);
    assert.equal((await h.api('GET', '/repos/search?sort=nope', { auth: alice })).status, 422);
    assert.equal((await h.api('GET', '/repos/search?archived=true', { auth: alice })).body.data.length, 0);
  });

  test('PATCH applies only the fields given', async () => {
    const res = await h.api('PATCH', '/repos/alice/Hello', {
      auth: alice, body: { description: 'changed', website: 'https://example.com', has_wiki: false, allow_squash_merge: false, default_merge_style: 'squash' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.description, 'changed');
    assert.equal(res.body.has_wiki, false);
    assert.equal(res.body.has_issues, true);
    assert.equal(res.body.allow_squash_merge, false);
    assert.equal(res.body.allow_rebase, true);
    assert.equal(res.body.default_merge_style, 'squash');
    // mirror-only fields on a repository that is not a mirror are refused, never silently dropped
    const alone = await h.api('PATCH', '/repos/alice/Hello', { auth: alice, body: { enable_prune: true } });
    assert.equal(alone.status, 422, alone.text);
    const interval = await h.api('PATCH', '/repos/alice/Hello', { auth: alice, body: { mirror_interval: '1h' } });
    assert.equal(interval.status, 422, interval.text);
    const unchanged = await h.api('GET', '/repos/alice/Hello', { auth: alice });
    assert.equal(unchanged.body.description, 'changed');
    assert.equal(unchanged.body.mirror_interval, '');
    assert.equal((await h.api('PATCH', '/repos/alice/Hello', { auth: alice, body: { default_branch: 'missing' } })).body.default_branch, 'trunk');
    assert.equal((await h.api('PATCH', '/repos/alice/Hello', { auth: token, body: { private: true } })).body.private, true);
    assert.equal((await h.api('PATCH', '/repos/alice/two56', { auth: alice, body: { has_issues: 'yes' } })).status, 422);
  });

  test('PATCH default_branch to an existing branch moves HEAD', async () => {
    const url = withCredentials(`${h.url}/alice/Hello.git`, 'alice', alice);
    const clone = path.join(g.dir, 'hello');
    await g.ok(['checkout', '-q', '-b', 'next'], { cwd: clone });
    await commitFiles(g, clone, { 'n.txt': 'n\n' }, 'next');
    await g.ok(['push', url, 'next'], { cwd: clone });
    const res = await h.api('PATCH', '/repos/alice/Hello', { auth: alice, body: { default_branch: 'next' } });
    assert.equal(res.body.default_branch, 'next');
    const fresh = path.join(g.dir, 'hello-next');
    await g.ok(['clone', '-q', url, fresh]);
    assert.equal((await g.ok(['branch', '--show-current'], { cwd: fresh })).trim(), 'next');
  });

  test('edits need admin access, deletion needs the owner', async () => {
    const other = await h.api('PATCH', '/repos/alice/two56', { auth: token, body: { description: 'by admin' } });
    assert.equal(other.status, 200);
    const u = await h.api('POST', '/admin/users', { auth: token, body: { username: 'bob', email: 'bob@example.com', password: 'bob-password-1', must_change_password: false } });
    assert.equal(u.status, 201);
    const bob = await createToken(h, 'bob', 'bob-password-1');
    assert.equal((await h.api('PATCH', '/repos/alice/two56', { auth: bob, body: { description: 'x' } })).status, 403);
    assert.equal((await h.api('DELETE', '/repos/alice/two56', { auth: bob })).status, 403);
    assert.equal((await h.api('DELETE', '/repos/alice/Hello', { auth: bob })).status, 404);
  });

  test('delete removes the record, the branch records and the directory, and fires the event', async () => {
    const rec = (await repoStore.list(h.app.store, (r) => r.name === 'two56'))[0]!;
    const dir = repoStore.gitDirOf(h.app.store, rec);
    assert.ok(existsSync(dir));
    events.length = 0;
    assert.equal((await h.api('DELETE', '/repos/alice/two56', { auth: alice })).status, 204);
    assert.equal((await h.api('GET', '/repos/alice/two56', { auth: alice })).status, 404);
    assert.ok(!existsSync(dir));
    assert.equal(await branchStore.count(h.app.store, rec.id), 0);
    assert.deepEqual(events.map((e) => [e.name, e.payload.action]), [['repository', 'deleted']]);
  });
});
