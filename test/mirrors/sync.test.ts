import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPair, upstreamRepo, upstreamUrl, branches, commitFiles, eventually, withCredentials, ADMIN, type Pair } from './helpers.ts';
import { createToken, type TestHost } from '../helpers/host.ts';
import * as repoStore from '../../server/store/repos.ts';
import { readRefFiles } from '../../server/git/ref-files.ts';

const status = async (h: TestHost, token: string, repo: string) => (await h.api('GET', `/../homeforge/repos/root/${repo}/mirror`, { auth: token })).body;

describe('pull mirror syncs', () => {
  let p: Pair;
  before(async () => { p = await startPair(); });
  after(async () => { await p.stop(); });

  const migrate = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await p.down.api('POST', '/repos/migrate', {
      auth: p.downToken, body: { clone_addr: upstreamUrl(p, name), repo_name: name, mirror: true, auth_username: ADMIN.username, auth_password: p.upToken, ...extra },
    });
    assert.equal(res.status, 201, res.text);
  };
  const push = (work: string, name: string, ...refs: string[]) => p.g.ok(['push', '-q', upstreamUrl(p, name, true), ...refs], { cwd: work });
  /** Asks for a sync and waits until one that started after the request has ended. */
  const syncNow = async (name: string) => {
    const since = new Date().toISOString();
    const res = await p.down.api('POST', `/repos/root/${name}/mirror-sync`, { auth: p.downToken });
    assert.equal(res.status, 200, res.text);
    return eventually(async () => {
      const s = await status(p.down, p.downToken, name);
      return s.last_update > since && s;
    }, 15_000, 'a sync');
  };

  test('a scheduled sync brings new commits, branches and tags, firing push, create and delete events', async () => {
    const work = await upstreamRepo(p, 'sched');
    await migrate('sched', { mirror_interval: '1s' });
    const before0 = p.events.length;
    const head = await commitFiles(p.g, work, { 'b.txt': 'b\n' }, 'second');
    await p.g.ok(['branch', 'feature'], { cwd: work });
    await p.g.ok(['tag', 'v2'], { cwd: work });
    await push(work, 'sched', 'main', 'feature', 'v2');
    await eventually(async () => (await branches(p.down, p.downToken, 'sched')).feature === head, 15_000, 'the scheduled sync');
    assert.equal((await branches(p.down, p.downToken, 'sched')).main, head);
    const fired = await eventually(async () => {
      const e = p.events.slice(before0).filter((x) => x.repoId !== null);
      return e.some((x) => x.name === 'create' && x.payload.ref === 'v2') && e;
    });
    const names = fired.map((e) => `${e.name}:${String(e.branch ?? e.payload.ref)}`);
    assert.ok(names.includes('push:main'), names.join(' '));
    assert.ok(names.includes('create:feature'), names.join(' '));
    const pushEvent = fired.find((e) => e.name === 'push' && e.branch === 'main')!;
    assert.equal((pushEvent.payload.sender as { login: string }).login, ADMIN.username);
    await p.g.ok(['push', '-q', upstreamUrl(p, 'sched', true), ':feature'], { cwd: work });
    await eventually(async () => p.events.some((e) => e.name === 'delete' && e.payload.ref === 'feature'), 15_000, 'the delete event');
  });

  test('prune on removes refs gone upstream; enable_prune alone through PATCH turns it off', async () => {
    const work = await upstreamRepo(p, 'prune');
    await p.g.ok(['branch', 'gone1'], { cwd: work });
    await p.g.ok(['branch', 'gone2'], { cwd: work });
    await push(work, 'prune', 'gone1', 'gone2');
    await migrate('prune');
    assert.ok('gone1' in (await branches(p.down, p.downToken, 'prune')));
    await push(work, 'prune', ':gone1');
    await syncNow('prune');
    assert.deepEqual(Object.keys(await branches(p.down, p.downToken, 'prune')).sort(), ['gone2', 'main']);
    const patched = await p.down.api('PATCH', '/repos/root/prune', { auth: p.downToken, body: { enable_prune: false } });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((await status(p.down, p.downToken, 'prune')).enable_prune, false);
    await push(work, 'prune', ':gone2');
    const s = await syncNow('prune');
    assert.equal(s.last_error, '');
    assert.deepEqual(Object.keys(await branches(p.down, p.downToken, 'prune')).sort(), ['gone2', 'main']);
  });

  test('mirror_interval alone through PATCH reschedules; 0 turns it off; bad values are 422s', async () => {
    const work = await upstreamRepo(p, 'ival');
    await migrate('ival');
    const two = await p.down.api('PATCH', '/repos/root/ival', { auth: p.downToken, body: { mirror_interval: '2h' } });
    assert.equal(two.status, 200, two.text);
    assert.equal(two.body.mirror_interval, '2h0m0s');
    const due = Date.parse((await status(p.down, p.downToken, 'ival')).next_update);
    assert.ok(Math.abs(due - (Date.now() + 2 * 3_600_000)) < 60_000);
    const off = await p.down.api('PATCH', '/repos/root/ival', { auth: p.downToken, body: { mirror_interval: '0' } });
    assert.equal(off.body.mirror_interval, '0s');
    assert.equal((await status(p.down, p.downToken, 'ival')).next_update, null);
    for (const bad of ['500ms', 'soon']) {
      const res = await p.down.api('PATCH', '/repos/root/ival', { auth: p.downToken, body: { mirror_interval: bad } });
      assert.equal(res.status, 422);
      assert.ok(res.body.message.includes(bad), res.body.message);
    }
    const head = await commitFiles(p.g, work, { 'c.txt': 'c\n' }, 'third');
    await push(work, 'ival', 'main');
    await p.down.api('PATCH', '/repos/root/ival', { auth: p.downToken, body: { mirror_interval: '1s' } });
    await eventually(async () => (await branches(p.down, p.downToken, 'ival')).main === head, 15_000, 'the sync after the interval edit');
  });

  test('changed credentials: the failure is recorded (masked), new credentials through PATCH fix it', async () => {
    const work = await upstreamRepo(p, 'creds');
    const t2 = await createToken(p.up, ADMIN.username, ADMIN.password, ['all'], 'mirror-token');
    const res = await p.down.api('POST', '/repos/migrate', {
      auth: p.downToken, body: { clone_addr: upstreamUrl(p, 'creds'), repo_name: 'creds', mirror: true, auth_token: t2 },
    });
    assert.equal(res.status, 201, res.text);
    const del = await p.up.api('DELETE', '/users/root/tokens/mirror-token', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(del.status, 204, del.text);
    const head = await commitFiles(p.g, work, { 'd.txt': 'd\n' }, 'fourth');
    await push(work, 'creds', 'main');
    const failed = await syncNow('creds');
    // what happened and what to do, in words, not git's "could not read Username ... terminal prompts disabled"
    assert.match(failed.last_error, /^Authentication failed at the source/);
    assert.match(failed.last_error, /PATCH \/api\/v1\/repos\/root\/creds .*mirror_password.*mirror_token/);
    assert.doesNotMatch(failed.last_error, /terminal prompts|could not read/);
    assert.ok(!failed.last_error.includes(t2));
    assert.ok(failed.consecutive_failures >= 1);
    assert.ok(failed.last_error_at);
    assert.notEqual((await branches(p.down, p.downToken, 'creds')).main, head);
    const t3 = await createToken(p.up, ADMIN.username, ADMIN.password, ['all'], 'mirror-token-2');
    const patched = await p.down.api('PATCH', '/repos/root/creds', { auth: p.downToken, body: { mirror_username: ADMIN.username, mirror_password: t3 } });
    assert.equal(patched.status, 200, patched.text);
    const ok = await syncNow('creds');
    assert.equal(ok.last_error, '');
    assert.equal(ok.consecutive_failures, 0);
    assert.equal((await branches(p.down, p.downToken, 'creds')).main, head);
  });

  test('a sync waits while a backup fixes its snapshot point; the fetched refs are never shown to clients', async () => {
    const work = await upstreamRepo(p, 'held');
    await migrate('held');
    const old = (await branches(p.down, p.downToken, 'held')).main;
    const head = await commitFiles(p.g, work, { 'c.txt': 'c\n' }, 'third');
    await push(work, 'held', 'main');
    const rec = (await repoStore.list(p.down.app.store, (r) => r.name === 'held'))[0]!;
    const gitDir = repoStore.gitDirOf(p.down.app.store, rec);
    let open!: () => void;
    const holding = new Promise<void>((resolve) => { open = resolve; });
    const fixed = p.down.app.point.fix(() => holding);
    const res = await p.down.api('POST', '/repos/root/held/mirror-sync', { auth: p.downToken });
    assert.equal(res.status, 200, res.text);
    // The fetch itself goes on: the new commit reaches the host's own namespace...
    await eventually(async () => (await readRefFiles(gitDir)).some((r) => r.ref === 'refs/homeforge/mirror/heads/main' && r.sha === head), 15_000, 'the fetch');
    await new Promise((r) => setTimeout(r, 500));
    // ...but the served branch and its record wait for the point.
    assert.equal((await branches(p.down, p.downToken, 'held')).main, old);
    open();
    await fixed;
    await eventually(async () => (await branches(p.down, p.downToken, 'held')).main === head, 15_000, 'the sync after the point');
    const advertised = await p.g.ok(['ls-remote', withCredentials(`${p.down.url}/root/held.git`, ADMIN.username, p.downToken)]);
    assert.match(advertised, /refs\/heads\/main/);
    assert.doesNotMatch(advertised, /refs\/homeforge/);
  });
});
