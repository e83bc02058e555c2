/**
 * Long background loops on the main thread (a notification job over thousands of watchers) give the event loop a
 * turn every few milliseconds, so requests that arrive meanwhile wait for one slice, not for the whole loop. While
 * an API request is being answered (foregroundStarted), a loop that has yielded waits for the answers before its
 * next slice, at most FOREGROUND_WAIT_MS: a request whose handler awaits a disk write after it queued the job
 * would otherwise find a slice running each time its write completes.
 */
import { performance } from 'node:perf_hooks';

/** The longest a background loop waits for answers in progress before it takes its next slice anyway. */
export const FOREGROUND_WAIT_MS = 10;

let foreground = 0;
let waiting: (() => void)[] = [];

/** Counts a request being answered until the returned function is called (once; later calls do nothing). */
export function foregroundStarted(): () => void {
  foreground += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    foreground -= 1;
    if (foreground > 0) return;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
}

/** Resolves when no request is being answered, or after `maxMs`. */
function foregroundDone(maxMs: number): Promise<void> {
  if (foreground === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const i = waiting.indexOf(wake);
      if (i >= 0) waiting.splice(i, 1);
      resolve();
    }, maxMs);
    waiting.push(wake);
  });
}

/**
 * Returns a function to await inside a loop: it yields (setImmediate) once `sliceMs` have run since the last yield,
 * and then lets requests being answered finish first (see above).
 */
export function timeSlicer(sliceMs = 1): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await foregroundDone(FOREGROUND_WAIT_MS);
    since = performance.now();
  };
}
