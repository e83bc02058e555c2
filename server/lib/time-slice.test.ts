import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeSlicer } from './time-slice.ts';

test('a slicer yields only after its slice has run, and then lets a waiting callback in', async () => {
  const slice = timeSlicer(5);
  let ran = false;
  setImmediate(() => { ran = true; });
  await slice();
  assert.equal(ran, false, 'no yield before the slice is used up');
  const until = performance.now() + 6;
  while (performance.now() < until) { /* busy: the slice runs out */ }
  await slice();
  assert.equal(ran, true, 'the waiting callback ran during the yield');
});
