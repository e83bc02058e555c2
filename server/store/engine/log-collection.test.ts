import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LogCollection } from './log-collection.ts';

interface Row { id: number; text: string }

test('the partition used last stays in memory even when it alone is over the cache budget', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    const writer = new LogCollection<Row>(dir, 8);
    // 8 rows of 300 KB: one partition of 2.4 MB, over the 1 MiB budget
    for (let i = 0; i < 8; i++) await writer.insert((id) => ({ id, text: String(i).repeat(300_000) }));
    const reader = new LogCollection<Row>(dir, 8);
    assert.equal((await reader.peek(1))?.text.length, 300_000);
    // the files go: a reader that dropped the partition would now find nothing
    await rm(dir, { recursive: true, force: true });
    assert.equal((await reader.peek(2))?.text.length, 300_000, 'answered from memory');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('dropCached forgets parsed partitions, which are read from disk again; a change under way keeps them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    const coll = new LogCollection<Row>(dir, 8);
    await coll.insert((id) => ({ id, text: 'a' }));
    await coll.set(1, () => ({ text: 'b' }));
    coll.dropCached();
    assert.equal((await coll.peek(1))?.text, 'b', 'read again from the log');

    // An insert waiting between making its record and writing it: the cache must not be dropped under it, or a
    // read meanwhile would load the partition without the record and keep it so.
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const inserting = coll.insert((id) => ({ id, text: 'c' }), () => gate);
    await new Promise((r) => setImmediate(r));
    coll.dropCached();
    assert.equal((await coll.peek(1))?.text, 'b');
    release();
    const made = await inserting;
    assert.equal((await coll.peek(made.id))?.text, 'c');
    coll.dropCached();
    assert.equal((await coll.get(made.id))?.text, 'c', 'and it is on disk');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('settled waits for the changes under way, their appends included', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    const c = new LogCollection<{ id: number; n: number }>(dir, 10);
    await c.settled();
    const first = await c.insert((id) => ({ id, n: 0 }));
    const changes = [c.insert((id) => ({ id, n: 1 })), c.set(first.id, () => ({ n: 2 }))];
    await c.settled();
    // both appends are in the file by then
    assert.equal((await readFile(path.join(dir, '0.log'), 'utf8')).trim().split('\n').length, 3);
    await Promise.all(changes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('partitions filled by concurrent inserts count all their bytes against the cache budget', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    const coll = new LogCollection<Row>(dir, 4);
    // 15 rows of 100 KB inserted together: partitions 0-3 of about 400 KB each, 1.5 MB in all, over the 1 MiB budget
    await Promise.all(Array.from({ length: 15 }, (_, i) => coll.insert((id) => ({ id, text: String(i % 10).repeat(100_000) }))));
    // a new partition's load makes room: the least recently used partition goes
    await coll.insert((id) => ({ id, text: 'x' }));
    await new Promise((r) => setImmediate(r));
    await rm(path.join(dir, '0.log'));
    assert.equal(await coll.peek(1), undefined, 'partition 0 was dropped from memory and is read from disk again');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('peekFew reads the wanted lines of partitions not cached, applying their changes, and caches none of them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    const writer = new LogCollection<Row>(dir, 10);
    for (let i = 0; i < 45; i++) await writer.insert((id) => ({ id, text: `t${id}` }));
    await writer.set(12, () => ({ text: 'changed' }));
    await writer.set(33, () => ({ text: 'é changed' }));
    await writer.deleteIds([25]);
    // a record whose first key is not its id: its partition is loaded whole
    await writer.insertAt(47, () => ({ text: 'late', id: 47 }));
    const reader = new LogCollection<Row>(dir, 10);
    const wanted = [3, 12, 25, 33, 41, 47, 99, 0];
    const few = await reader.peekFew(wanted);
    assert.deepEqual([...few.keys()].sort((a, b) => a - b), [3, 12, 33, 41, 47]);
    assert.deepEqual([few.get(3)?.text, few.get(12)?.text, few.get(33)?.text, few.get(41)?.text, few.get(47)?.text], ['t3', 'changed', 'é changed', 't41', 'late']);
    for (const n of [0, 1, 3, 4]) await rm(path.join(dir, `${n}.log`));
    assert.equal(await reader.peek(3), undefined, 'partition 0 was read without being cached');
    assert.equal(await reader.peek(12), undefined, 'and partition 1');
    assert.equal((await reader.peek(44))?.text, 't44', 'partition 4 was loaded whole');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('peekFew answers a cached partition from memory and loads one with a base document whole', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-logcoll-'));
  try {
    await writeFile(path.join(dir, '0.json'), JSON.stringify({ next_id: 3, records: { 1: { id: 1, text: 'base' }, 2: { id: 2, text: 'gone' } } }));
    await writeFile(path.join(dir, '0.log'), '{"op":"del","id":2}\n{"op":"put","rec":{"id":3,"text":"new"}}\n');
    const reader = new LogCollection<Row>(dir, 10);
    const few = await reader.peekFew([1, 2, 3]);
    assert.deepEqual([few.get(1)?.text, few.get(2)?.text, few.get(3)?.text], ['base', undefined, 'new']);
    const cached = new LogCollection<Row>(dir, 10);
    await cached.peek(1);
    await rm(path.join(dir, '0.log'));
    assert.equal((await cached.peekFew([3])).get(3)?.text, 'new', 'from memory');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
