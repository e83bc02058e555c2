import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matcher, orderedWalk } from './search-filter.ts';

const rows = [
  { id: 1, owner_id: 1 }, { id: 2, owner_id: 2 }, { id: 3, owner_id: 1 }, { id: 4, owner_id: 3 }, { id: 5, owner_id: 2 },
];
const ids = (walk: () => { id: number } | undefined): number[] => {
  const out: number[] = [];
  for (let r = walk(); r; r = walk()) out.push(r.id);
  return out;
};

test('orderedWalk gives the rows in order, or from the end', () => {
  assert.deepEqual(ids(orderedWalk(rows, false, null)), [1, 2, 3, 4, 5]);
  assert.deepEqual(ids(orderedWalk(rows, true, null)), [5, 4, 3, 2, 1]);
  assert.deepEqual(ids(orderedWalk([], false, null)), []);
});

test('orderedWalk puts the priority owner first, each part in its order, and applies the filter to both', () => {
  assert.deepEqual(ids(orderedWalk(rows, false, null, 2)), [2, 5, 1, 3, 4]);
  assert.deepEqual(ids(orderedWalk(rows, true, null, 2)), [5, 2, 4, 3, 1]);
  assert.deepEqual(ids(orderedWalk(rows, false, (r) => r.id !== 5 && r.id !== 3, 2)), [2, 1, 4]);
  assert.deepEqual(ids(orderedWalk(rows, false, null, 9)), [1, 2, 3, 4, 5]);
});

test('matcher is null when no filter is set, a test otherwise', () => {
  assert.equal(matcher({}, new Set()), null);
  assert.equal(matcher({ template: true, sort: 'alpha', order: 'desc', priority_owner_id: 2 }, new Set()), null);
  assert.equal(typeof matcher({ publicOnly: true }, new Set()), 'function');
  assert.equal(typeof matcher({ template: false }, new Set()), 'function');
  assert.equal(typeof matcher({ q: 'x' }, new Set()), 'function');
  assert.equal(typeof matcher({ uid: 3 }, new Set()), 'function');
});
