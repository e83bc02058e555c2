/**
 * V8's young generation: small at rest, let grow under load. At rest it stays at its starting size (1 MiB
 * semi-spaces): start-up (loading the modules, the store) would otherwise grow the semi-spaces to 16 MiB, and both
 * stay resident: about 10 MiB of a compiled host, 27 MiB from source. Under sustained load that size costs
 * throughput: request-lived objects outlive a 1 MiB nursery, so scavenges run often and promote garbage to the old
 * generation. Measured with 32 clients creating branches: 990 req/s kept small, 1,160 with 16 MiB (the garbage
 * collector 23 % of the main thread with a fixed 1 MiB, 16 % kept small at run time). So followLoad() lets the
 * space grow while the main thread is busy and stops that when it is calm again, with a scavenge that closes the
 * load's allocation in V8's record; V8 then shrinks the space back at the first collection that finds the
 * allocation of the last seconds low (the idle trim's, at the latest: lib/idle-trim.ts). V8 reads the growth
 * factor each time it would grow the space, so it is set at run time; keepYoungGenerationSmall must run before the
 * host's modules load. With a small young generation request-lived
 * objects reach the old generation, so its growth is capped too (heap-growth.ts).
 */
import v8 from 'node:v8';
import { HEAP_GROWING_PERCENT } from './heap-growth.ts';
import { youngCollection } from './idle-trim.ts';
import { everyLoopWindow } from './loop-utilization.ts';

/** V8's own growth factor of the semi-spaces (its minimum, and what a new isolate sets). */
const V8_GROWTH_FACTOR = 2;

let keptSmall = false;
/** True while followLoad lets the young generation grow (the main thread is busy). */
let growing = false;

const setGrowthFactor = (factor: number): void => v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);

/** Stops the young generation from growing past its starting size, from now on. */
export function keepYoungGenerationSmall(): void {
  keptSmall = true;
  setGrowthFactor(1);
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * Sets the growth factor again once a worker thread's engine is up: setting up a new isolate's heap puts the
 * factor back to V8's minimum of 2 for the whole process (measured: after a worker starts, the main thread's
 * semi-spaces grow to 16 MiB again). Does nothing unless keepYoungGenerationSmall() ran, or while under load.
 */
export function reassertYoungGeneration(): void {
  if (keptSmall && !growing) setGrowthFactor(1);
}

/** How often followLoad reads the main thread's event-loop utilization (ms). */
export const LOAD_CHECK_MS = 1000;
/** Utilization from which a check counts as busy, and checks in a row that make the load sustained. */
export const BUSY_UTILIZATION = 0.5;
export const BUSY_CHECKS = 2;
/** Utilization under which a check counts as calm, and checks in a row that end the load. */
export const CALM_UTILIZATION = 0.2;
export const CALM_CHECKS = 3;

/** What followLoad remembers between checks: whether the load is on, and the busy or calm checks in a row. */
export interface LoadState { busy: boolean; run: number }

/** One check: the state after a window with this event-loop utilization. Pure, for tests. */
export function nextLoadState(s: LoadState, utilization: number): LoadState {
  if (!s.busy) {
    const run = utilization >= BUSY_UTILIZATION ? s.run + 1 : 0;
    return run >= BUSY_CHECKS ? { busy: true, run: 0 } : { busy: false, run };
  }
  const run = utilization < CALM_UTILIZATION ? s.run + 1 : 0;
  return run >= CALM_CHECKS ? { busy: false, run: 0 } : { busy: true, run };
}

/**
 * Lets the young generation grow while this thread's event loop is busy (see the top of this file), from now on.
 * Does nothing unless keepYoungGenerationSmall() ran (a young generation set on node's command line is kept as
 * given). Returns the function that stops it and keeps the generation small again. Its checks come from the thread's
 * shared utilization sampler (loop-utilization.ts), whose timer never keeps the process alive.
 */
export function followLoad(checkMs = LOAD_CHECK_MS): () => void {
  if (!keptSmall) return () => {};
  let state: LoadState = { busy: false, run: 0 };
  const unsubscribe = everyLoopWindow(checkMs, (utilization) => {
    const next = nextLoadState(state, utilization);
    if (next.busy !== state.busy) {
      growing = next.busy;
      setGrowthFactor(next.busy ? V8_GROWTH_FACTOR : 1);
      if (!next.busy) youngCollection();
    }
    state = next;
  });
  return () => {
    unsubscribe();
    growing = false;
    setGrowthFactor(1);
  };
}
