/**
 * CPU per contents write (POST /repos/{o}/{r}/contents/{path}, one new file per request on main, as the API bench
 * sends it) in the host process (utime + stime from /proc), with `conns` clients sending back to back. The
 * repository is seeded with branches and tags first, as the API bench leaves it before its contents row. With
 * `--base DIR` a second host runs from another checkout (A/B), measured in alternating bursts.
 * Run: npx tsx test/bench/lib/cpu-per-write.ts [--n 600] [--conns 2] [--rounds 3] [--refs 2000] [--base DIR] [-- node args]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { adminToken, api, startHostProcess, type ServerProcess } from './proc.ts';

const TICK_MS = 1000 / 100;

function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** CPU ticks by thread name (threads of one name summed), and of the host's child processes as 'children'. */
function threadTicks(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, v: number): void => { out.set(k, (out.get(k) ?? 0) + v); };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = Number(tid) === pid ? 'main' : `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}${process.env.BY_TID ? `/${tid}` : ''}`;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      add(name, Number(f[11]) + Number(f[12]));
      for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean)) add('children', cpuTicks(Number(c)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

function post(agent: http.Agent, url: string, p: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + p, { method: 'POST', agent, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
    req.on('error', reject);
    req.end(body);
  });
}

interface Host { label: string; host: ServerProcess; token: string; dir: string; n: number }

/** Host CPU ms per write and writes per second over `n` writes from `conns` clients. */
async function measure(h: Host, n: number, conns: number): Promise<{ ms: number; rps: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const headers = { authorization: `token ${h.token}`, 'content-type': 'application/json' };
  const run = async (count: number): Promise<void> => {
    let left = count;
    await Promise.all(Array.from({ length: conns }, async () => {
      while (left-- > 0) {
        const i = ++h.n;
        const s = await post(agent, h.host.url, `/api/v1/repos/root/bench/contents/f/${i}.txt`, headers, JSON.stringify({ content: Buffer.from(`file ${i}\n`).toString('base64') }));
        if (s >= 300) throw new Error(`write ${i}: ${s}`);
      }
    }));
  };
  await run(Math.min(n, 50));
  const t0 = cpuTicks(h.host.pid);
  const th0 = threadTicks(h.host.pid);
  const w0 = performance.now();
  const trace = o.strace ? spawn('strace', [...(process.env.STRACE_ARGS ?? '-c').split(' '), '-f', '-o', `${o.strace}.${h.label}`, '-p', String(h.host.pid)], { stdio: 'ignore' }) : null;
  if (trace) await new Promise((r) => setTimeout(r, 1000));
  await run(n);
  if (trace) { trace.kill('SIGINT'); await new Promise((r) => trace.once('exit', r)); }
  const wall = performance.now() - w0;
  const ms = ((cpuTicks(h.host.pid) - t0) * TICK_MS) / n;
  const th = [...threadTicks(h.host.pid)].map(([k, v]) => [k, ((v - (th0.get(k) ?? 0)) * TICK_MS) / n] as const).filter(([, v]) => v > 0.05);
  console.log(`  by thread: ${th.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  agent.destroy();
  return { ms, rps: (n * 1000) / wall };
}

async function seeded(label: string, cwd: string | undefined, nodeArgs: string[], refs: number): Promise<Host> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cpu-write-'));
  const host = await startHostProcess(dir, { entry: [...nodeArgs, '--import', 'tsx', 'server/cli.ts'], cwd });
  const token = await adminToken(host.url);
  await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true, description: 'benchmark repository' });
  for (let i = 0; i < refs; i++) await api(host.url, 'POST', '/repos/root/bench/branches', token, { new_branch_name: `bench-${i}`, old_branch_name: 'main' });
  for (let i = 0; i < refs / 2; i++) await api(host.url, 'POST', '/repos/root/bench/tags', token, { tag_name: `t-${i}`, target: 'main', message: 'bench' });
  return { label, host, token, dir, n: 0 };
}

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: { n: { type: 'string', default: '600' }, conns: { type: 'string', default: '2' }, rounds: { type: 'string', default: '3' }, refs: { type: 'string', default: '2000' }, base: { type: 'string' }, strace: { type: 'string' } },
});
const n = Number(o.n);
const conns = Number(o.conns);
const hosts = [await seeded('this', undefined, positionals, Number(o.refs))];
if (o.base) hosts.unshift(await seeded('base', o.base, positionals, Number(o.refs)));
try {
  for (let round = 0; round < Number(o.rounds); round++) {
    for (const h of hosts) {
      const r = await measure(h, n, conns);
      console.log(`${h.label.padEnd(5)} round ${round}: ${r.ms.toFixed(2)} ms CPU/write, ${r.rps.toFixed(0)} writes/s (files ${h.n - n + 1}..${h.n}, ${conns} clients)`);
    }
  }
} finally {
  await Promise.all(hosts.map((h) => h.host.stop()));
  for (const h of hosts) rmSync(h.dir, { recursive: true, force: true });
}
