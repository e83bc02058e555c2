// Preloaded into the host by the soak benchmark (node --import): measures the host's event-loop delay. Each
// SIGUSR2 appends the figures since the previous one to HOMEFORGE_BENCH_LOOP_FILE and starts a new window.
// `long`: how many times a 5 ms timer came back more than 20 ms late (one synchronous stretch each), and the longest.
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';

const file = process.env.HOMEFORGE_BENCH_LOOP_FILE;
const memFile = process.env.HOMEFORGE_BENCH_MEM_FILE;
// HOMEFORGE_BENCH_MEM_FILE (profiling runs only: reading the RSS costs each thread a /proc read): every thread
// appends its memory figures there every 200 ms.
if (memFile) {
  setInterval(() => appendFileSync(memFile, `${JSON.stringify({ t: Date.now(), thread: threadId, ...process.memoryUsage() })}\n`), 200).unref();
}
// The worker thread's V8 heap, for the main thread's report: written beside the loop file every second (V8's own
// counters, no /proc read).
if (file && !isMainThread) {
  setInterval(() => {
    const s = getHeapStatistics();
    writeFileSync(`${file}.worker`, JSON.stringify({ heapTotal: s.total_heap_size, heapUsed: s.used_heap_size, external: s.external_memory }));
  }, 1000).unref();
  process.on('exit', () => writeFileSync(`${file}.worker`, 'null'));
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
  // Memory: the window's largest V8 heap (with node's external memory), from V8's own counters every 500 ms, and
  // the same counters when the window ends (`now`). Not
  // the RSS: reading it is a /proc read on this thread, which came back up to tens of ms late on a loaded machine.
  let peak = null;
  setInterval(() => {
    const s = getHeapStatistics();
    if (peak && s.total_heap_size + s.external_memory <= peak.heapTotal + peak.external) return;
    peak = { heapTotal: s.total_heap_size, heapUsed: s.used_heap_size, external: s.external_memory };
  }, 500).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const late = (ns) => Math.max(0, ms(ns) - RESOLUTION_MS);
    const p99Interval = ms(h.percentile(99));
    const s = getHeapStatistics();
    let worker = null;
    try { worker = JSON.parse(readFileSync(`${file}.worker`, 'utf8')); } catch { /* no worker thread yet */ }
    const now = { heapTotal: s.total_heap_size, heapUsed: s.used_heap_size, external: s.external_memory, worker };
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), p50: late(h.percentile(50)), p99: late(h.percentile(99)), max: late(h.max), p99Interval, n: h.count, long, longest, gc, mem: peak, now })}\n`);
    h.reset();
    long = 0;
    longest = 0;
    gc.young = [0, 0, 0];
    gc.full = [0, 0, 0];
    peak = null;
  });
}
