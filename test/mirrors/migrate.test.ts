import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { makeRepo } from '../helpers/git.ts';
import * as repoStore from '../../server/store/repos.ts';
import { makeUser, pw } from '../accounts/helpers.ts';
import { startPair, upstreamRepo, upstreamUrl, branches, commitFiles, withCredentials, ADMIN, type Pair } from './helpers.ts';

/** Every stored document of a host, as one string (to look for secrets in it). */
async function storeText(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'store');
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(await readFile(path.join(d, e.name), 'utf8'));
    }
  };
  await walk(dir);
  return out.join('\n');
}

describe('migrations and pull mirrors: creation', () => {
  let p: Pair;
  before(async () => { p = await startPair(); });
  after(async () => { await p.stop(); });

  const migrate = (body: Record<string, unknown>, auth: string | [string, string] = p.downToken) => p.down.api('POST', '/repos/migrate', { auth, body });

  test('a SHA1 mirror of a private upstream over HTTP with credentials', async () => {
    const work = await upstreamRepo(p, 'alpha');
    await p.g.ok(['tag', '-a', 'v1', '-m', 'one'], { cwd: work });
    await p.g.ok(['checkout', '-q', '-b', 'dev'], { cwd: work });
    await commitFiles(p.g, work, { 'dev.txt': 'dev\n' }, 'dev work');
    await p.g.ok(['push', '-q', upstreamUrl(p, 'alpha', true), 'dev', 'v1'], { cwd: work });
    const res = await migrate({ clone_addr: upstreamUrl(p, 'alpha'), repo_name: 'alpha', mirror: true, auth_username: ADMIN.username, auth_password: p.upToken, private: true });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.mirror, true);
    assert.equal(res.body.private, true);
    assert.equal(res.body.object_format_name, 'sha1');
    assert.equal(res.body.mirror_interval, '8h0m0s');
    assert.equal(res.body.original_url, upstreamUrl(p, 'alpha'));
    assert.equal(res.body.default_branch, 'main');
    assert.notEqual(res.body.mirror_updated, '0001-01-01T00:00:00Z');
    assert.deepEqual(await branches(p.down, p.downToken, 'alpha'), await branches(p.up, p.upToken, 'alpha'));
    const tags = await p.down.api('GET', '/repos/root/alpha/tags', { auth: p.downToken });
    assert.deepEqual(tags.body.map((t: { name: string }) => t.name), ['v1']);
    // the credentials are sealed at rest: the token is nowhere in the store
    assert.ok(!(await storeText(p.down.dataDir)).includes(p.upToken));
    const status = await p.down.api('GET', '/../homeforge/repos/root/alpha/mirror', { auth: p.downToken });
    assert.equal(status.status, 200, status.text);
    assert.equal(status.body.remote_address, upstreamUrl(p, 'alpha'));
    assert.equal(status.body.enable_prune, true);
    assert.equal(status.body.last_error, '');
  });

  test('a mirror refuses pushes', async () => {
    const clone = path.join(p.g.dir, 'alpha-clone');
    const url = withCredentials(`${p.down.url}/root/alpha.git`, ADMIN.username, p.downToken);
    await p.g.ok(['clone', '-q', url, clone]);
    await commitFiles(p.g, clone, { 'x.txt': 'x\n' }, 'not allowed');
    const r = await p.g.run(['push', url, 'main'], { cwd: clone });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /403|read-only/);
  });

  test('a SHA256 source gives a SHA256 mirror, over HTTP and from a file URL', async () => {
    await upstreamRepo(p, 'beta', { format: 'sha256' });
    const res = await migrate({ clone_addr: upstreamUrl(p, 'beta'), repo_name: 'beta', mirror: true, auth_token: p.upToken });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.object_format_name, 'sha256');
    const up = await branches(p.up, p.upToken, 'beta');
    assert.equal(up.main?.length, 64);
    assert.deepEqual(await branches(p.down, p.downToken, 'beta'), up);

    const local = path.join(p.g.dir, 'local256');
    const head = await makeRepo(p.g, local, { 'a.txt': 'a\n' }, 'sha256');
    const file = await migrate({ clone_addr: `file://${local}`, repo_name: 'gamma', mirror: true });
    assert.equal(file.status, 201, file.text);
    assert.equal(file.body.object_format_name, 'sha256');
    assert.deepEqual(await branches(p.down, p.downToken, 'gamma'), { main: head });
  });

  test('the default branch follows the source\'s HEAD', async () => {
    const local = path.join(p.g.dir, 'trunky');
    const head = await makeRepo(p.g, local, { 't.txt': 't\n' });
    await p.g.ok(['branch', '-m', 'main', 'trunk'], { cwd: local });
    await p.g.ok(['branch', 'main'], { cwd: local });
    const res = await migrate({ clone_addr: local, repo_name: 'trunky', mirror: false });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.default_branch, 'trunk');
    assert.deepEqual(await branches(p.down, p.downToken, 'trunky'), { main: head, trunk: head });
  });

  test('an empty SHA256 upstream still gives a SHA256 mirror', async () => {
    const res = await p.up.api('POST', '/user/repos', { auth: p.upToken, body: { name: 'empty256', object_format_name: 'sha256' } });
    assert.equal(res.status, 201);
    const m = await migrate({ clone_addr: upstreamUrl(p, 'empty256'), repo_name: 'empty256', mirror: true });
    assert.equal(m.status, 201, m.text);
    assert.equal(m.body.object_format_name, 'sha256');
    assert.equal(m.body.empty, true);
  });

  test('mirror: false imports a plain copy that takes pushes', async () => {
    await upstreamRepo(p, 'delta', { private: false });
    const res = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'delta', mirror: false, mirror_interval: '1h' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.mirror, false);
    assert.equal(res.body.mirror_interval, '');
    assert.equal(res.body.original_url, upstreamUrl(p, 'delta'));
    const record = await repoStore.getById(p.down.app.store, res.body.id as number);
    assert.equal(record?.options.migrating, undefined, 'a finished migration is no longer marked as in progress');
    const status = await p.down.api('GET', '/../homeforge/repos/root/delta/mirror', { auth: p.downToken });
    assert.equal(status.status, 404);
    const clone = path.join(p.g.dir, 'delta-clone');
    const url = withCredentials(`${p.down.url}/root/delta.git`, ADMIN.username, p.downToken);
    await p.g.ok(['clone', '-q', url, clone]);
    await commitFiles(p.g, clone, { 'x.txt': 'x\n' }, 'allowed');
    await p.g.ok(['push', '-q', url, 'main'], { cwd: clone });
    const sync = await p.down.api('POST', '/repos/root/delta/mirror-sync', { auth: p.downToken });
    assert.equal(sync.status, 400);
    assert.equal(sync.body.message, 'Repository is not a mirror');
  });

  test('intervals: Go durations, 0 turns periodic sync off, below the minimum or unparsable is a 422 naming the value', async () => {
    await upstreamRepo(p, 'eps', { private: false });
    const bad = await migrate({ clone_addr: upstreamUrl(p, 'eps'), repo_name: 'eps', mirror: true, mirror_interval: 'forever' });
    assert.equal(bad.status, 422);
    assert.match(bad.body.message, /forever/);
    const low = await migrate({ clone_addr: upstreamUrl(p, 'eps'), repo_name: 'eps', mirror: true, mirror_interval: '500ms' });
    assert.equal(low.status, 422);
    assert.match(low.body.message, /500ms.*below minimum interval: 1s/);
    const off = await migrate({ clone_addr: upstreamUrl(p, 'eps'), repo_name: 'eps', mirror: true, mirror_interval: '0' });
    assert.equal(off.status, 201, off.text);
    assert.equal(off.body.mirror_interval, '0s');
    const status = await p.down.api('GET', '/../homeforge/repos/root/eps/mirror', { auth: p.downToken });
    assert.equal(status.body.next_update, null);
    const mixed = await migrate({ clone_addr: upstreamUrl(p, 'eps'), repo_name: 'eps2', mirror: true, mirror_interval: '1h30m' });
    assert.equal(mixed.body.mirror_interval, '1h30m0s');
  });

  test('bad addresses and credentials are 422s and leave nothing behind', async () => {
    const wrong = await migrate({ clone_addr: upstreamUrl(p, 'alpha'), repo_name: 'wrong', mirror: true, auth_username: ADMIN.username, auth_password: 'not-the-password' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.body.message, /^Authentication failed/);
    assert.ok(!wrong.text.includes('not-the-password'));
    assert.equal((await p.down.api('GET', '/repos/root/wrong', { auth: p.downToken })).status, 404);
    const ftp = await migrate({ clone_addr: 'ftp://127.0.0.1/x.git', repo_name: 'ftp' });
    assert.equal(ftp.status, 422);
    assert.match(ftp.body.message, /protocol is not allowed/);
    const inside = await migrate({ clone_addr: `file://${path.join(p.down.dataDir, 'repositories')}`, repo_name: 'inside' });
    assert.equal(inside.status, 422);
    assert.match(inside.body.message, /data directory/);
    const missing = await migrate({ clone_addr: '/no/such/dir', repo_name: 'missing' });
    assert.equal(missing.status, 422);
    await makeUser(p.down, 'bob');
    const local = await migrate({ clone_addr: `file://${p.g.dir}`, repo_name: 'bobs' }, ['bob', pw('bob')]);
    assert.equal(local.status, 422);
    assert.equal(local.body.message, 'You are not allowed to import local repositories.');
    const other = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'x', repo_owner: 'root' }, ['bob', pw('bob')]);
    assert.equal(other.status, 403);
    const conflict = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'delta' });
    assert.equal(conflict.status, 409);
  });

  test('into an organization: its owners may, others may not', async () => {
    const org = await p.down.api('POST', '/orgs', { auth: p.downToken, body: { username: 'acme' } });
    assert.equal(org.status, 201, org.text);
    const res = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'delta', repo_owner: 'acme', mirror: true });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.owner.login, 'acme');
    assert.equal(res.body.full_name, 'acme/delta');
    const bob = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'other', repo_owner: 'acme' }, ['bob', pw('bob')]);
    assert.equal(bob.status, 403);
    assert.equal(bob.body.message, 'Given user is not owner of organization.');
    const nobody = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'other', repo_owner: 'nobody' });
    assert.equal(nobody.status, 422);
  });

  test('the migrations host lists apply; local networks can be refused', async () => {
    const before0 = p.down.app.settings;
    try {
      p.down.app.settings = before0.with({ 'migrations.ALLOW_LOCALNETWORKS': 'false' });
      const blocked = await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'blocked' });
      assert.equal(blocked.status, 422);
      assert.equal(blocked.body.message, 'You can not import from disallowed hosts.');
      p.down.app.settings = before0.with({ 'migrations.BLOCKED_DOMAINS': '127.0.0.1' });
      assert.equal((await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'blocked' })).status, 422);
      p.down.app.settings = before0.with({ 'migrations.ALLOWED_DOMAINS': 'example.com', 'migrations.ALLOW_LOCALNETWORKS': 'false' });
      assert.equal((await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'blocked' })).status, 422);
      p.down.app.settings = before0.with({ 'mirror.DISABLE_NEW_PULL': 'true' });
      assert.equal((await migrate({ clone_addr: upstreamUrl(p, 'delta'), repo_name: 'blocked', mirror: true })).status, 403);
    } finally {
      p.down.app.settings = before0;
    }
  });
});
