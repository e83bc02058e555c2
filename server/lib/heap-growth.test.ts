import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capHeapGrowth, hasOwnGrowth } from './heap-growth.ts';

test('a growth factor given on the command line is kept', () => {
  assert.equal(hasOwnGrowth(['--max-semi-space-size=1', '--heap-growing-percent=50']), true);
  assert.equal(hasOwnGrowth(['--heap_growing_percent=50']), true);
  assert.equal(hasOwnGrowth(['--max-semi-space-size=1', '--heap-growing-percentage']), false);
  assert.equal(capHeapGrowth(['--heap-growing-percent=50']), false);
});

test('without one, the cap is set', () => {
  assert.equal(capHeapGrowth([]), true);
});
