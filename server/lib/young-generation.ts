/**
 * Keeps V8's young generation at its starting size (1 MiB semi-spaces) at run time, for a process whose command
 * line cannot carry node's --max-semi-space-size=1 (`npm start` passes it): the Electron main process and the host
 * run from source (`node --import tsx server/cli.ts`). Start-up (loading the modules, the store) otherwise grows the
 * semi-spaces to 16 MiB, and both stay resident: about 10 MiB of a compiled host, 27 MiB from source. V8 reads the
 * growth factor each time it would grow the space, so it must be set before the host's modules load. With a small
 * young generation request-lived objects reach the old generation, so its growth is capped too (heap-growth.ts).
 */
import v8 from 'node:v8';
import { HEAP_GROWING_PERCENT } from './heap-growth.ts';

let keptSmall = false;

/** Stops the young generation from growing past its starting size, from now on. */
export function keepYoungGenerationSmall(): void {
  keptSmall = true;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * Sets the growth factor again once a worker thread's engine is up: setting up a new isolate's heap puts the
 * factor back to V8's minimum of 2 for the whole process (measured: after a worker starts, the main thread's
 * semi-spaces grow to 16 MiB again). Does nothing unless keepYoungGenerationSmall() ran.
 */
export function reassertYoungGeneration(): void {
  if (keptSmall) v8.setFlagsFromString('--semi-space-growth-factor=1');
}
