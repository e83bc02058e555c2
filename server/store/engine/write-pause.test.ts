import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StoreEngine } from './engine.ts';

test('a pause lets running writes finish, holds new ones until released, and the disk does not move meanwhile', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'write-pause-'));
  try {
    const engine = new StoreEngine(root);
    const doc = await engine.doc<{ n: number }>('counter', () => ({ n: 0 }));
    doc.data.n = 1;
    const first = doc.save();
    const release = await engine.pause.pause();
    await first;
    const file = path.join(root, 'counter.json');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { n: 1 }, 'the write under way finished before the pause');
    doc.data.n = 2;
    let saved = false;
    const second = doc.save().then(() => { saved = true; });
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(saved, false, 'held while paused');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { n: 1 });
    release();
    await second;
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { n: 2 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
