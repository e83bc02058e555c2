import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullCollection, nextTrim, startIdleTrim, TRIM_MAX_UTILIZATION, TRIM_MIN_GROWTH, TRIM_QUIET_CHECKS, type TrimState } from './idle-trim.ts';

const MB = 1024 * 1024;

const run = (s: TrimState, checks: [number, number][]): boolean[] => checks.map(([u, heap]) => {
  const step = nextTrim(s, u, heap);
  s = step.state;
  return step.trim;
});

test('a trim follows a quiet spell once the heap has grown', () => {
  const heap = 30 * MB + TRIM_MIN_GROWTH;
  const quiet: [number, number][] = Array.from({ length: TRIM_QUIET_CHECKS }, () => [0.01, heap]);
  assert.deepEqual(run({ quiet: 0, heapAfterTrim: 30 * MB }, quiet), [...Array(TRIM_QUIET_CHECKS - 1).fill(false), true]);
});

test('no trim while the loop is busy, and a busy check starts the quiet count again', () => {
  const heap = 60 * MB;
  const checks: [number, number][] = [[0.01, heap], [0.5, heap], ...Array.from({ length: TRIM_QUIET_CHECKS - 1 }, (): [number, number] => [0.01, heap])];
  assert.deepEqual(run({ quiet: 0, heapAfterTrim: 20 * MB }, checks), checks.map(() => false));
  assert.equal(nextTrim({ quiet: 5, heapAfterTrim: 20 * MB }, TRIM_MAX_UTILIZATION + 0.01, heap).trim, false);
});

test('no trim when the heap has not grown since the last one', () => {
  const checks: [number, number][] = Array.from({ length: 10 }, () => [0, 20 * MB + TRIM_MIN_GROWTH - 1]);
  assert.deepEqual(run({ quiet: 0, heapAfterTrim: 20 * MB }, checks), checks.map(() => false));
});

test('after a trim the quiet count starts again', () => {
  const step = nextTrim({ quiet: TRIM_QUIET_CHECKS - 1, heapAfterTrim: 0 }, 0, TRIM_MIN_GROWTH);
  assert.equal(step.trim, true);
  assert.equal(step.state.quiet, 0);
});

test('the trimmer starts once per thread and stops', () => {
  const stop = startIdleTrim();
  const again = startIdleTrim();
  again();
  stop();
  startIdleTrim()();
});

test('the full collection runs without exposing gc to the host\'s own code', () => {
  assert.equal(Array.from({ length: 1000 }, (_, i) => ({ i })).length, 1000);
  fullCollection()();
  assert.equal(fullCollection(), fullCollection());
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
});
