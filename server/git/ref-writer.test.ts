import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RefWriterPool } from './ref-writer.ts';
import { tagObjectBody } from './loose-object.ts';
import { PackBuilder } from './pack-write.ts';
import { GitCommandError } from './read.ts';

const ZERO = '0'.repeat(40);
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' } }).trim();

/** A repository with two commits on main; returns its git dir and both ids. */
function repo(): { dir: string; gitDir: string; first: string; second: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ref-writer-'));
  const work = path.join(dir, 'work');
  git(dir, 'init', '-q', '-b', 'main', work);
  writeFileSync(path.join(work, 'a.txt'), 'a\n');
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'one');
  const first = git(work, 'rev-parse', 'HEAD');
  writeFileSync(path.join(work, 'a.txt'), 'b\n');
  git(work, 'commit', '-q', '-am', 'two');
  return { dir, gitDir: path.join(work, '.git'), first, second: git(work, 'rev-parse', 'HEAD') };
}

const refOf = (gitDir: string, ref: string): string => {
  try {
    return execFileSync('git', ['rev-parse', '--verify', '-q', ref], { cwd: gitDir, encoding: 'utf8', env: { ...process.env, GIT_DIR: gitDir } }).trim();
  } catch {
    return '';
  }
};

/** Runs `fn` with a new repository and ref writer pool, both closed and removed afterwards. */
async function withPool(fn: (r: ReturnType<typeof repo>, pool: RefWriterPool) => Promise<void>): Promise<void> {
  const r = repo();
  const pool = new RefWriterPool();
  try {
    await fn(r, pool);
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
}

/** Asks the pool to create tag `name` at the second commit, bringing its tag object along. */
function tagWrite(pool: RefWriterPool, r: ReturnType<typeof repo>, name: string): { id: string; done: Promise<void> } {
  const objects = new PackBuilder('sha1');
  const id = objects.add('tag', tagObjectBody(name, r.second, 'commit', `release ${name}`, { name: 'T', email: 't@x' }, 1700000000));
  return { id, done: pool.apply(r.gitDir, [{ ref: `refs/tags/${name}`, newId: id, oldId: ZERO }], objects) };
}

/** Whether the object is stored as a loose file. */
const isLoose = (gitDir: string, id: string): boolean => existsSync(path.join(gitDir, 'objects', id.slice(0, 2), id.slice(2)));

/** The next turn of the event loop. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('concurrent writes to one repository share transactions and each lands', () => withPool(async (r, pool) => {
  const writes = Array.from({ length: 40 }, (_, i) => pool.apply(r.gitDir, [{ ref: `refs/heads/b${i}`, newId: r.second, oldId: ZERO }]));
  await Promise.all(writes);
  for (let i = 0; i < 40; i++) assert.equal(refOf(r.gitDir, `refs/heads/b${i}`), r.second);
  assert.ok(pool.stats.transactions < 40, `40 writes took ${pool.stats.transactions} transactions`);
  assert.ok(pool.stats.batched > 0);
  assert.equal(pool.started, 1);
}));

test('one refused write in a batch fails alone; the others succeed', () => withPool(async (r, pool) => {
  // occupy the writer so the next writes wait together and go as one batch
  const first = pool.apply(r.gitDir, [{ ref: 'refs/heads/x0', newId: r.second, oldId: ZERO }]);
  const good = [1, 2, 3].map((i) => pool.apply(r.gitDir, [{ ref: `refs/heads/x${i}`, newId: r.second, oldId: ZERO }]));
  // main does not hold `first`: git refuses this move
  const bad = pool.apply(r.gitDir, [{ ref: 'refs/heads/main', newId: r.second, oldId: r.first }]);
  const more = pool.apply(r.gitDir, [{ ref: 'refs/heads/x4', newId: r.first, oldId: ZERO }, { ref: 'refs/heads/x5', newId: r.first, oldId: ZERO }]);
  const settled = await Promise.allSettled([first, ...good, more, bad]);
  assert.deepEqual(settled.map((x) => x.status), ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  await assert.rejects(bad, (err) => err instanceof GitCommandError);
  for (const i of [0, 1, 2, 3]) assert.equal(refOf(r.gitDir, `refs/heads/x${i}`), r.second);
  assert.equal(refOf(r.gitDir, 'refs/heads/x4'), r.first);
  assert.equal(refOf(r.gitDir, 'refs/heads/x5'), r.first);
  assert.equal(refOf(r.gitDir, 'refs/heads/main'), r.second);
  assert.ok(pool.stats.retried >= 5, 'the refused batch was tried again write by write');
}));

test('a ref moved underneath: the write expecting its old value fails, the one expecting the new value succeeds', () => withPool(async (r, pool) => {
  await pool.apply(r.gitDir, [{ ref: 'refs/heads/side', newId: r.first, oldId: ZERO }]);
  // another writer (a push) moves the ref while the pool's process stays up
  git(r.gitDir, 'update-ref', 'refs/heads/side', r.second, r.first);
  const stale = pool.apply(r.gitDir, [{ ref: 'refs/heads/side', newId: r.first, oldId: r.first }]);
  const fresh = pool.apply(r.gitDir, [{ ref: 'refs/heads/other', newId: r.first, oldId: ZERO }]);
  const [s1, s2] = await Promise.allSettled([stale, fresh]);
  assert.equal(s1.status, 'rejected');
  assert.ok(s1.status === 'rejected' && s1.reason instanceof GitCommandError);
  assert.equal(s2.status, 'fulfilled');
  assert.equal(refOf(r.gitDir, 'refs/heads/side'), r.second);
  await pool.apply(r.gitDir, [{ ref: 'refs/heads/side', newId: r.first, oldId: r.second }]);
  assert.equal(refOf(r.gitDir, 'refs/heads/side'), r.first);
  assert.equal(refOf(r.gitDir, 'refs/heads/other'), r.first);
}));

test('two writes creating the same branch in one batch: exactly one succeeds', () => withPool(async (r, pool) => {
  const hold = pool.apply(r.gitDir, [{ ref: 'refs/heads/h', newId: r.first, oldId: ZERO }]);
  const a = pool.apply(r.gitDir, [{ ref: 'refs/heads/same', newId: r.first, oldId: ZERO }]);
  const b = pool.apply(r.gitDir, [{ ref: 'refs/heads/same', newId: r.second, oldId: ZERO }]);
  await hold;
  const [ra, rb] = await Promise.allSettled([a, b]);
  assert.equal(ra.status, 'fulfilled');
  assert.equal(rb.status, 'rejected');
  assert.equal(refOf(r.gitDir, 'refs/heads/same'), r.first);
}));

test('the objects writes bring are stored before their moves: a lone one loose, a batch of many as one pack', () => withPool(async (r, pool) => {
  const lone = tagWrite(pool, r, 'v0');
  await lone.done;
  // asked for in one turn of the event loop: one batch, in one pack
  const wave = Array.from({ length: 12 }, (_, i) => tagWrite(pool, r, `v${i + 1}`));
  await Promise.all(wave.map((w) => w.done));
  for (const [i, w] of [lone, ...wave].entries()) assert.equal(refOf(r.gitDir, `refs/tags/v${i}`), w.id);
  assert.ok(isLoose(r.gitDir, lone.id), 'the lone tag object is loose');
  const packs = readdirSync(path.join(r.gitDir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
  assert.equal(packs.length, 1);
  const listed = git(r.gitDir, 'verify-pack', '-v', path.join(r.gitDir, 'objects', 'pack', packs[0]!));
  for (const w of wave) assert.match(listed, new RegExp(`^${w.id} tag `, 'm'));
  assert.equal(pool.stats.transactions, 2);
  git(r.gitDir, 'fsck', '--strict', '--no-dangling');
}));

test('a write with too few objects for a pack waits for the running transaction, and those that come meanwhile join it', () => withPool(async (r, pool) => {
  // a first batch of eight (one pack, stored on the thread pool); the lone write comes while it is stored
  const first = Array.from({ length: 8 }, (_, i) => tagWrite(pool, r, `w${i}`));
  await turn();
  const lone = tagWrite(pool, r, 'w8');
  while (pool.stats.transactions === 0) await turn();
  // the first transaction runs now: ten more come while it does
  const later = Array.from({ length: 10 }, (_, i) => tagWrite(pool, r, `w${9 + i}`));
  await Promise.all([...first, lone, ...later].map((w) => w.done));
  assert.equal(pool.stats.transactions, 2, 'the lone write went with the ten');
  assert.ok(!isLoose(r.gitDir, lone.id), 'no loose object');
  const packs = readdirSync(path.join(r.gitDir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
  assert.equal(packs.length, 2);
  const listed = packs.map((p) => git(r.gitDir, 'verify-pack', '-v', path.join(r.gitDir, 'objects', 'pack', p)));
  const holder = listed.find((l) => l.includes(`${lone.id} tag`));
  assert.ok(holder && later.every((w) => holder.includes(`${w.id} tag`)), 'the lone object is in the pack of the ten');
  git(r.gitDir, 'fsck', '--strict', '--no-dangling');
}));
