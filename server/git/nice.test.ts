import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceFrom } from './process.ts';

test('a niceness setting is an integer 0-19, else the default', () => {
  assert.equal(niceFrom(undefined, 0), 0);
  assert.equal(niceFrom('10', 0), 10);
  assert.equal(niceFrom('0', 5), 0);
  assert.equal(niceFrom('19', 0), 19);
  for (const bad of ['', ' ', '20', '-1', '2.5', 'ten']) assert.equal(niceFrom(bad, 3), 3, bad);
});
