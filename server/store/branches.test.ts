import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flushStore, openStore } from './index.ts';
import * as branchStore from './branches.ts';
import type { BranchRecord } from './records.ts';

const record = (name: string): BranchRecord => ({ name, commit_id: 'a'.repeat(40), commit_message: 'm', commit_time: '2024-01-01T00:00:00+00:00', pusher_id: 1, updated: '2024-01-01T00:00:00Z' });

test('applyStaged with no branch added or deleted leaves the branch document unwritten', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-branches-'));
  try {
    const store = await openStore(dir);
    const file = path.join(dir, 'store', 'branches', '7.json');
    await (await branchStore.applyStaged(store, 7, [], [], 0)).saved;
    await flushStore(store);
    assert.equal(existsSync(file), false, 'an empty change writes nothing');
    await (await branchStore.applyStaged(store, 7, [record('main')], [], 0)).saved;
    assert.equal(existsSync(file), true);
    const written = statSync(file).ino;
    await (await branchStore.applyStaged(store, 7, [], [], 0)).saved;
    await flushStore(store);
    assert.equal(statSync(file).ino, written, 'a save would have put a new file in place');
    assert.deepEqual((await branchStore.list(store, 7)).map((b) => b.name), ['main']);
    assert.equal(await branchStore.count(store, 7), 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
