/**
 * How far V8 lets the host's old generation grow past its live size before the next full collection. V8 picks
 * the factor from its measured collection and allocation speeds, up to 4× on a machine with memory to spare: a
 * host with 30 MB live under a busy hour then carries up to 120 MB of garbage, and keeps those pages after the
 * load. The host's young generation is 1 MiB (`npm start`), so request-lived objects reach the old generation.
 */
import v8 from 'node:v8';

/** Growth allowed above the live heap after a full collection, in percent (100: the old generation may double). */
export const HEAP_GROWING_PERCENT = 100;

/** True when node was started with its own --heap-growing-percent (that one is kept). */
export function hasOwnGrowth(execArgv: readonly string[]): boolean {
  return execArgv.some((a) => /^--heap[-_]growing[-_]percent(=|$)/.test(a));
}

/** Caps the old generation's growth factor (read by V8 at each limit it sets, so it applies from here on). */
export function capHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (hasOwnGrowth(execArgv)) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
