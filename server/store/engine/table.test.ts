import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../index.ts';
import { Table } from './table.ts';
import { compositeKey, isUniqueViolation } from './indexes.ts';

interface Row { id: number; owner: number; name: string; tag: string }
const table = () => new Table<Row>('rows', {
  unique: [{ name: 'owner_name', key: (r) => compositeKey(r.owner, r.name.toLowerCase()) }],
  indexes: [{ name: 'tag', key: (r) => r.tag }],
});
const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-table-'));

test('concurrent inserts of one unique key: exactly one is stored', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => t.insert(store, (id) => ({ id, owner: 1, name: 'Same', tag: 'a' }))));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.every((r) => r.status === 'fulfilled' || isUniqueViolation(r.reason, 'owner_name')));
    await t.insert(store, (id) => ({ id, owner: 2, name: 'same', tag: 'a' }));
    await assert.rejects(t.update(store, 2, (r) => { r.owner = 1; }), (e) => isUniqueViolation(e, 'owner_name'));
    assert.equal((await t.getBy(store, 'owner_name', compositeKey(2, 'same')))?.id, 2, 'a refused update changes nothing');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('paged query copies the page and counts every match; lookup indexes follow updates and deletes', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    for (let i = 0; i < 25; i++) await t.insert(store, (id) => ({ id, owner: 1, name: `n${i}`, tag: i % 2 ? 'odd' : 'even' }));
    const page = await t.query(store, { index: { name: 'tag', key: 'odd' }, sort: (a, b) => b.id - a.id, page: 2, limit: 5 });
    assert.equal(page.total, 12);
    assert.deepEqual(page.rows.map((r) => r.id), [14, 12, 10, 8, 6]);
    page.rows[0]!.name = 'changed';
    assert.equal((await t.get(store, 14))?.name, 'n13', 'the page is a copy');
    await t.update(store, 14, (r) => { r.tag = 'even'; });
    await t.removeBy(store, 'tag', 'odd', (r) => r.id < 5);
    assert.equal(await t.countBy(store, 'tag', 'odd'), 9);
    assert.equal(await t.countBy(store, 'tag', 'even'), 14);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a failed write leaves memory equal to the disk', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    await t.insert(store, (id) => ({ id, owner: 1, name: 'kept', tag: 'a' }));
    // The temp file's path taken by a directory: the next write of the document fails.
    const blocker = path.join(dir, 'store', '.rows.json.tmp');
    await mkdir(blocker);
    await assert.rejects(t.insert(store, (id) => ({ id, owner: 1, name: 'lost', tag: 'a' })));
    await rmdir(blocker);
    assert.equal(await t.getBy(store, 'owner_name', compositeKey(1, 'lost')), undefined, 'the failed insert is not in memory');
    assert.deepEqual((await t.list(store)).map((r) => r.name), ['kept']);
    await t.insert(store, (id) => ({ id, owner: 1, name: 'lost', tag: 'a' }));
    assert.equal((await t.list(store)).length, 2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('peek hands out one frozen copy per stored row until the row is written', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    await t.insert(store, (id) => ({ id, owner: 1, name: 'a', tag: 'x' }));
    const first = await t.peek(store, 1);
    assert.ok(first && Object.isFrozen(first));
    assert.equal(await t.peekBy(store, 'owner_name', compositeKey(1, 'a')), first, 'shared between readers');
    assert.deepEqual(await t.peekMany(store, [1, 9]), [first]);
    assert.throws(() => { (first as Row).name = 'b'; }, TypeError);
    const copy = await t.get(store, 1);
    copy!.name = 'edited';
    assert.equal((await t.peek(store, 1))?.name, 'a', 'a copy from get() is the caller\'s own');
    await t.update(store, 1, (r) => { r.tag = 'y'; });
    const after = await t.peek(store, 1);
    assert.notEqual(after, first);
    assert.equal(after?.tag, 'y');
    assert.equal(first.tag, 'x', 'an earlier reader keeps what it read');
    assert.equal(await t.peek(store, 2), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('countByEach and peekByEach answer each key in order from one read', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    for (let i = 0; i < 7; i++) await t.insert(store, (id) => ({ id, owner: i % 3, name: `n${i}`, tag: i % 2 ? 'odd' : 'even' }));
    assert.deepEqual(await t.countByEach(store, 'tag', ['odd', 'none', 'even', 'odd']), [3, 0, 4, 3]);
    assert.deepEqual(await t.countByEach(store, 'tag', ['odd', 'even'], (r) => r.owner === 0), [1, 2]);
    const keys = [compositeKey(1, 'n4'), compositeKey(9, 'n4'), compositeKey(0, 'n0')];
    const rows = await t.peekByEach(store, 'owner_name', keys);
    assert.deepEqual(rows.map((r) => r?.name), ['n4', undefined, 'n0']);
    assert.equal(rows[0], await t.peek(store, rows[0]!.id), 'the shared frozen copy peek() gives');
    assert.ok(Object.isFrozen(rows[0]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pluckBy reads one field of the indexed rows by id ascending, kept until a write, following writes and deletes', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const t = table();
    for (let i = 0; i < 6; i++) await t.insert(store, (id) => ({ id, owner: i, name: `n${i}`, tag: i % 2 ? 'odd' : 'even' }));
    assert.deepEqual(await t.pluckBy(store, 'name', 'tag', 'odd', (r) => r.name), ['n1', 'n3', 'n5']);
    assert.equal(await t.pluckBy(store, 'name', 'tag', 'odd', (r) => r.name), await t.pluckBy(store, 'name', 'tag', 'odd', (r) => r.name), 'kept until a write');
    await t.update(store, 1, (r) => { r.tag = 'odd'; });
    await t.remove(store, 4);
    assert.deepEqual(await t.pluckBy(store, 'name', 'tag', 'odd', (r) => r.name), ['n0', 'n1', 'n5']);
    assert.deepEqual(await t.pluckBy(store, 'id', 'tag', 'even', (r) => r.id), [3, 5]);
    assert.deepEqual(await t.pluckBy(store, 'id', 'tag', 'none', (r) => r.id), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
