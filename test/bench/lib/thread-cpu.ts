/** CPU time per thread of this process, read from /proc (Linux); elsewhere nothing is read and the figures stay empty. */
import { readdirSync, readFileSync } from 'node:fs';

/** The user + system milliseconds in a /proc `stat` line: after the command name, utime and stime are the 12th and 13th fields, in clock ticks (100 a second). */
function cpuMsOfStat(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** Milliseconds of CPU (user + system) by thread id; empty where /proc is missing. */
export function threadCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      out.set(Number(tid), cpuMsOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** CPU used since `before`: the whole process, its main thread, and the threads in `threads` (e.g. a worker started after a snapshot). */
export function cpuSince(before: Map<number, number>, threads: Set<number>): { process: number; main: number; threads: number } {
  const now = threadCpu();
  let all = 0;
  let main = 0;
  let sel = 0;
  for (const [tid, ms] of now) {
    const d = ms - (before.get(tid) ?? 0);
    all += d;
    if (tid === process.pid) main += d;
    if (threads.has(tid)) sel += d;
  }
  return { process: all, main, threads: sel };
}

/** CPU milliseconds (user + system) another process has used, read from /proc (Linux); 0 elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}
