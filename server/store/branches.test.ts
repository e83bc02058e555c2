import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flushStore, openStore } from './index.ts';
import * as branchStore from './branches.ts';
import type { BranchRecord } from './records.ts';

const record = (name: string, commit = 'a'): BranchRecord => ({ name, commit_id: commit.repeat(40), commit_message: 'm', commit_time: '2024-01-01T00:00:00+00:00', pusher_id: 1, updated: '2024-01-01T00:00:00Z' });

const withStore = async (run: (dir: string) => Promise<void>): Promise<void> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-branches-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

test('applyStaged with no branch added or deleted leaves the branch log unwritten', () => withStore(async (dir) => {
  const store = await openStore(dir);
  const file = path.join(dir, 'store', 'branches', '7.log');
  await (await branchStore.applyStaged(store, 7, [], [], 0)).saved;
  await flushStore(store);
  assert.equal(existsSync(file), false, 'an empty change writes nothing');
  await (await branchStore.applyStaged(store, 7, [record('main')], [], 0)).saved;
  const size = statSync(file).size;
  await (await branchStore.applyStaged(store, 7, [], [], 0)).saved;
  await flushStore(store);
  assert.equal(statSync(file).size, size);
  assert.deepEqual((await branchStore.list(store, 7)).map((b) => b.name), ['main']);
  assert.equal(await branchStore.count(store, 7), 1);
}));

test('a branch write appends its own line; another store reads what the first wrote, and flushStore waits for lagged writes', () => withStore(async (dir) => {
  const store = await openStore(dir);
  await branchStore.replaceAll(store, 3, Array.from({ length: 50 }, (_, i) => record(`b-${i}`)));
  const file = path.join(dir, 'store', 'branches', '3.log');
  const size = statSync(file).size;
  const staged = await branchStore.applyStaged(store, 3, [record('b-1', 'c'), record('new')], ['b-2'], 200);
  await flushStore(store);
  const grown = statSync(file).size - size;
  assert.ok(grown > 0 && grown < 1_000, `three lines appended, not the whole set rewritten (${grown} bytes)`);
  await staged.saved;
  const other = await openStore(dir);
  const names = (await branchStore.list(other, 3)).map((b) => b.name);
  assert.equal(names.length, 50);
  assert.ok(names.includes('new') && !names.includes('b-2'));
  assert.equal((await branchStore.get(other, 3, 'b-1'))?.commit_id, 'c'.repeat(40));
  assert.deepEqual(await branchStore.countEach(other, [3, 4]), [50, 0]);
  await branchStore.removeAll(other, 3);
  assert.equal(existsSync(file), false);
  assert.equal(await branchStore.hasAny(other, 3), false);
}));

test('a repository branch document of the older layout is imported into its log on first use, then removed', () => withStore(async (dir) => {
  const docDir = path.join(dir, 'store', 'branches');
  await mkdir(docDir, { recursive: true });
  const doc = path.join(docDir, '9.json');
  await writeFile(doc, JSON.stringify({ branches: { main: record('main'), dev: record('dev', 'b') } }));
  const store = await openStore(dir);
  assert.deepEqual((await branchStore.list(store, 9)).map((b) => [b.name, b.commit_id[0]]), [['dev', 'b'], ['main', 'a']]);
  assert.equal(existsSync(doc), false, 'the document is gone');
  assert.equal((await readFile(path.join(docDir, '9.log'), 'utf8')).trim().split('\n').length, 2);
  await branchStore.apply(store, 9, [record('x')], ['dev']);
  assert.deepEqual((await branchStore.list(await openStore(dir), 9)).map((b) => b.name), ['main', 'x']);
}));
