import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Journal } from './journal.ts';

const withDir = async (run: (dir: string) => Promise<void>): Promise<void> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-journal-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

test('a recorded intent is pending for the next process until it ends; intents of both kinds come oldest first', () => withDir(async (dir) => {
  const j = new Journal(dir);
  const own = await j.begin('file-kind', { a: 1 });
  const { intent, durable } = j.record('log-kind', { b: 2 });
  await durable;
  assert.deepEqual((await readdir(path.join(dir, 'journal'))).sort(), ['intents.log', `${own.id}.json`], 'recorded intents get no file of their own');
  const after = await new Journal(dir).pending();
  assert.deepEqual(after.map((i) => [i.kind, i.data]), [['file-kind', { a: 1 }], ['log-kind', { b: 2 }]]);
  const again = new Journal(dir);
  for (const i of await again.pending()) await again.end(i);
  assert.deepEqual(await new Journal(dir).pending(), []);
  assert.equal(intent.logged, true);
}));

test('an intent ended before its line is on disk leaves nothing pending; many intents share a log that stays small', () => withDir(async (dir) => {
  const j = new Journal(dir);
  const { intent, durable } = j.record('k', { n: 0 });
  await j.end(intent);
  await durable;
  assert.deepEqual(await new Journal(dir).pending(), []);
  const open = Array.from({ length: 300 }, (_, n) => j.record('k', { n: n + 1 }));
  await Promise.all(open.map((o) => o.durable));
  for (const o of open.slice(0, 299)) await j.end(o.intent);
  assert.deepEqual((await new Journal(dir).pending()).map((i) => i.data), [{ n: 300 }]);
  const lines = (await readFile(path.join(dir, 'journal', 'intents.log'), 'utf8')).split('\n').filter(Boolean).length;
  assert.ok(lines < 100, `compacted: ${lines} lines`);
}));

test('a note on a recorded intent is kept', () => withDir(async (dir) => {
  const j = new Journal(dir);
  const { intent, durable } = j.record('k', { a: 1 });
  await durable;
  await j.note(intent, { b: 2 });
  assert.deepEqual((await new Journal(dir).pending()).map((i) => i.data), [{ a: 1, b: 2 }]);
}));

test('once every recorded intent has ended, the log keeps none of their data', () => withDir(async (dir) => {
  const j = new Journal(dir);
  const a = j.record('k', { text: 'zz-secret-a' });
  const b = j.record('k', { text: 'zz-secret-b' });
  await Promise.all([a.durable, b.durable]);
  await j.end(a.intent);
  assert.match(await readFile(path.join(dir, 'journal', 'intents.log'), 'utf8'), /zz-secret-b/, 'a live intent stays on disk');
  await j.end(b.intent);
  assert.doesNotMatch(await readFile(path.join(dir, 'journal', 'intents.log'), 'utf8'), /zz-secret/);
  assert.deepEqual(await new Journal(dir).pending(), []);
}));
