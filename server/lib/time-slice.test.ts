import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOREGROUND_WAIT_MS, foregroundStarted, timeSlicer } from './time-slice.ts';

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

test('after a yield a slicer waits for the requests being answered, and no longer than its bound', async () => {
  const slice = timeSlicer(0);
  const end = foregroundStarted();
  let resumed = false;
  const step = slice().then(() => { resumed = true; });
  await new Promise((r) => setTimeout(r, 3));
  assert.equal(resumed, false, 'waits while a request is in progress');
  end();
  end(); // a second call changes nothing
  await step;
  assert.equal(resumed, true, 'resumes once the answer is done');
  const stuck = foregroundStarted();
  const t = performance.now();
  await slice();
  const waited = performance.now() - t;
  stuck();
  assert.ok(waited >= FOREGROUND_WAIT_MS - 1, `waited ${waited} ms for the bound`);
  const t2 = performance.now();
  await slice();
  assert.ok(performance.now() - t2 < FOREGROUND_WAIT_MS, 'no wait when nothing is in progress');
});
