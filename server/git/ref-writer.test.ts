import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

test('concurrent writes to one repository share transactions and each lands', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  try {
    const writes = Array.from({ length: 40 }, (_, i) => pool.apply(r.gitDir, [{ ref: `refs/heads/b${i}`, newId: r.second, oldId: ZERO }]));
    await Promise.all(writes);
    for (let i = 0; i < 40; i++) assert.equal(refOf(r.gitDir, `refs/heads/b${i}`), r.second);
    assert.ok(pool.stats.transactions < 40, `40 writes took ${pool.stats.transactions} transactions`);
    assert.ok(pool.stats.batched > 0);
    assert.equal(pool.started, 1);
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('one refused write in a batch fails alone; the others succeed', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  try {
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
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('a ref moved underneath: the write expecting its old value fails, the one expecting the new value succeeds', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  try {
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
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('two writes creating the same branch in one batch: exactly one succeeds', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  try {
    const hold = pool.apply(r.gitDir, [{ ref: 'refs/heads/h', newId: r.first, oldId: ZERO }]);
    const a = pool.apply(r.gitDir, [{ ref: 'refs/heads/same', newId: r.first, oldId: ZERO }]);
    const b = pool.apply(r.gitDir, [{ ref: 'refs/heads/same', newId: r.second, oldId: ZERO }]);
    await hold;
    const [ra, rb] = await Promise.allSettled([a, b]);
    assert.equal(ra.status, 'fulfilled');
    assert.equal(rb.status, 'rejected');
    assert.equal(refOf(r.gitDir, 'refs/heads/same'), r.first);
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('the objects writes bring are stored before their moves: a lone one loose, a batch of many as one pack', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  try {
    const ids: string[] = [];
    const tagWrite = (i: number): Promise<void> => {
      const objects = new PackBuilder('sha1');
      const id = objects.add('tag', tagObjectBody(`v${i}`, r.second, 'commit', `release ${i}`, { name: 'T', email: 't@x' }, 1700000000));
      ids.push(id);
      return pool.apply(r.gitDir, [{ ref: `refs/tags/v${i}`, newId: id, oldId: ZERO }], objects);
    };
    await tagWrite(0);
    // asked for in one turn of the event loop: one batch, in one pack
    await Promise.all(Array.from({ length: 12 }, (_, i) => tagWrite(i + 1)));
    for (const [i, id] of ids.entries()) assert.equal(refOf(r.gitDir, `refs/tags/v${i}`), id);
    assert.ok(readdirSync(path.join(r.gitDir, 'objects', ids[0]!.slice(0, 2))).includes(ids[0]!.slice(2)), 'the lone tag object is loose');
    const packs = readdirSync(path.join(r.gitDir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
    assert.equal(packs.length, 1);
    const listed = git(r.gitDir, 'verify-pack', '-v', path.join(r.gitDir, 'objects', 'pack', packs[0]!));
    for (const id of ids.slice(1)) assert.match(listed, new RegExp(`^${id} tag `, 'm'));
    assert.equal(pool.stats.transactions, 2);
    git(r.gitDir, 'fsck', '--strict', '--no-dangling');
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});

test('a write with too few objects for a pack waits for the running transaction, and those that come meanwhile join it', async () => {
  const r = repo();
  const pool = new RefWriterPool();
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  try {
    const tagWrite = (i: number): { id: string; done: Promise<void> } => {
      const objects = new PackBuilder('sha1');
      const id = objects.add('tag', tagObjectBody(`w${i}`, r.second, 'commit', `release ${i}`, { name: 'T', email: 't@x' }, 1700000000));
      return { id, done: pool.apply(r.gitDir, [{ ref: `refs/tags/w${i}`, newId: id, oldId: ZERO }], objects) };
    };
    // a first batch of eight (one pack, stored on the thread pool); the lone write comes while it is stored
    const first = Array.from({ length: 8 }, (_, i) => tagWrite(i));
    await turn();
    const lone = tagWrite(8);
    while (pool.stats.transactions === 0) await turn();
    // the first transaction runs now: ten more come while it does
    const later = Array.from({ length: 10 }, (_, i) => tagWrite(9 + i));
    await Promise.all([...first, lone, ...later].map((w) => w.done));
    assert.equal(pool.stats.transactions, 2, 'the lone write went with the ten');
    assert.ok(!readdirSync(path.join(r.gitDir, 'objects')).includes(lone.id.slice(0, 2)) || !readdirSync(path.join(r.gitDir, 'objects', lone.id.slice(0, 2))).includes(lone.id.slice(2)), 'no loose object');
    const packs = readdirSync(path.join(r.gitDir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
    assert.equal(packs.length, 2);
    const listed = packs.map((p) => git(r.gitDir, 'verify-pack', '-v', path.join(r.gitDir, 'objects', 'pack', p)));
    const holder = listed.find((l) => l.includes(`${lone.id} tag`));
    assert.ok(holder && later.every((w) => holder.includes(`${w.id} tag`)), 'the lone object is in the pack of the ten');
    git(r.gitDir, 'fsck', '--strict', '--no-dangling');
  } finally {
    pool.close();
    rmSync(r.dir, { recursive: true, force: true });
  }
});
