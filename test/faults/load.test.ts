/**
 * Load: 50 concurrent clients for FAULTS_LOAD_SECONDS (60 by default) against a host in its own process:
 * readers of repositories, contents, branches and commits; writers creating repositories, tokens (then deleting
 * them), hooks (then editing them) and editing descriptions; pushers sending small commits with the real git
 * client to a few repositories. No 5xx, no transport error, and every acknowledged write is there at the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, request } from '../helpers/host.ts';
import { startChildHost } from '../helpers/child-host.ts';
import { gitSandbox, makeRepo, type GitSandbox } from '../helpers/git.ts';
import { rng, seedFromEnv, type Rng } from './prng.ts';
import { Ledger, Unreachable, call, createAndDeleteToken, createHook, createRepo, editRepo, push, type Edited, type Pushed, type Target } from './writes.ts';

const SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
const CLIENTS = 50;
const READERS = 30;
const PUSHERS = 6;
const REPOS = 3;

interface Load { t: Target; l: Ledger; g: GitSandbox; r: Rng; until: number; reads: number; failures: string[] }

async function reader(s: Load, c: number): Promise<void> {
  const repo = `/repos/${ADMIN.username}/load-${c % REPOS}`;
  const paths = [repo, `${repo}/contents`, `${repo}/contents/README.md`, `${repo}/branches`, `${repo}/commits?limit=5`, `${repo}/branches/main`, '/user', `/users/${ADMIN.username}/repos`];
  while (Date.now() < s.until) {
    const p = s.r.pick(paths);
    try {
      const res = await call(s.t, 'GET', p);
      s.reads += 1;
      if (res.status !== 200) s.failures.push(`GET ${p}: ${res.status} ${res.text.slice(0, 200)}`);
    } catch (err) {
      s.failures.push(`GET ${p}: ${(err as Error).message}`);
    }
  }
}

async function writer(s: Load, c: number): Promise<void> {
  const edit: Edited = { path: `/repos/${ADMIN.username}/load-${c % REPOS}`, n: 0, acked: 0 };
  // Each writer edits its own repository's description, so the last acknowledged value is known.
  const own = `w-${c}`;
  await createRepo(s.t, s.l, own, true);
  const mine: Edited = { path: `/repos/${ADMIN.username}/${own}`, n: 0, acked: 0 };
  for (let n = 0; Date.now() < s.until; n++) {
    try {
      switch (s.r.int(0, 3)) {
        case 0: await createRepo(s.t, s.l, `w-${c}-${n}`, s.r.next() < 0.5); break;
        case 1: await createAndDeleteToken(s.t, s.l, `w-${c}-${n}`, ADMIN.password); break;
        case 2: await createHook(s.t, s.l, edit.path, c * 100_000 + n); break;
        default: await editRepo(s.t, s.l, mine);
      }
    } catch (err) {
      s.failures.push(`writer ${c}: ${(err as Error).message}`);
      if (err instanceof Unreachable) return;
    }
  }
}

async function pusher(s: Load, p: Pushed): Promise<void> {
  while (Date.now() < s.until) {
    try {
      await push(s.t, s.l, s.g, p);
    } catch (err) {
      s.failures.push(`push ${p.repo} ${p.branch}: ${(err as Error).message}`);
    }
  }
}

test(`${CLIENTS} clients for ${SECONDS} s mixing reads, writes and pushes: no error, no lost write`, { timeout: (SECONDS + 240) * 1000 }, async () => {
  const seed = seedFromEnv();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-load-'));
  const g = await gitSandbox();
  const host = await startChildHost(dataDir);
  try {
    const tok = await request(host.url, 'POST', `/api/v1/users/${ADMIN.username}/tokens`, { auth: [ADMIN.username, ADMIN.password], body: { name: 'load', scopes: ['all'] } });
    assert.equal(tok.status, 201, tok.text);
    const s: Load = { t: { url: host.url, token: tok.body.sha1, dataDir, user: ADMIN.username }, l: new Ledger(), g, r: rng(seed), until: 0, reads: 0, failures: [] };
    const ids: number[] = [];
    for (let i = 0; i < REPOS; i++) {
      const made = await call(s.t, 'POST', '/user/repos', { body: { name: `load-${i}`, auto_init: true } });
      assert.equal(made.status, 201, made.text);
      ids.push(made.body.id as number);
    }
    const pushed: Pushed[] = [];
    for (let i = 0; i < PUSHERS; i++) {
      const local = path.join(g.dir, `pusher-${i}`);
      await makeRepo(g, local, { 'start.txt': `pusher ${i}\n` });
      pushed.push({ repo: `load-${i % REPOS}`, branch: `p-${i}`, repoId: ids[i % REPOS]!, local, commits: 0, acked: null });
    }
    s.until = Date.now() + SECONDS * 1000;
    await Promise.all([
      ...Array.from({ length: READERS }, (_, c) => reader(s, c)),
      ...Array.from({ length: CLIENTS - READERS - PUSHERS }, (_, c) => writer(s, c)),
      ...pushed.map((p) => pusher(s, p)),
    ]);
    const lost = await s.l.verifyAll(s.t);
    const errors = s.l.errors.map((e) => e.text);
    console.log(`load (seed ${seed}): ${CLIENTS} clients for ${SECONDS} s, ${s.reads} reads, ${s.l.acks.length} acknowledged writes checked (${pushed.reduce((n, p) => n + p.commits, 0)} commits pushed), ${lost.length} lost, ${s.failures.length + errors.length} errors`);
    if (s.failures.length + errors.length > 0) console.log(`host log:\n${host.stderr().slice(0, 4000)}`);
    assert.deepEqual([...s.failures, ...errors].slice(0, 30), [], 'no 5xx, no transport error, no refused write');
    assert.deepEqual(lost, [], 'every acknowledged write is there');
    assert.ok(s.l.acks.length > 0 && s.reads > 0);
  } finally {
    await host.kill('SIGTERM');
    await g.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
});
