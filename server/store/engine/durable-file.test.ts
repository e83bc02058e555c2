import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DurableJsonFile } from './durable-file.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-durable-'));

/** Counts the physical writes of a file (each one opens the temp file once). */
function counting(file: string): { adapter: DurableJsonFile<{ n: number }>; writes: () => number } {
  const adapter = new DurableJsonFile<{ n: number }>(file);
  let writes = 0;
  const inner = (adapter as unknown as { writeNow: (d: unknown) => Promise<void> }).writeNow.bind(adapter);
  (adapter as unknown as { writeNow: (d: unknown) => Promise<void> }).writeNow = (d) => { writes++; return inner(d); };
  return { adapter, writes: () => writes };
}

test('lagging writes wait and share one write; the last state is on disk', async () => {
  const dir = await tempDir();
  try {
    const file = path.join(dir, 'doc.json');
    const { adapter, writes } = counting(file);
    const data = { n: 0 };
    const saves: Promise<void>[] = [];
    for (let i = 1; i <= 5; i++) {
      data.n = i;
      // each write in its own loop turn; a 1 s lag keeps them in one batch even on a loaded machine
      saves.push(adapter.write(data, 1000));
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(saves);
    assert.equal(writes(), 1);
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { n: 5 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a write without lag starts a lagging batch at once and shares it', async () => {
  const dir = await tempDir();
  try {
    const file = path.join(dir, 'doc.json');
    const { adapter, writes } = counting(file);
    const data = { n: 1 };
    const lagging = adapter.write(data, 60_000);
    data.n = 2;
    // a minute's lag: this only ends in time because the second write starts the batch
    await Promise.all([adapter.write(data), lagging]);
    assert.equal(writes(), 1);
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { n: 2 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a lagging write of a large document waits longer than asked, so a burst shares its rewrite', async () => {
  const dir = await tempDir();
  try {
    const file = path.join(dir, 'doc.json');
    const { adapter, writes } = counting(file);
    const data = { big: 'x'.repeat(4 * 1024 * 1024), n: 0 };
    await adapter.write(data);
    data.n = 1;
    const first = adapter.write(data, 1);
    await new Promise((r) => setTimeout(r, 10));
    data.n = 2;
    await Promise.all([first, adapter.write(data, 1)]);
    assert.equal(writes(), 2, 'the two lagging writes shared one');
    assert.equal(JSON.parse(await readFile(file, 'utf8')).n, 2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
