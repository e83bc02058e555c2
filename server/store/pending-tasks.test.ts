import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PendingIndex } from './pending-tasks.ts';

test('the pending count per hook follows adds, claims and hook deletion, and survives a reopen', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-pending-'));
  try {
    const file = path.join(dir, 'pending.log');
    const idx = new PendingIndex(file);
    await idx.open();
    for (let id = 1; id <= 30; id++) await idx.add({ hookId: 1, id });
    for (let id = 1; id <= 5; id++) await idx.add({ hookId: 2, id });
    await idx.add({ hookId: 3, id: 1 });
    await idx.add({ hookId: 1, id: 3 });
    assert.equal(idx.count([1, 2, 3]), 36);
    assert.equal(idx.count([2, 2]), 5, 'a hook named twice is counted once');
    assert.equal(idx.count([9]), 0);
    await idx.remove({ hookId: 1, id: 4 });
    await idx.remove({ hookId: 1, id: 4 });
    await idx.removeHook(3);
    assert.equal(idx.count([1, 2, 3]), 34);
    assert.equal(idx.count([1, 2, 3]), idx.list(new Set([1, 2, 3])).length);
    const again = new PendingIndex(file);
    await again.open();
    assert.equal(again.count([1, 2, 3]), 34);
    assert.equal(again.count([1]), 29);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('removals wait for the next line or a short delay; settled writes them at once', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-pending-'));
  try {
    const file = path.join(dir, 'pending.log');
    const idx = new PendingIndex(file);
    await idx.open();
    for (let id = 1; id <= 4; id++) await idx.add({ hookId: 1, id });
    const lines = async (): Promise<string[]> => (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    const removed = idx.remove({ hookId: 1, id: 1 });
    void idx.remove({ hookId: 1, id: 2 });
    assert.equal(idx.count([1]), 2, 'gone from the index at once');
    assert.equal((await lines()).length, 4, 'not written yet');
    await idx.add({ hookId: 1, id: 5 });
    await removed;
    assert.deepEqual((await lines()).slice(4), ['{"d":[1,1]}', '{"d":[1,2]}', '{"a":[1,5]}'], 'written before the next line, in one append');
    const late = idx.remove({ hookId: 1, id: 3 });
    await late;
    assert.equal((await lines()).at(-1), '{"d":[1,3]}', 'written after the delay when no line comes');
    void idx.remove({ hookId: 1, id: 4 });
    await idx.settled();
    assert.equal((await lines()).at(-1), '{"d":[1,4]}');
    const again = new PendingIndex(file);
    await again.open();
    assert.deepEqual(again.list(new Set([1])), [{ hookId: 1, id: 5 }]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
