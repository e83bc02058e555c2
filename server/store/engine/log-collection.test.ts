import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
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
