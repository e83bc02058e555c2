import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StoreEngine } from './engine.ts';
import { PartitionedCollection } from './partitioned.ts';
import { openStore, SCHEMA_VERSION } from '../index.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-store-'));

test('a saved document is on disk as JSON and no temp file is left', async () => {
  const dir = await tempDir();
  try {
    const engine = new StoreEngine(dir);
    const doc = await engine.doc<{ n: number }>('things', () => ({ n: 0 }));
    doc.data.n = 42;
    await doc.save();
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, 'things.json'), 'utf8')), { n: 42 });
    assert.deepEqual((await readdir(dir)).filter((f) => f.endsWith('.tmp')), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('concurrent saves of one document coalesce and the last state wins', async () => {
  const dir = await tempDir();
  try {
    const engine = new StoreEngine(dir);
    const doc = await engine.doc<{ items: number[] }>('list', () => ({ items: [] }));
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 50; i++) {
      doc.data.items.push(i);
      saves.push(doc.save());
    }
    await Promise.all(saves);
    const onDisk = JSON.parse(await readFile(path.join(dir, 'list.json'), 'utf8')) as { items: number[] };
    assert.equal(onDisk.items.length, 50);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a leftover temp file from a killed write does not break loading', async () => {
  const dir = await tempDir();
  try {
    await writeFile(path.join(dir, 'users.json'), JSON.stringify({ ok: true }));
    await writeFile(path.join(dir, '.users.json.tmp'), '{"ok": tru'); // a write cut off before its rename
    const engine = new StoreEngine(dir);
    const doc = await engine.doc<{ ok: boolean }>('users', () => ({ ok: false }));
    assert.equal(doc.data.ok, true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('document names cannot leave the store root', async () => {
  const engine = new StoreEngine('/tmp/unused-store');
  await assert.rejects(engine.doc('../escape', () => ({})), /bad document name/);
  await assert.rejects(engine.doc('/etc/passwd', () => ({})), /bad document name/);
});

test('partitioned collection: ids continue after a restart and are never reused after deletes', async () => {
  const dir = await tempDir();
  try {
    const first = new PartitionedCollection<{ id: number; v: string }>(new StoreEngine(dir), 'tasks', 10);
    for (let i = 0; i < 25; i++) await first.insert((id) => ({ id, v: `t${i}` }));
    assert.equal(await first.deleteWhere((r) => r.id > 20), 5);
    const again = new PartitionedCollection<{ id: number; v: string }>(new StoreEngine(dir), 'tasks', 10);
    const next = await again.insert((id) => ({ id, v: 'new' }));
    assert.equal(next.id, 26);
    assert.equal((await again.get(3))?.v, 't2');
    assert.equal(await again.get(22), undefined);
    assert.equal(await again.get(-1), undefined);
    const seen: number[] = [];
    for await (const page of again.scan('desc')) seen.push(...page.map((r) => r.id));
    assert.equal(seen[0], 26);
    assert.equal(seen.length, 21);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('partitioned collection: one insert rewrites one partition file, whatever the total', async () => {
  const dir = await tempDir();
  try {
    const coll = new PartitionedCollection<{ id: number; pad: string }>(new StoreEngine(dir), 'big', 100);
    for (let i = 0; i < 1000; i++) await coll.insert((id) => ({ id, pad: 'x'.repeat(50) }));
    const files = (await readdir(path.join(dir, 'big'))).filter((f) => f.endsWith('.json'));
    assert.equal(files.length, 11); // ids 1..1000 in ranges of 100
    const sizes = await Promise.all(files.map(async (f) => (await readFile(path.join(dir, 'big', f))).length));
    assert.ok(Math.max(...sizes) < 100 * 120, 'each partition holds at most one range');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('openStore writes the schema version and refuses a newer one', async () => {
  const dir = await tempDir();
  try {
    await openStore(dir);
    const meta = JSON.parse(await readFile(path.join(dir, 'store', 'meta.json'), 'utf8')) as { schema_version: number };
    assert.equal(meta.schema_version, SCHEMA_VERSION);
    await mkdir(path.join(dir, 'store'), { recursive: true });
    await writeFile(path.join(dir, 'store', 'meta.json'), JSON.stringify({ schema_version: SCHEMA_VERSION + 1 }));
    await assert.rejects(openStore(dir), /newer Homeforge/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('coalesced saves of a growing document count its bytes once (the cache does not think itself full)', async () => {
  const dir = await tempDir();
  try {
    const engine = new StoreEngine(dir);
    const doc = await engine.doc<{ items: string[] }>('grow', () => ({ items: [] }));
    for (let round = 0; round < 5; round++) {
      const saves: Promise<void>[] = [];
      for (let i = 0; i < 50; i++) {
        doc.data.items.push(`item-${round}-${i}-${'x'.repeat(100)}`);
        saves.push(doc.save());
      }
      await Promise.all(saves);
    }
    const size = (await readFile(path.join(dir, 'grow.json'), 'utf8')).length;
    assert.equal(engine.cachedBytes, size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('docs() gives loaded and missing documents in the order named, the same objects doc() gives', async () => {
  const dir = await tempDir();
  try {
    const engine = new StoreEngine(dir);
    const a = await engine.doc<{ n: number }>('many/a', () => ({ n: 0 }));
    a.data.n = 1;
    await a.save();
    await writeFile(path.join(dir, 'many', 'b.json'), JSON.stringify({ n: 2 }));
    const got = await engine.docs<{ n: number }>(['many/b', 'many/a', 'many/c'], () => ({ n: -1 }));
    assert.deepEqual(got.map((d) => d.data.n), [2, 1, -1]);
    assert.equal(got[1], a, 'a loaded document is the one already in memory');
    assert.equal(got[0], await engine.doc('many/b', () => ({ n: 0 })), 'a missing one is loaded once and kept');
    assert.deepEqual(await engine.docs([], () => ({})), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('dropCaches empties each adopted cache until it is unadopted', () => {
  const engine = new StoreEngine(path.join(tmpdir(), 'homeforge-store-unused'));
  let drops = 0;
  const cache = engine.adopt({ dropCached: () => { drops += 1; } });
  engine.dropCaches();
  engine.unadopt(cache);
  engine.dropCaches();
  assert.equal(drops, 1);
});
