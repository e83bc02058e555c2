/**
 * How far V8 lets the host's old generation grow past its live size before the next full collection. V8 picks
 * the factor from its measured collection and allocation speeds, up to 4× on a machine with memory to spare: a
 * host with 30 MB live under a busy hour then carries up to 120 MB of garbage, and keeps those pages after the
 * load. That happens when the young generation is kept small (at rest, lib/young-generation.ts, or --max-semi-space-size=1): request-lived
 * objects then reach the old generation. With node's default young generation they die young, and a fixed
 * factor would only hold more garbage when V8 would have chosen less (measured: a streamed 50 MB upload).
 */
import v8 from 'node:v8';

/** Growth allowed above the live heap after a full collection, in percent (100: the old generation may double). */
export const HEAP_GROWING_PERCENT = 100;

/** True when node was started with its own --heap-growing-percent (that one is kept). */
export function hasOwnGrowth(execArgv: readonly string[]): boolean {
  return execArgv.some((a) => /^--heap[-_]growing[-_]percent(=|$)/.test(a));
}

/** True when node was started with a reduced young generation (the flag `npm start` passes). */
export function hasSmallYoungGeneration(execArgv: readonly string[]): boolean {
  return execArgv.some((a) => /^--max[-_]semi[-_]space[-_]size(=|$)/.test(a));
}

/** Sets the old generation's growth factor when the young generation is small and none was given (V8 reads it at each limit it sets). */
export function capHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (hasOwnGrowth(execArgv) || !hasSmallYoungGeneration(execArgv)) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
