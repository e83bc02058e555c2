import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
