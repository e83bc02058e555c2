import v8 from 'node:v8';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeFlushingCollection, compactingCollection, fullCollection, nextTrim, startIdleTrim, TRIM_MAX_UTILIZATION, TRIM_MIN_GROWTH, TRIM_QUIET_CHECKS, trimThreshold, type TrimState } from './idle-trim.ts';

const MB = 1024 * 1024;

const run = (s: TrimState, checks: [number, number][]): boolean[] => checks.map(([u, heap]) => {
  const step = nextTrim(s, u, heap);
  s = step.state;
  return step.trim;
});

test('a trim follows a quiet spell once the heap has grown', () => {
  const heap = trimThreshold(30 * MB);
  const quiet: [number, number][] = Array.from({ length: TRIM_QUIET_CHECKS }, () => [0.01, heap]);
  assert.deepEqual(run({ quiet: 0, baseline: 30 * MB }, quiet), [...Array(TRIM_QUIET_CHECKS - 1).fill(false), true]);
});

test('no trim while the loop is busy, and a busy check starts the quiet count again', () => {
  const heap = 60 * MB;
  const checks: [number, number][] = [[0.01, heap], [0.5, heap], ...Array.from({ length: TRIM_QUIET_CHECKS - 1 }, (): [number, number] => [0.01, heap])];
  assert.deepEqual(run({ quiet: 0, baseline: 20 * MB }, checks), checks.map(() => false));
  assert.equal(nextTrim({ quiet: 5, baseline: 20 * MB }, TRIM_MAX_UTILIZATION + 0.01, heap).trim, false);
});

test('no trim when the heap has not grown since the last one', () => {
  const checks: [number, number][] = Array.from({ length: 10 }, () => [0, trimThreshold(20 * MB) - 1]);
  assert.deepEqual(run({ quiet: 0, baseline: 20 * MB }, checks), checks.map(() => false));
});

test('after a trim the quiet count starts again', () => {
  const step = nextTrim({ quiet: TRIM_QUIET_CHECKS - 1, baseline: 0 }, 0, trimThreshold(0));
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

test('the compacting collection gives back at once what plain collections give back over several', () => {
  const gc = fullCollection();
  const total = (): number => v8.getHeapStatistics().total_heap_size;
  let keep: { a: number; b: string; c: number[] }[] = [];
  for (let i = 0; i < 600_000; i++) keep.push({ a: i, b: `x${i}`, c: [i] });
  gc();
  keep = keep.filter((_, i) => i % 3 === 0); // a third survives, on every page
  gc();
  const fragmented = total();
  compactingCollection();
  const compacted = total();
  for (let i = 0; i < 4; i++) gc(); // each plain collection moves only a few pages' survivors
  const settled = total();
  const mib = (n: number): string => (n / 2 ** 20).toFixed(1);
  assert.ok(compacted - settled < 0.1 * (fragmented - settled), `heap ${mib(fragmented)} -> ${mib(compacted)} MiB at once, ${mib(settled)} MiB after four more`);
  assert.equal(keep.length, 200_000);
  assert.equal(keep.at(-1)!.c[0], 599_997);
});

test("a worker thread's small heap is trimmed in a short soak: 8.6 MB at start, settled at 7.3, grown to 10.2", () => {
  const heaps = [9.4, 7.3, 7.3, 7.8, 8.4, 8.9, 9.4, 9.7, 10.2];
  const trims = run({ quiet: 0, baseline: 8.6 * MB }, heaps.map((h) => [0.02, h * MB]));
  assert.deepEqual(trims, [false, false, false, false, false, false, true, false, false], 'once past 7.3 MB and a quarter');
});

test('growth is counted from the smallest heap since the last trim', () => {
  const step = nextTrim({ quiet: 0, baseline: 30 * MB }, 0.5, 22 * MB);
  assert.equal(step.state.baseline, 22 * MB);
  assert.equal(nextTrim(step.state, 0.5, 40 * MB).state.baseline, 22 * MB);
});

test('the growth needed is a quarter of the heap, and never under TRIM_MIN_GROWTH', () => {
  assert.equal(trimThreshold(40 * MB), 50 * MB);
  assert.equal(trimThreshold(2 * MB), 2 * MB + TRIM_MIN_GROWTH);
});

test('the code-flushing collection drops the code of functions that are not running', () => {
  const codeUsed = (): number => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'code_space')!.space_used_size;
  const gc = fullCollection();
  gc();
  const base = codeUsed();
  // Functions of their own, run hot enough to be compiled to baseline and optimized code, and kept alive.
  const fns = Array.from({ length: 2000 }, (_, i) => new Function('a', `let s = ${i}; for (let k = 0; k < a; k++) s = (s * 31 + k) | 0; return s;`) as (a: number) => number);
  for (let round = 0; round < 40; round++) for (const f of fns) f(200);
  gc();
  const grown = codeUsed() - base;
  assert.ok(grown > 256 * 1024, `the functions compiled to ${grown} bytes of code`);
  codeFlushingCollection();
  const left = codeUsed() - base;
  assert.ok(left < grown / 2, `code after the flush: ${left} of ${grown} bytes`);
  assert.equal(fns[7]!(10), fns[7]!(10), 'a flushed function is compiled again when called');
});
