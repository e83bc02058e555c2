/**
 * Gives memory back once a thread has gone quiet after work. V8 collects garbage only when allocation asks it to:
 * a host that goes idle after a busy hour keeps the heap it grew, garbage included (measured: no collection at
 * all in 60 s of idle, its V8 memory reducer never ran). Here a thread whose event loop has been nearly idle for
 * a few checks in a row, and whose heap has grown since the last trim, runs one full collection: V8 then gives
 * the empty pages back to the system (a 69 MB heap with 3 MB live went to 8 MB, RSS -59 MB in 2 s).
 * One per thread (the host's main thread and its worker thread each run their own); its checks come from the
 * thread's shared utilization sampler (loop-utilization.ts), whose timer never keeps the process alive.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { everyLoopWindow } from './loop-utilization.ts';

/** How often the loop's utilization is read (ms). */
export const TRIM_CHECK_MS = 5000;
/** Checks in a row with the loop nearly idle before a trim (15 s). */
export const TRIM_QUIET_CHECKS = 3;
/** Event-loop utilization up to which a check counts as quiet (a host answering a probe every 100 ms reads ~0.02). */
export const TRIM_MAX_UTILIZATION = 0.05;
/**
 * Growth of the V8 heap that makes a trim worth its pause: a quarter of the smallest heap since the last trim, and at
 * least this many bytes. Relative, for the worker thread: its heap settles at about 7.3 MB and grew to 10.2 MB in a
 * 2-minute soak and to 12.6 MB in a 5-minute one while its loop stayed under 3 % busy. A fixed 4 MiB over the heap
 * read at start-up (8.6 MB, before its first collection) trimmed it after the long soak only now and then, and never
 * after the short one; the 2.5-5 MB it kept were a tenth of the host's RSS growth.
 */
export const TRIM_MIN_GROWTH = 1.5 * 1024 * 1024;
/** The share of the smallest heap since the last trim that it must have grown by (see TRIM_MIN_GROWTH). */
export const TRIM_GROWTH_SHARE = 0.25;

/** The heap size from which the next trim is worth it. */
export function trimThreshold(baseline: number): number {
  return baseline + Math.max(TRIM_MIN_GROWTH, baseline * TRIM_GROWTH_SHARE);
}

/**
 * What the trimmer remembers between checks: the quiet checks in a row, and the smallest heap seen since the last
 * trim (or the start), which growth is measured from (a heap read at start-up, before its first collection, is
 * larger than the one the thread settles to).
 */
export interface TrimState { quiet: number; baseline: number }

/** One check: the state after it, and whether to collect now. Pure, for tests. */
export function nextTrim(s: TrimState, utilization: number, heapTotal: number): { state: TrimState; trim: boolean } {
  const quiet = utilization <= TRIM_MAX_UTILIZATION ? s.quiet + 1 : 0;
  const trim = quiet >= TRIM_QUIET_CHECKS && heapTotal >= trimThreshold(s.baseline);
  return { state: { quiet: trim ? 0 : quiet, baseline: Math.min(s.baseline, heapTotal) }, trim };
}

let collect: (() => void) | null = null;

/** V8's full collection, as `--expose-gc` gives it (the flag is set for one new context, then cleared again). */
export function fullCollection(): () => void {
  if (collect) return collect;
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  return (collect = gc);
}

/**
 * A collection of the young generation alone (`gc({ type: 'minor' })`). Run when a load ends, it closes the load's
 * allocation in V8's record: V8 shrinks the young generation at a collection that finds the allocation of the last
 * five seconds or so low, and without this the first collection after the load counts all the load allocated since
 * the collection before it (measured: a 32 MiB young generation was kept through full collections 7 s after).
 */
export function youngCollection(): void {
  (fullCollection() as (o: { type: 'minor' }) => void)({ type: 'minor' });
}

const releasers = new Set<() => void>();

/**
 * Runs `release` just before each idle collection of this thread, so that what it forgets (a host's caches) is
 * given back by that collection. Returns the function that unregisters it.
 */
export function releaseWhenIdle(release: () => void): () => void {
  releasers.add(release);
  return () => {
    releasers.delete(release);
  };
}

/**
 * A full collection that moves every surviving object together, then one more that frees the pages they left. A
 * plain one moves the survivors of only a few pages per run: a heap of 117 MB with a third of its objects left
 * alive went to 103, 91, 79 and 67 MB over four plain runs, and to 65 MB at once with this. The trim runs once,
 * so after the soak's load the host kept 15 MB of free space among 26 MB used (heap 41.5 MB); with this, 28.1 MB.
 */
export function compactingCollection(): void {
  const gc = fullCollection();
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
  gc();
}

/**
 * A full collection that also drops the compiled code of every function not running now (bytecode, baseline and
 * optimized code, feedback): each is compiled again from its source when next called. V8 drops only code unused
 * for several full collections, and an idle host has almost none, so what a busy spell compiled stays: after the
 * soak's load the main thread's code space had grown from 1 to 4.25 MB. Forced here with V8's flushing flags, which
 * it reads at the start of each collection.
 */
export function codeFlushingCollection(): void {
  const gc = fullCollection();
  v8.setFlagsFromString('--stress-flush-code');
  v8.setFlagsFromString('--flush-baseline-code');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-stress-flush-code');
    v8.setFlagsFromString('--no-flush-baseline-code');
  }
}

let running: (() => void) | null = null;

/** Starts the idle trimmer of this thread (once; later calls do nothing). Returns a function that stops it. */
export function startIdleTrim(onTrim?: (before: number, after: number) => void): () => void {
  if (running) return () => {};
  let state: TrimState = { quiet: 0, baseline: v8.getHeapStatistics().total_heap_size };
  const unsubscribe = everyLoopWindow(TRIM_CHECK_MS, (utilization) => {
    const heap = v8.getHeapStatistics().total_heap_size;
    const step = nextTrim(state, utilization, heap);
    state = step.state;
    if (!step.trim) return;
    for (const release of releasers) release();
    codeFlushingCollection();
    compactingCollection();
    const after = v8.getHeapStatistics().total_heap_size;
    state = { quiet: 0, baseline: after };
    onTrim?.(heap, after);
  });
  running = unsubscribe;
  return () => {
    unsubscribe();
    if (running === unsubscribe) running = null;
  };
}
