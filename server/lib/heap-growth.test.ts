import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capHeapGrowth, hasOwnGrowth, hasSmallYoungGeneration } from './heap-growth.ts';

test('a growth factor given on the command line is kept', () => {
  assert.equal(hasOwnGrowth(['--max-semi-space-size=1', '--heap-growing-percent=50']), true);
  assert.equal(hasOwnGrowth(['--heap_growing_percent=50']), true);
  assert.equal(hasOwnGrowth(['--max-semi-space-size=1', '--heap-growing-percentage']), false);
  assert.equal(capHeapGrowth(['--max-semi-space-size=1', '--heap-growing-percent=50']), false);
});

test('with node\'s default young generation V8 keeps choosing the factor', () => {
  assert.equal(hasSmallYoungGeneration(['--import', 'tsx']), false);
  assert.equal(hasSmallYoungGeneration(['--max_semi_space_size=1']), true);
  assert.equal(capHeapGrowth(['--import', 'tsx']), false);
});

test('with a small young generation and no factor given, the cap is set', () => {
  assert.equal(capHeapGrowth(['--max-semi-space-size=1']), true);
});
