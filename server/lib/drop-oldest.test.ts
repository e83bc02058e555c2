import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundSize, dropOldest } from './drop-oldest.ts';

test('dropOldest removes the first entries in insertion order', () => {
  const m = new Map([['a', 1], ['b', 2], ['c', 3]]);
  dropOldest(m, 2);
  assert.deepEqual([...m.keys()], ['c']);
  dropOldest(m, 5);
  assert.equal(m.size, 0);
});

test('boundSize leaves a map within its limit alone, and drops the oldest tenth once it is over', () => {
  const m = new Map<number, number>();
  for (let i = 0; i < 100; i++) m.set(i, i);
  boundSize(m, 100);
  assert.equal(m.size, 100);
  m.set(100, 100);
  boundSize(m, 100);
  assert.equal(m.size, 90);
  assert.equal([...m.keys()][0], 11, 'the eleven oldest went');
  assert.ok(m.has(100));
});
