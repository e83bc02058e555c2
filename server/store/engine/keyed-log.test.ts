import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KeyedLog } from './keyed-log.ts';

const withDir = async (run: (dir: string) => Promise<void>): Promise<void> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-keyed-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const lineCount = async (file: string): Promise<number> => (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;

test('changes replay on open: sets, overwrites and deletes, with a torn last line skipped', () => withDir(async (dir) => {
  const file = path.join(dir, 'k.log');
  const log = await KeyedLog.open<{ v: number }>(file);
  await log.change([['a', { v: 1 }], ['b', { v: 2 }]], []);
  await log.change([['a', { v: 3 }]], ['b']);
  await log.change([], ['missing']);
  assert.equal(await lineCount(file), 4, 'a delete of an absent key writes nothing');
  await appendFile(file, '{"k":"c","v":{"v"');
  const again = await KeyedLog.open<{ v: number }>(file);
  assert.deepEqual([...again.rows], [['a', { v: 3 }]]);
  await again.change([['c', { v: 4 }]], []);
  assert.deepEqual([...(await KeyedLog.open<{ v: number }>(file)).rows], [['a', { v: 3 }], ['c', { v: 4 }]], 'a line after a torn one is read');
}));

test('the file is compacted once it holds well over twice the live records, keeping changes made meanwhile', () => withDir(async (dir) => {
  const file = path.join(dir, 'k.log');
  const log = await KeyedLog.open<number>(file);
  const writes: Promise<void>[] = [];
  for (let i = 0; i < 200; i++) writes.push(log.change([['x', i]], [], i % 2 ? 5 : 0));
  writes.push(log.change([['y', 1]], []));
  await Promise.all(writes);
  assert.ok(await lineCount(file) < 80, `compacted: ${await lineCount(file)} lines`);
  assert.deepEqual([...(await KeyedLog.open<number>(file)).rows], [['x', 199], ['y', 1]]);
}));

test('replace rewrites the file with exactly the records given; remove deletes it after the writes under way', () => withDir(async (dir) => {
  const file = path.join(dir, 'k.log');
  const log = await KeyedLog.open<number>(file);
  await log.change([['a', 1], ['b', 2]], []);
  await log.replace([['c', 3]]);
  assert.equal(await lineCount(file), 1);
  assert.deepEqual([...(await KeyedLog.open<number>(file)).rows], [['c', 3]]);
  const late = log.change([['d', 4]], [], 30);
  assert.equal(log.idle, false);
  await log.remove();
  await late;
  assert.equal(log.idle, true);
  assert.equal((await KeyedLog.open<number>(file)).rows.size, 0, 'nothing is left on disk');
}));
