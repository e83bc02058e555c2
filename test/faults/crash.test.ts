/**
 * Crash safety: the host runs as a child process while clients create users, tokens, repositories and hooks,
 * edit them and push commits; it is SIGKILLed at a random moment (seeded), 20 times, and restarted on the same
 * data dir. After each restart: every store document parses, every acknowledged write is there, every
 * repository passes `git fsck --strict`, and every hook task that was undelivered at the kill reaches the
 * receiver; over the whole run no delivery id arrives twice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, request } from '../helpers/host.ts';
import { startChildHost, type ChildHost } from '../helpers/child-host.ts';
import { gitSandbox, makeRepo, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { rng, seedFromEnv, type Rng } from './prng.ts';
import { Ledger, Unreachable, createUser, createToken, createRepo, createHook, editRepo, push, call, createAndPurgeUser, type Target, type Edited, type Pushed } from './writes.ts';
import { fsckAll, hookTasks, multiDocumentProblems, unreadableDocuments } from './inspect.ts';

/** Its receiver listens on loopback, which webhooks reach only when the owner allows it. */
const LOOPBACK_HOOKS = { HOMEFORGE__WEBHOOK__ALLOWED_HOST_LIST: 'loopback' };

const KILLS = Number(process.env.FAULTS_KILLS ?? 20);
const API_CLIENTS = 3;

interface Run { r: Rng; t: Target; l: Ledger; g: GitSandbox; edits: Edited[]; pushed: Pushed[]; round: number }

async function setUp(run: Run, rx: Receiver): Promise<void> {
  // A default hook: every repository created from here on gets a copy in the same multi-document write.
  const def = await call(run.t, 'POST', '/admin/hooks', { body: { type: 'gitea', active: false, events: ['push'], config: { url: `${rx.url}/default`, content_type: 'json' } } });
  assert.equal(def.status, 201, def.text);
  const hook = await call(run.t, 'POST', '/user/hooks', { body: { type: 'gitea', active: true, events: ['push', 'repository'], config: { url: rx.url, content_type: 'json' } } });
  assert.equal(hook.status, 201, hook.text);
  for (let i = 0; i < 2; i++) {
    const made = await call(run.t, 'POST', '/user/repos', { body: { name: `pushed-${i}`, auto_init: false } });
    assert.equal(made.status, 201, made.text);
    const local = path.join(run.g.dir, `pushed-${i}`);
    await makeRepo(run.g, local, { 'README.md': `pushed ${i}\n` });
    run.pushed.push({ repo: `pushed-${i}`, repoId: made.body.id as number, local, commits: 0, acked: null });
    run.edits.push({ path: `/repos/${ADMIN.username}/pushed-${i}`, n: 0, acked: 0 });
  }
}

/** One API client: a random write at a time until the host is gone. */
async function apiClient(run: Run, c: number, gone: () => boolean): Promise<void> {
  for (let n = 0; !gone(); n++) {
    const name = `r${run.round}c${c}n${n}`;
    try {
      switch (run.r.int(0, 5)) {
        case 0: await createUser(run.t, run.l, `u-${name}`); break;
        case 1: await createToken(run.t, run.l, `t-${name}`, ADMIN.password); break;
        case 2: await createRepo(run.t, run.l, `repo-${name}`, run.r.next() < 0.5); break;
        case 3: await createHook(run.t, run.l, `/repos/${ADMIN.username}/pushed-${c % 2}`, run.round * 1000 + c * 100 + n); break;
        case 4: await createAndPurgeUser(run.t, run.l, `p-${name}`); break;
        default: await editRepo(run.t, run.l, run.edits[c % run.edits.length]!);
      }
    } catch (err) {
      if (err instanceof Unreachable) return;
      throw err;
    }
  }
}

/** One pushing client: commits and pushes to its repository until the host is gone. */
async function pushClient(run: Run, p: Pushed, gone: () => boolean): Promise<void> {
  while (!gone()) {
    try {
      await push(run.t, run.l, run.g, p);
    } catch (err) {
      if (err instanceof Unreachable) return;
      throw err;
    }
  }
}

async function waitForDeliveries(rx: Receiver, uuids: string[], timeoutMs = 60_000): Promise<string[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = new Set(rx.got.map((g) => String(g.headers['x-gitea-delivery'])));
    const missing = uuids.filter((u) => !got.has(u));
    if (missing.length === 0 || Date.now() > end) return missing;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Resolves once the ledger holds more than `before` acknowledged writes (fails after a minute without one). */
async function firstAckSince(l: Ledger, before: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (l.acks.length <= before) {
    assert.ok(Date.now() < end, 'the restarted host acknowledged no write within a minute');
    await new Promise((res) => setTimeout(res, 20));
  }
}

/** After a kill: the store parses, the host restarts, the acknowledged writes and repositories are sound. */
async function checkAfterKill(run: Run, rx: Receiver, dataDir: string): Promise<{ host: ChildHost; problems: string[]; pending: number; repos: number; ms: Record<string, number> }> {
  const ms: Record<string, number> = {};
  let lapStart = Date.now();
  const lap = (what: string): void => { ms[what] = Date.now() - lapStart; lapStart = Date.now(); };
  const problems = (await unreadableDocuments(dataDir)).map((p) => `unreadable store document ${p}`);
  const pending = (await hookTasks(dataDir)).filter((x) => !x.delivered).map((x) => x.uuid);
  const host = await startChildHost(dataDir, LOOPBACK_HOOKS);
  lap('restart');
  // The restart has replayed or rolled back the journal: multi-document writes are all there or not at all.
  problems.push(...(await multiDocumentProblems(dataDir)));
  run.t.url = host.url;
  problems.push(...(await run.l.verifyAll(run.t)));
  lap('verify');
  const fsck = await fsckAll(dataDir);
  lap('fsck');
  problems.push(...fsck.problems);
  const missing = await waitForDeliveries(rx, pending);
  lap('deliveries');
  problems.push(...missing.map((u) => `hook task ${u}, undelivered at the kill, never delivered`));
  if (problems.length > 0 || run.l.errors.some((e) => e.http)) problems.push(`host log: ${host.stderr().slice(0, 3000)}`);
  return { host, problems, pending: pending.length, repos: fsck.checked, ms };
}

test(`SIGKILL the host ${KILLS} times during API writes and pushes: nothing acknowledged is lost`, { timeout: 900_000 }, async () => {
  const seed = seedFromEnv();
  console.log(`crash safety: seed ${seed} (FAULTS_SEED=${seed} repeats the choices)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-crash-'));
  const g = await gitSandbox();
  const rx = await startReceiver();
  let host = await startChildHost(dataDir, LOOPBACK_HOOKS);
  try {
    const tok = await request(host.url, 'POST', `/api/v1/users/${ADMIN.username}/tokens`, { auth: [ADMIN.username, ADMIN.password], body: { name: 'crash', scopes: ['all'] } });
    assert.equal(tok.status, 201, tok.text);
    const run: Run = { r: rng(seed), t: { url: host.url, token: tok.body.sha1, dataDir, user: ADMIN.username }, l: new Ledger(), g, edits: [], pushed: [], round: 0 };
    await setUp(run, rx);
    const problems: string[] = [];
    let pendingTotal = 0;
    let repos = 0;
    for (run.round = 0; run.round < KILLS; run.round++) {
      let killedAt = Infinity;
      const gone = (): boolean => killedAt !== Infinity;
      const clients = [
        ...Array.from({ length: API_CLIENTS }, (_, c) => apiClient(run, c, gone)),
        ...run.pushed.map((p) => pushClient(run, p, gone)),
      ];
      // The kill falls at a random moment after the round's first acknowledged write, so every round
      // (however loaded the machine) kills a host that was doing work.
      await firstAckSince(run.l, run.l.acks.length);
      await new Promise((res) => setTimeout(res, run.r.int(0, 2200)));
      killedAt = Date.now();
      await host.kill('SIGKILL');
      await Promise.all(clients);
      const after = await checkAfterKill(run, rx, dataDir);
      host = after.host;
      pendingTotal += after.pending;
      repos = after.repos;
      const found = [
        ...after.problems.map((p) => `after kill ${run.round + 1}: ${p}`),
        ...run.l.errors.filter((e) => e.http || e.at < killedAt).map((e) => `round ${run.round + 1}: ${e.text}`),
      ];
      // One line a round, printed as it ends, so a run cut short by its time limit still shows where it was.
      console.log(`crash safety: kill ${run.round + 1}: ${after.pending} tasks pending, ms ${JSON.stringify(after.ms)}${found.length ? `, problems: ${found.join('; ').slice(0, 2000)}` : ''}`);
      problems.push(...found);
      run.l.errors.length = 0;
    }
    await host.kill('SIGTERM');
    const ids = rx.got.map((x) => String(x.headers['x-gitea-delivery']));
    const twice = ids.length - new Set(ids).size;
    const stored = await hookTasks(dataDir);
    console.log(`crash safety: ${KILLS} kills, ${run.l.acks.length} acknowledged writes checked after each restart (${run.pushed.map((p) => `${p.repo}: ${p.commits} commits`).join(', ')}), ${repos} repositories fsck'd, ${pendingTotal} tasks undelivered at a kill, ${ids.length} deliveries received, ${twice} twice, ${stored.length} tasks stored`);
    assert.deepEqual(problems, []);
    assert.equal(twice, 0, 'no delivery id received twice');
    assert.ok(run.l.acks.length >= KILLS, 'each round acknowledged a write');
  } finally {
    await host.kill('SIGKILL');
    rx.delayMs = 0;
    await rx.close();
    await g.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
});
