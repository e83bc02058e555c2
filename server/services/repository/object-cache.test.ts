import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GitObject, ObjectReader } from '../../git/cat-file.ts';
import { ObjectCache } from './object-cache.ts';

const id = (n: number): string => n.toString(16).padStart(40, '0');

/** A reader over a map that counts the requests that reach it. */
function fake(objects: Map<string, GitObject>): { reader: ObjectReader; calls: string[] } {
  const calls: string[] = [];
  const find = (name: string): GitObject | null => objects.get(name) ?? [...objects.values()].find((o) => name.length < 40 && o.id.startsWith(name)) ?? null;
  return {
    calls,
    reader: {
      read: async (name) => { calls.push(`read ${name}`); return find(name); },
      info: async (name) => { calls.push(`info ${name}`); const o = find(name); return o ? { ...o, data: Buffer.alloc(0) } : null; },
    },
  };
}

test('a read object is answered from the cache, for read and info, per repository', async () => {
  const obj: GitObject = { id: id(1), type: 'blob', size: 5, data: Buffer.from('hello') };
  const { reader, calls } = fake(new Map([[obj.id, obj]]));
  const cache = new ObjectCache();
  const r = cache.reader(1, () => reader);
  assert.equal((await r.read(obj.id))?.data.toString(), 'hello');
  assert.equal((await r.read(obj.id))?.data.toString(), 'hello');
  assert.deepEqual(await r.info(obj.id), { id: obj.id, type: 'blob', size: 5, data: Buffer.alloc(0) });
  assert.deepEqual(calls, [`read ${obj.id}`]);
  await cache.reader(2, () => reader).read(obj.id);
  assert.equal(calls.length, 2, 'another repository does not see the first one\'s objects');
});

test('missing objects and abbreviated names are never kept; info alone does not satisfy a read', async () => {
  const objects = new Map<string, GitObject>();
  const { reader, calls } = fake(objects);
  const r = new ObjectCache().reader(1, () => reader);
  assert.equal(await r.read(id(7)), null);
  objects.set(id(7), { id: id(7), type: 'commit', size: 3, data: Buffer.from('abc') });
  assert.equal((await r.read(id(7)))?.type, 'commit', 'an object written after a miss is found');
  await r.read(id(7).slice(0, 10));
  await r.read(id(7).slice(0, 10));
  assert.equal(calls.filter((c) => c.includes(id(7).slice(0, 10)) && c.length < 20).length, 2);
  objects.set(id(8), { id: id(8), type: 'blob', size: 3, data: Buffer.from('xyz') });
  await r.info(id(8));
  assert.equal((await r.read(id(8)))?.data.toString(), 'xyz');
  assert.deepEqual(calls.slice(-2), [`info ${id(8)}`, `read ${id(8)}`]);
});

test('the cache keeps at most its budget of bytes, dropping the least recently used, and never large objects', async () => {
  const objects = new Map<string, GitObject>();
  for (let n = 1; n <= 4; n++) objects.set(id(n), { id: id(n), type: 'blob', size: 40, data: Buffer.alloc(40, n) });
  objects.set(id(9), { id: id(9), type: 'blob', size: 200, data: Buffer.alloc(200) });
  const { reader, calls } = fake(objects);
  const cache = new ObjectCache(100, 64);
  const r = cache.reader(1, () => reader);
  await r.read(id(1));
  await r.read(id(2));
  await r.read(id(1));
  await r.read(id(3));
  assert.ok(cache.size <= 100);
  calls.length = 0;
  await r.read(id(1));
  await r.read(id(2));
  assert.deepEqual(calls, [`read ${id(2)}`], 'the least recently used object went first');
  await r.read(id(9));
  await r.read(id(9));
  assert.equal(calls.filter((c) => c === `read ${id(9)}`).length, 2, 'an object over the size limit is read each time');
  assert.equal((await r.info(id(9)))?.size, 200);
  assert.equal(calls.filter((c) => c === `info ${id(9)}`).length, 0, 'its type and size are kept');
});

test('an object the host wrote is answered without a read, in its own repository only; a large one by info only', async () => {
  const { reader, calls } = fake(new Map());
  const cache = new ObjectCache(1024, 8);
  cache.wrote(1, id(3), 'tree', Buffer.from('tree!'));
  cache.wrote(1, id(4), 'blob', Buffer.from('more than eight'));
  cache.wrote(1, 'abc', 'blob', Buffer.from('x'));
  const r = cache.reader(1, () => reader);
  assert.deepEqual(await r.read(id(3)), { id: id(3), type: 'tree', size: 5, data: Buffer.from('tree!') });
  assert.equal((await r.info(id(4)))?.size, 15);
  assert.deepEqual(calls, []);
  assert.equal(await r.read(id(4)), null, 'too large to keep: read from the repository');
  assert.equal(await r.read('abc'), null);
  assert.equal(await cache.reader(2, () => reader).read(id(3)), null);
  assert.deepEqual(calls, [`read ${id(4)}`, 'read abc', `read ${id(3)}`]);
});

test('objects pending in a pack stay readable past the budget and an idle clear, until stored (then dropped as any) or forgotten', async () => {
  const { reader, calls } = fake(new Map());
  const cache = new ObjectCache(1000, 100);
  const r = cache.reader(1, () => reader);
  // larger than the largest object kept and than the whole budget together
  cache.wrote(1, id(1), 'tree', Buffer.alloc(700, 1), true);
  cache.wrote(1, id(2), 'commit', Buffer.alloc(600, 2), true);
  for (let n = 10; n < 30; n++) cache.wrote(1, id(n), 'blob', Buffer.alloc(90, n));
  cache.clear();
  assert.equal((await r.read(id(1)))?.data.length, 700);
  assert.equal((await r.read(id(2)))?.data[0], 2);
  assert.equal(await r.read(id(10)), null, 'an object not pinned was dropped');
  // stored: the commit, larger than any object kept, is dropped now (it is on disk), and the budget holds again
  cache.unpin(1, [id(1), id(2)]);
  assert.ok(cache.size <= 1000);
  calls.length = 0;
  assert.equal(await r.read(id(2)), null);
  assert.deepEqual(calls, [`read ${id(2)}`]);
  cache.wrote(1, id(4), 'blob', Buffer.alloc(90, 4));
  cache.wrote(1, id(5), 'tree', Buffer.alloc(400, 5));
  assert.equal(await r.read(id(1)), null, 'the tree, no longer pinned, was dropped for the budget');
  // never stored: gone at once, so no read finds an object the repository does not have
  cache.wrote(1, id(3), 'commit', Buffer.alloc(50, 3), true);
  cache.forget(1, [id(3)]);
  assert.equal(await r.read(id(3)), null);
});
