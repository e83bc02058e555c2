/**
 * Long background loops on the main thread (a notification job over thousands of watchers) give the event loop a
 * turn every few milliseconds, so requests that arrive meanwhile wait for one slice, not for the whole loop.
 */
import { performance } from 'node:perf_hooks';

/** Returns a function to await inside a loop: it yields (setImmediate) once `sliceMs` have run since the last yield. */
export function timeSlicer(sliceMs = 1): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
