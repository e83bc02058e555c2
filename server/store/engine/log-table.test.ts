import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../index.ts';
import { LogTable } from './log-table.ts';
import { compositeKey, isUniqueViolation } from './indexes.ts';

interface Row { id: number; owner: number; name: string; tag: string; n: number }
const table = () => new LogTable<Row>('rows', {
  unique: [{ name: 'owner_name', key: (r) => compositeKey(r.owner, r.name) }],
  indexes: [{ name: 'tag', key: (r) => r.tag }],
}, 10);
const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-logtable-'));

/** Runs `body` with a store in a new temporary data dir, removed afterwards. */
async function withStore(body: (store: Store, dir: string) => Promise<void>): Promise<void> {
  const dir = await tempDir();
  try {
    await body(await openStore(dir), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('rows, unique keys and lookups survive a reopen; a change appends a line with the changed fields only', () => withStore(async (store, dir) => {
  const t = table();
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => t.insert(store, (id) => ({ id, owner: 1, name: 'same', tag: 'a', n: 0 }))));
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  const winner = results.find((r) => r.status === 'fulfilled')!.value.id;
  const ids: number[] = [];
  for (let i = 0; i < 24; i++) ids.push((await t.insert(store, (id) => ({ id, owner: 2, name: `r${i}`, tag: i % 2 ? 'odd' : 'even', n: i }))).id);
  const first = ids[0]!;
  await assert.rejects(t.update(store, first, (r) => { r.owner = 1; r.name = 'same'; }), (e) => isUniqueViolation(e, 'owner_name'));
  await t.update(store, first, (r) => { r.tag = 'odd'; });
  const before = await readFile(path.join(store.engine.root, 'rows', `${Math.floor(first / 10)}.log`), 'utf8');
  assert.equal(before.trim().split('\n').at(-1), JSON.stringify({ op: 'set', id: first, fields: { tag: 'odd' } }));
  await t.removeBy(store, 'tag', 'even');
  assert.equal(await t.maxBy(store, 'tag', 'odd', (r) => r.n), 23);

  const again = table();
  const reopened = await openStore(dir);
  const odd = await again.query(reopened, { index: { name: 'tag', key: 'odd' }, sort: (a, b) => a.id - b.id, limit: 100 });
  assert.equal(odd.total, 13);
  assert.equal((await again.getBy(reopened, 'owner_name', compositeKey(1, 'same')))?.id, winner);
  assert.equal((await again.listBy(reopened, 'tag', 'even')).length, 0);
  const next = await again.insert(reopened, (id) => ({ id, owner: 3, name: 'x', tag: 'a', n: 0 }));
  assert.ok(next.id > ids.at(-1)!, 'ids are not reused');
}));

test('a table of the one-document layout is imported once and its document removed', () => withStore(async (store) => {
  const rows = { 3: { id: 3, owner: 1, name: 'a', tag: 't', n: 1 }, 7: { id: 7, owner: 1, name: 'b', tag: 't', n: 2 } };
  await writeFile(path.join(store.engine.root, 'rows.json'), JSON.stringify({ next_id: 8, rows }));
  const t = table();
  assert.deepEqual((await t.listBy(store, 'tag', 't')).map((r) => r.id), [3, 7]);
  assert.ok(!(await readdir(store.engine.root)).includes('rows.json'));
  assert.equal((await t.insert(store, (id) => ({ id, owner: 1, name: 'c', tag: 't', n: 3 }))).id, 8);
}));

test('an import cut short by a crash runs again at the next open; the ids the document had used stay used', () => withStore(async (store, dir) => {
  const row = (id: number, name: string) => ({ id, owner: 1, name, tag: 't', n: id });
  await writeFile(path.join(store.engine.root, 'rows.json'), JSON.stringify({ next_id: 1300, rows: { 3: row(3, 'a'), 7: row(7, 'b'), 1200: row(1200, 'c') } }));
  // the first partition was written before the crash, the others were not
  await mkdir(path.join(store.engine.root, 'rows'));
  await writeFile(path.join(store.engine.root, 'rows', '0.log'), `${JSON.stringify({ op: 'put', rec: row(3, 'a') })}\n${JSON.stringify({ op: 'put', rec: row(7, 'b') })}\n`);
  const t = table();
  assert.deepEqual((await t.listBy(store, 'tag', 't')).map((r) => r.id), [3, 7, 1200]);
  assert.equal(await t.countBy(store, 'tag', 't'), 3);
  assert.ok(!(await readdir(store.engine.root)).includes('rows.json'));
  assert.equal((await t.insert(store, (id) => row(id, 'd'))).id, 1300, 'an id the document had given out is not given again');

  const reopened = table();
  const again = await openStore(dir);
  assert.deepEqual((await reopened.listBy(again, 'tag', 't')).map((r) => r.id), [3, 7, 1200, 1300]);
  assert.equal((await reopened.insert(again, (id) => row(id, 'e'))).id, 1301);
}));

test('a document whose last rows were deleted keeps their ids used', () => withStore(async (store, dir) => {
  await writeFile(path.join(store.engine.root, 'rows.json'), JSON.stringify({ next_id: 40, rows: { 5: { id: 5, owner: 1, name: 'a', tag: 't', n: 0 } } }));
  assert.equal((await table().insert(store, (id) => ({ id, owner: 1, name: 'b', tag: 't', n: 0 }))).id, 40);
  assert.equal((await table().insert(await openStore(dir), (id) => ({ id, owner: 1, name: 'c', tag: 't', n: 0 }))).id, 41);
}));

test('insertStaged holds the row in memory before its append is on disk; a taken key fails the call itself', () => withStore(async (store, dir) => {
  const t = table();
  const { row, saved } = await t.insertStaged(store, (id) => ({ id, owner: 3, name: 'x', tag: 't', n: 1 }));
  assert.equal((await t.getBy(store, 'owner_name', compositeKey(3, 'x')))?.id, row.id, 'readable before the append settles');
  await saved;
  await assert.rejects(t.insertStaged(store, (id) => ({ id, owner: 3, name: 'x', tag: 't', n: 2 })), (e) => isUniqueViolation(e, 'owner_name'));
  const reopened = await openStore(dir);
  assert.deepEqual((await table().listBy(reopened, 'tag', 't')).map((r) => r.n), [1]);
}));
