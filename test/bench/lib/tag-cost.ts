/**
 * Host CPU and latency per annotated tag made through the API (POST /repos/{o}/{r}/tags), with 2 and 32
 * clients, after `--branches` branches and `--pre` tags exist (the API bench's state when it reaches tags).
 * Run: npx tsx test/bench/lib/tag-cost.ts [--n 1000] [--branches 0] [--pre 0] [--conns 2,32] [--base DIR] [--node-args "..."]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { adminToken, api, startHostProcess, type ServerProcess } from './proc.ts';
import { percentile } from './stats.ts';
import { schedOf, schedSince } from './soak-run.ts';

const TICK_US = 1e6 / 100;

/**
 * CPU ticks of the host and every live process below it (the spawner, the long-lived `update-ref --stdin`), each
 * with its reaped children's: a long-lived git process's CPU reaches no parent until it exits.
 */
function cpuTicks(pid: number): number {
  let sum = 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    sum = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean)) sum += cpuTicks(Number(c));
    }
  } catch {
    // ended meanwhile
  }
  return sum;
}

function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
    req.on('error', reject);
    req.end(body);
  });
}

async function drive(host: ServerProcess, token: string, kind: 'tags' | 'branches', prefix: string, n: number, conns: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
  const times: number[] = [];
  let i = 0;
  await Promise.all(Array.from({ length: conns }, async () => {
    while (i < n) {
      const k = i++;
      const body = kind === 'tags' ? { tag_name: `${prefix}${k}`, target: 'main', message: 'bench' } : { new_branch_name: `${prefix}${k}`, old_branch_name: 'main' };
      const t0 = performance.now();
      const s = await post(agent, `${host.url}/api/v1/repos/root/bench/${kind}`, headers, JSON.stringify(body));
      times.push(performance.now() - t0);
      if (s >= 300) throw new Error(`${kind}: ${s}`);
    }
  }));
  agent.destroy();
  return times;
}

const { values } = parseArgs({ options: { n: { type: 'string', default: '1000' }, branches: { type: 'string', default: '0' }, pre: { type: 'string', default: '0' }, conns: { type: 'string', default: '2,32' }, base: { type: 'string' }, 'node-args': { type: 'string', default: '' }, rounds: { type: 'string', default: '1' }, kind: { type: 'string', default: 'tags' }, strace: { type: 'string' } } });
const n = Number(values.n);
const nodeArgs = values['node-args'] ? values['node-args'].split(' ') : [];

async function seeded(cwd: string | undefined): Promise<{ host: ServerProcess; token: string; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tag-cost-'));
  const host = await startHostProcess(dir, { entry: [...nodeArgs, '--import', 'tsx', 'server/cli.ts'], cwd });
  const token = await adminToken(host.url);
  await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true });
  if (Number(values.branches)) await drive(host, token, 'branches', 'b-', Number(values.branches), 8);
  if (Number(values.pre)) await drive(host, token, 'tags', 'pre-', Number(values.pre), 8);
  return { host, token, dir };
}

const hosts = [{ label: 'this', h: await seeded(undefined) }];
if (values.base) hosts.push({ label: 'base', h: await seeded(values.base) });
try {
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const c of values.conns.split(',').map(Number)) {
      for (const { label, h } of hosts) {
        const kind = values.kind as 'tags' | 'branches';
        await drive(h.host, h.token, kind, `w${r}-${c}-`, 50, c);
        const st = values.strace ? spawn('strace', ['-f', '-p', String(h.host.pid), '-o', `${values.strace}.${label}.${c}`, ...(process.env.STRACE_ARGS ?? '-c').split(' ')], { stdio: 'inherit' }) : null;
        if (st) await new Promise((r) => setTimeout(r, 1500));
        const t0 = cpuTicks(h.host.pid);
        const s0 = schedOf(h.host.pid);
        const w0 = performance.now();
        const times = await drive(h.host, h.token, kind, `r${r}-${c}-`, n, c);
        const wall = performance.now() - w0;
        if (st) { st.kill('SIGINT'); await new Promise((r) => st.once('exit', r)); }
        const cpu = ((cpuTicks(h.host.pid) - t0) * TICK_US) / n / 1000;
        const main = schedSince(s0, schedOf(h.host.pid));
        const mean = times.reduce((a, b) => a + b, 0) / times.length;
        console.log(`${kind} ${label} c=${c}: cpu ${cpu.toFixed(2)} ms/write (main thread ${(main.run / n).toFixed(2)}, waiting for a core ${(main.wait / n).toFixed(2)}), ${(n / wall * 1000).toFixed(0)} req/s, p50 ${percentile(times, 50).toFixed(2)} mean ${mean.toFixed(2)} p90 ${percentile(times, 90).toFixed(2)} p99 ${percentile(times, 99).toFixed(2)}`);
      }
    }
  }
} finally {
  for (const { h } of hosts) { await h.host.stop(); rmSync(h.dir, { recursive: true, force: true }); }
}
