import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startPair, upstreamRepo, upstreamUrl, branches, commitFiles, eventually, sleep, ADMIN, type Pair } from './helpers.ts';
import * as mirrorStore from '../../server/store/mirrors.ts';
import * as repoStore from '../../server/store/repos.ts';
import type { TestHost } from '../helpers/host.ts';
import { pushInFlight } from '../../server/git/activity.ts';

const status = async (h: TestHost, token: string, repo: string) => (await h.api('GET', `/../homeforge/repos/root/${repo}/mirror`, { auth: token })).body;

async function mirrorOf(h: TestHost, name: string): Promise<mirrorStore.MirrorRecord> {
  const repo = await repoStore.getByOwnerAndName(h.app.store, 1, name);
  const m = repo && (await mirrorStore.getByRepo(h.app.store, repo.id));
  assert.ok(m);
  return m;
}

describe('failing upstreams', () => {
  let p: Pair;
  let hang: net.Server;
  let hangUrl: string;
  const sockets = new Set<net.Socket>();
  before(async () => {
    p = await startPair({ 'git.timeout.MIRROR': '2' });
    // An upstream that accepts connections and never answers.
    hang = net.createServer((s) => { sockets.add(s); s.on('error', () => undefined); });
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    hangUrl = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/x.git`;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => hang.close(() => r()));
    await p.stop();
  });

  const migrate = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await p.down.api('POST', '/repos/migrate', {
      auth: p.downToken, body: { clone_addr: upstreamUrl(p, name), repo_name: name, mirror: true, auth_username: ADMIN.username, auth_password: p.upToken, ...extra },
    });
    assert.equal(res.status, 201, res.text);
  };

  test('a failing upstream is recorded and retried with growing delays; a hanging one times out; neither stalls a healthy mirror', async () => {
    await upstreamRepo(p, 'doomed');
    await upstreamRepo(p, 'stuck');
    const work = await upstreamRepo(p, 'healthy');
    await migrate('doomed', { mirror_interval: '1s' });
    await migrate('stuck', { mirror_interval: '1s' });
    await migrate('healthy', { mirror_interval: '1s' });
    // The upstream of one goes away, the other starts hanging.
    assert.equal((await p.up.api('DELETE', '/repos/root/doomed', { auth: p.upToken })).status, 204);
    await mirrorStore.update(p.down.app.store, (await mirrorOf(p.down, 'stuck')).id, (m) => { m.remote_address = hangUrl; });
    const started = Date.now();
    // A fetch under way counts as objects arriving: upkeep keeps the repository's unreachable objects meanwhile.
    const stuckRecord = (await repoStore.list(p.down.app.store, (r) => r.name === 'stuck'))[0]!;
    await eventually(async () => pushInFlight(repoStore.gitDirOf(p.down.app.store, stuckRecord)), 10_000, 'the hanging fetch counted as in flight');
    const head = await commitFiles(p.g, work, { 'h.txt': 'h\n' }, 'healthy change');
    await p.g.ok(['push', '-q', upstreamUrl(p, 'healthy', true), 'main'], { cwd: work });
    await eventually(async () => (await branches(p.down, p.downToken, 'healthy')).main === head, 10_000, 'the healthy mirror');
    const doomed = await eventually(async () => {
      const s = await status(p.down, p.downToken, 'doomed');
      return s.consecutive_failures >= 2 && s;
    }, 15_000, 'two failures');
    assert.match(doomed.last_error, /not found|404/i);
    assert.ok(doomed.last_error_at);
    const stuck = await eventually(async () => {
      const s = await status(p.down, p.downToken, 'stuck');
      return s.last_error !== '' && s;
    }, 15_000, 'the timeout');
    assert.match(stuck.last_error, /timed out/);
    // Backoff: delays of 1s, 2s, 4s ... so a few attempts in this window, not one per tick (4 a second).
    await sleep(Math.max(0, 8000 - (Date.now() - started)));
    const after8s = await status(p.down, p.downToken, 'doomed');
    assert.ok(after8s.consecutive_failures <= 5, `attempts: ${after8s.consecutive_failures}`);
    const next = Date.parse(after8s.next_update) - Date.parse(after8s.last_update);
    assert.ok(next >= 2000, `retry delay ${next} ms`);
  });

  test('after a sleep, a mirror long overdue syncs once, not once per missed interval', async () => {
    const work = await upstreamRepo(p, 'sleepy');
    await migrate('sleepy', { mirror_interval: '1h' });
    const head = await commitFiles(p.g, work, { 's.txt': 's\n' }, 'while asleep');
    await p.g.ok(['push', '-q', upstreamUrl(p, 'sleepy', true), 'main'], { cwd: work });
    const m = await mirrorOf(p.down, 'sleepy');
    const before0 = m.last_success;
    // As if the machine slept through ten intervals: the stored due time is ten hours ago.
    await mirrorStore.update(p.down.app.store, m.id, (r) => { r.next_update = Date.now() - 10 * 3_600_000; });
    await eventually(async () => (await branches(p.down, p.downToken, 'sleepy')).main === head, 20_000, 'the overdue sync');
    const s = await eventually(async () => {
      const x = await status(p.down, p.downToken, 'sleepy');
      return x.last_success !== before0 && x;
    });
    await sleep(1500);
    const again = await status(p.down, p.downToken, 'sleepy');
    assert.equal(again.last_success, s.last_success, 'one sync only');
    assert.ok(Date.parse(again.next_update) > Date.now() + 3_000_000, 'next due one interval after the sync');
    // Deleting the mirror drops its record.
    assert.equal((await p.down.api('DELETE', '/repos/root/sleepy', { auth: p.downToken })).status, 204);
    assert.equal(await mirrorStore.getById(p.down.app.store, m.id), undefined);
  });
});

describe('one sync per mirror at a time', () => {
  let p: Pair;
  before(async () => { p = await startPair(); });
  after(async () => { await p.stop(); });

  test('many requests for one mirror never overlap, and the last one is not lost', async () => {
    const work = await upstreamRepo(p, 'busy');
    const res = await p.down.api('POST', '/repos/migrate', {
      auth: p.downToken, body: { clone_addr: upstreamUrl(p, 'busy'), repo_name: 'busy', mirror: true, auth_username: ADMIN.username, auth_password: p.upToken },
    });
    assert.equal(res.status, 201, res.text);
    // Watch the jobs handed to the worker: how many pulls of this repository are out at once.
    const worker = p.down.worker;
    const send = worker.send.bind(worker);
    const out = new Set<number>();
    let peak = 0;
    let sent = 0;
    worker.send = (msg) => {
      if (msg.type === 'mirror' && msg.job.kind === 'pull') {
        out.add(msg.job.id);
        sent += 1;
        peak = Math.max(peak, out.size);
      }
      send(msg);
    };
    const off = worker.on((msg) => { if (msg.type === 'mirror-result') out.delete(msg.result.id); });
    try {
      const head = await commitFiles(p.g, work, { 'busy.txt': 'busy\n' }, 'busy');
      await p.g.ok(['push', '-q', upstreamUrl(p, 'busy', true), 'main'], { cwd: work });
      await Promise.all(Array.from({ length: 6 }, () => p.down.api('POST', '/repos/root/busy/mirror-sync', { auth: p.downToken })));
      await eventually(async () => (await branches(p.down, p.downToken, 'busy')).main === head, 15_000, 'the sync');
      await eventually(async () => out.size === 0 && sent >= 2, 15_000, 'the follow-up sync');
      assert.equal(peak, 1, `pulls of one mirror out at once: ${peak}`);
    } finally {
      off();
      worker.send = send;
    }
  });
});
