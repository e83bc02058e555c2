import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upkeepDue } from './runtime.ts';

test('upkeep after pushes waits for a quiet period after the latest ref move', () => {
  assert.equal(upkeepDue({ first: 1_000, last: 1_000 }, 30_000), 31_000);
  assert.equal(upkeepDue({ first: 1_000, last: 50_000 }, 30_000), 80_000);
});

test('a repository written without pause still gets upkeep ten quiet periods after the first move', () => {
  assert.equal(upkeepDue({ first: 1_000, last: 299_000 }, 30_000), 301_000);
  assert.equal(upkeepDue({ first: 1_000, last: 900_000 }, 30_000), 301_000);
});
