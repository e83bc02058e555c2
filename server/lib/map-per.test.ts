import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapPer } from './map-per.ts';

test('each owner has its own map, the same one on every call', () => {
  const of = mapPer<object, string, number>();
  const a = {};
  const b = {};
  of(a).set('k', 1);
  assert.equal(of(a).get('k'), 1);
  assert.equal(of(b).get('k'), undefined);
  assert.equal(of(a), of(a));
  assert.notEqual(of(a), of(b));
});
