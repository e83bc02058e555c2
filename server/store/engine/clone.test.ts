import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneRecord } from './clone.ts';

test('cloneRecord copies JSON-shaped records deeply', () => {
  const rec = { id: 1, name: 'a', tags: ['x', { y: [1, 2] }], nested: { deep: { n: null, b: false } }, none: undefined };
  const c = cloneRecord(rec);
  assert.deepEqual(c, rec);
  assert.ok('none' in c);
  assert.notEqual(c.tags, rec.tags);
  assert.notEqual(c.tags[1], rec.tags[1]);
  assert.notEqual(c.nested.deep, rec.nested.deep);
  (c.tags[1] as { y: number[] }).y.push(3);
  c.nested.deep.b = true;
  assert.deepEqual(rec.tags[1], { y: [1, 2] });
  assert.equal(rec.nested.deep.b, false);
});

test('cloneRecord hands other objects to structuredClone and keeps primitives', () => {
  const when = new Date(5);
  const c = cloneRecord({ when, map: new Map([[1, 2]]), bytes: new Uint8Array([1, 2]) });
  assert.ok(c.when instanceof Date && c.when !== when && c.when.getTime() === 5);
  assert.deepEqual([...c.map], [[1, 2]]);
  assert.deepEqual([...c.bytes], [1, 2]);
  assert.equal(cloneRecord(7), 7);
  assert.equal(cloneRecord(null), null);
  assert.equal(cloneRecord('s'), 's');
});

test('cloneRecord copies a frozen record into an unfrozen one', () => {
  const c = cloneRecord(Object.freeze({ a: Object.freeze([1]) })) as { a: number[] };
  assert.ok(!Object.isFrozen(c) && !Object.isFrozen(c.a));
  c.a.push(2);
  assert.deepEqual(c.a, [1, 2]);
});

test('cloneRecord copies an object without a prototype into a plain one', () => {
  const o = Object.create(null) as Record<string, number>;
  o.k = 1;
  assert.deepEqual({ ...cloneRecord(o) }, { k: 1 });
});

test('cloneRecord keeps a "__proto__" key of parsed JSON a plain key of the copy', () => {
  const rec = JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') as Record<string, unknown>;
  const c = cloneRecord(rec);
  assert.equal(Object.getPrototypeOf(c), Object.prototype);
  assert.deepEqual(Object.keys(c), ['__proto__', 'name']);
  assert.equal((c as { admin?: boolean }).admin, undefined);
  assert.notEqual(Object.getOwnPropertyDescriptor(c, '__proto__')!.value, rec['__proto__']);
});
