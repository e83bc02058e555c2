/**
 * Waits for a process to go quiet before a measurement: the work a run leaves behind (deferred store writes, the
 * collector after a burst, event subscribers) otherwise lands in the next run's figures.
 */
import { processCpuMs } from './thread-cpu.ts';

/** Resolves once `pid` used under `share` of a CPU over `windowMs`, or after `maxMs` (the figures then say how long it took). */
export async function settle(pid: number, o: { windowMs?: number; share?: number; maxMs?: number } = {}): Promise<number> {
  const { windowMs = 500, share = 0.05, maxMs = 15_000 } = o;
  const t0 = Date.now();
  let before = processCpuMs(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = processCpuMs(pid);
    if (now - before <= windowMs * share || Date.now() - t0 >= maxMs) return Date.now() - t0;
    before = now;
  }
}
