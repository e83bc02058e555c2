import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startPair, upstreamUrl, branches, commitFiles, eventually, sleep, withCredentials, ADMIN, type Pair } from './helpers.ts';
import { makeUser, pw } from '../accounts/helpers.ts';
import * as pushStore from '../../server/store/push-mirrors.ts';
import * as repoStore from '../../server/store/repos.ts';
import { queuePushMirrorsOnCommit } from '../../server/services/mirror/index.ts';

describe('push mirrors', () => {
  let p: Pair;
  before(async () => { p = await startPair(); });
  after(async () => { await p.stop(); });

  /** A repository on the mirroring host with one commit, an empty target on the upstream host, and a work tree. */
  const setup = async (name: string) => {
    assert.equal((await p.down.api('POST', '/user/repos', { auth: p.downToken, body: { name, auto_init: true } })).status, 201);
    assert.equal((await p.up.api('POST', '/user/repos', { auth: p.upToken, body: { name: `${name}-target`, private: true } })).status, 201);
    const url = withCredentials(`${p.down.url}/root/${name}.git`, ADMIN.username, p.downToken);
    const work = path.join(p.g.dir, `${name}-push`);
    await p.g.ok(['clone', '-q', url, work]);
    return { url, work };
  };
  const addMirror = (name: string, body: Record<string, unknown>) => p.down.api('POST', `/repos/root/${name}/push_mirrors`, {
    auth: p.downToken, body: { remote_address: upstreamUrl(p, `${name}-target`), remote_username: ADMIN.username, remote_password: p.upToken, ...body },
  });
  const target = (name: string) => branches(p.up, p.upToken, `${name}-target`);

  test('sync_on_commit pushes after each push (deletions too), with Gitea\'s PushMirror shape', async () => {
    const { url, work } = await setup('oncommit');
    const res = await addMirror('oncommit', { interval: '0', sync_on_commit: true });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.remote_name, /^remote_mirror_[A-Za-z0-9]{10}$/);
    assert.equal(res.body.remote_address, upstreamUrl(p, 'oncommit-target'));
    assert.equal(res.body.repo_name, 'oncommit');
    assert.equal(res.body.interval, '0s');
    assert.equal(res.body.sync_on_commit, true);
    assert.equal(res.body.last_update, null);
    assert.equal(res.body.last_error, '');
    const head = await commitFiles(p.g, work, { 'a.txt': 'a\n' }, 'on commit');
    await p.g.ok(['push', '-q', url, 'main', 'main:side'], { cwd: work });
    await eventually(async () => { const t = await target('oncommit'); return t.main === head && t.side === head; }, 15_000, 'the push');
    await p.g.ok(['push', '-q', url, ':side'], { cwd: work });
    await eventually(async () => !('side' in (await target('oncommit'))), 15_000, 'the deletion');
    const one = await p.down.api('GET', `/repos/root/oncommit/push_mirrors/${res.body.remote_name}`, { auth: p.downToken });
    assert.equal(one.status, 200);
    assert.ok(one.body.last_update);
    assert.equal(one.body.last_error, '');
    const list = await p.down.api('GET', '/repos/root/oncommit/push_mirrors', { auth: p.downToken });
    assert.deepEqual(list.body.map((m: { remote_name: string }) => m.remote_name), [res.body.remote_name]);
    assert.equal(list.headers.get('x-total-count'), '1');
    const del = await p.down.api('DELETE', `/repos/root/oncommit/push_mirrors/${res.body.remote_name}`, { auth: p.downToken });
    assert.equal(del.status, 204);
    assert.equal((await p.down.api('GET', `/repos/root/oncommit/push_mirrors/${res.body.remote_name}`, { auth: p.downToken })).status, 404);
  });

  test('a push mirror runs on its interval, and on request', async () => {
    const { url, work } = await setup('timed');
    const head = await commitFiles(p.g, work, { 't.txt': 't\n' }, 'timed');
    await p.g.ok(['push', '-q', url, 'main'], { cwd: work });
    const res = await addMirror('timed', { interval: '1s', sync_on_commit: false });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.interval, '1s');
    await eventually(async () => (await target('timed')).main === head, 15_000, 'the interval push');
    const res2 = await addMirror('timed', { interval: '0', remote_address: upstreamUrl(p, 'timed-manual') });
    assert.equal(res2.status, 200);
    assert.equal((await p.up.api('POST', '/user/repos', { auth: p.upToken, body: { name: 'timed-manual' } })).status, 201);
    const sync = await p.down.api('POST', '/repos/root/timed/push_mirrors-sync', { auth: p.downToken });
    assert.equal(sync.status, 200, sync.text);
    await eventually(async () => (await branches(p.up, p.upToken, 'timed-manual')).main === head, 15_000, 'the requested push');
  });

  test('an archived repository runs no push mirror: not on interval, not on commit, not on request', async () => {
    const { url, work } = await setup('frozen');
    const head = await commitFiles(p.g, work, { 'f.txt': 'f\n' }, 'frozen');
    await p.g.ok(['push', '-q', url, 'main'], { cwd: work });
    const res = await addMirror('frozen', { interval: '1h', sync_on_commit: true });
    assert.equal(res.status, 200, res.text);
    assert.equal((await p.down.api('PATCH', '/repos/root/frozen', { auth: p.downToken, body: { archived: true } })).status, 200);
    const repo = (await repoStore.getByOwnerAndName(p.down.app.store, 1, 'frozen'))!;
    const pm = (await pushStore.getByName(p.down.app.store, repo.id, res.body.remote_name))!;
    // Due now, as far as the schedule goes.
    await pushStore.update(p.down.app.store, pm.id, (r) => { r.next_update = Date.now() - 1000; });
    await queuePushMirrorsOnCommit(p.down.app, repo);
    const sync = await p.down.api('POST', '/repos/root/frozen/push_mirrors-sync', { auth: p.downToken });
    assert.equal(sync.status, 423);
    await sleep(2000);
    assert.equal((await pushStore.getById(p.down.app.store, pm.id))!.last_update, null);
    assert.deepEqual(await target('frozen'), {});
    // Unarchived, the mirror that was due runs.
    assert.equal((await p.down.api('PATCH', '/repos/root/frozen', { auth: p.downToken, body: { archived: false } })).status, 200);
    await eventually(async () => (await target('frozen')).main === head, 15_000, 'the push after unarchiving');
  });

  test('bad input: intervals, addresses, permissions', async () => {
    await setup('picky');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ interval: '' }, /invalid duration/],
      [{ interval: '500ms' }, /500ms.*below minimum interval/],
      [{ interval: '1h', remote_address: 'ftp://127.0.0.1/x.git' }, /Invalid mirror protocol/],
      [{ interval: '1h', remote_address: 'http://' }, /Invalid Url/],
    ];
    for (const [body, message] of cases) {
      const res = await addMirror('picky', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    await makeUser(p.down, 'carol');
    const col = await p.down.api('PUT', '/repos/root/picky/collaborators/carol', { auth: p.downToken, body: { permission: 'write' } });
    assert.equal(col.status, 204, col.text);
    const asWriter = await p.down.api('GET', '/repos/root/picky/push_mirrors', { auth: ['carol', pw('carol')] });
    assert.equal(asWriter.status, 403);
    const local = await p.down.api('POST', '/repos/root/picky/push_mirrors', { auth: ['carol', pw('carol')], body: { remote_address: '/tmp', interval: '1h' } });
    assert.equal(local.status, 403);
    const ok = await addMirror('picky', { interval: '8h' });
    assert.equal(ok.body.interval, '8h0m0s');
    assert.equal(ok.body.sync_on_commit, false);
    // Deleting the repository drops its push mirrors.
    const repo = (await repoStore.getByOwnerAndName(p.down.app.store, 1, 'picky'))!;
    assert.equal((await p.down.api('DELETE', '/repos/root/picky', { auth: p.downToken })).status, 204);
    assert.deepEqual(await pushStore.listByRepo(p.down.app.store, repo.id), []);
  });
});
