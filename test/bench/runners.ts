/**
 * Runners: the cost of N idle runners long-polling FetchTask (each call is held up to 3 s unless work appears):
 * calls per second the host answers, its CPU time per second and its resident memory, against no runners.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, adminToken, rssOf, startHostProcess } from './lib/proc.ts';
import { fmt, mb } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';
import { registerRunner, type ProtocolRunner } from '../helpers/runner-client.ts';

/** user+system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function idleWindow(pid: number, runners: ProtocolRunner[], seconds: number): Promise<{ calls: number; cpu: number; rss: number }> {
  let calls = 0;
  let stop = false;
  const loops = runners.map(async (r) => {
    while (!stop) {
      await r.fetch();
      calls++;
    }
  });
  const cpu0 = cpuSeconds(pid);
  await new Promise((res) => setTimeout(res, seconds * 1000));
  const cpu = cpuSeconds(pid) - cpu0;
  const rss = rssOf(pid);
  stop = true;
  await Promise.all(loops);
  return { calls, cpu, rss };
}

/** Runs the runners benchmark. */
export async function runRunners(o: BenchOptions): Promise<AreaResult> {
  const sizes = o.quick ? [0, 10, 50] : [0, 10, 100, 300];
  const seconds = o.quick ? 6 : 15;
  const host = await startHostProcess(path.join(o.tmp, 'runners'));
  const rows: string[][] = [];
  const data: Record<string, unknown> = {};
  try {
    const token = await adminToken(host.url);
    const reg = (await api(host.url, 'POST', '/admin/actions/runners/registration-token', token)) as { token: string };
    const runners: ProtocolRunner[] = [];
    for (const n of sizes) {
      while (runners.length < n) runners.push(await registerRunner(host.url, reg.token, { name: `bench-${runners.length}` }));
      const w = await idleWindow(host.pid, runners.slice(0, n), seconds);
      rows.push([String(n), fmt(w.calls / seconds), fmt((100 * w.cpu) / seconds), fmt(mb(w.rss))]);
      data[`runners_${n}`] = { callsPerSecond: w.calls / seconds, cpuPercent: (100 * w.cpu) / seconds, rssMiB: mb(w.rss) };
    }
  } finally {
    await host.stop();
  }
  return {
    area: 'runners',
    title: 'Runners: idle FetchTask long polls',
    tables: [{ title: `N idle runners polling for ${seconds} s`, columns: ['runners', 'FetchTask calls/s', 'host CPU %', 'host RSS MiB'], rows }],
    notes: ['An idle runner is answered after the 3 s hold (or at once when its scope gets work), so each idle runner makes about one call every 2-3 s and host CPU grows with N only through those calls.'],
    data,
  };
}
