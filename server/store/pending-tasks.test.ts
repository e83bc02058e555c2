import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
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
