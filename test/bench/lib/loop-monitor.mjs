// Preloaded into the host by the soak benchmark (node --import): measures the host's event-loop delay. Each
// SIGUSR2 appends the figures since the previous one to HOMEFORGE_BENCH_LOOP_FILE and starts a new window.
// `long`: how many times a 5 ms timer came back more than 20 ms late (one synchronous stretch each), and the longest.
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { appendFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

const file = process.env.HOMEFORGE_BENCH_LOOP_FILE;
const memFile = process.env.HOMEFORGE_BENCH_MEM_FILE;
// HOMEFORGE_BENCH_MEM_FILE (profiling runs): every thread appends its memory figures there every 200 ms.
if (memFile) {
  setInterval(() => appendFileSync(memFile, `${JSON.stringify({ t: Date.now(), thread: threadId, ...process.memoryUsage() })}\n`), 200).unref();
}
// --import also runs in the host's worker thread: measure the main thread only.
if (file && isMainThread) {
  // node's histogram records the whole interval between its timer's runs (an idle loop reads RESOLUTION_MS);
  // the delay is how late the timer came back, so the resolution is subtracted from each figure.
  const RESOLUTION_MS = 10;
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  let long = 0;
  let longest = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    if (late > 20) { long += 1; longest = Math.max(longest, late); }
    last = now;
  }, 5).unref();
  // GC pauses on the main thread: young (scavenge) and full (mark-sweep-compact) counts, total and longest ms.
  const gc = { young: [0, 0, 0], full: [0, 0, 0] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const g = e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? gc.young : gc.full;
      g[0] += 1; g[1] += e.duration; g[2] = Math.max(g[2], e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  // Memory: the process's RSS every 200 ms; at each new high, what V8 and node account for (heap, external, array
  // buffers), so the peak can be split into heap, buffers and the rest (malloc arenas, code, thread stacks).
  let peak = null;
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (peak && rss <= peak.rss) return;
    peak = process.memoryUsage();
  }, 200).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const late = (ns) => Math.max(0, ms(ns) - RESOLUTION_MS);
    const p99Interval = ms(h.percentile(99));
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), p50: late(h.percentile(50)), p99: late(h.percentile(99)), max: late(h.max), p99Interval, n: h.count, long, longest, gc, mem: peak })}\n`);
    h.reset();
    long = 0;
    longest = 0;
    gc.young = [0, 0, 0];
    gc.full = [0, 0, 0];
    peak = null;
  });
}
