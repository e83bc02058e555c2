/**
 * CPU per request of the API reads, in the host process (utime + stime from /proc), while a client in this
 * process sends requests back to back over keep-alive connections. With `--base DIR` a second host runs from
 * another checkout (A/B): the two are measured in alternating bursts, so both see the same machine load.
 * Run: npx tsx test/bench/lib/cpu-per-request.ts [--n 3000] [--conns 2] [--rounds 3] [--base DIR] [--only a,b]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ADMIN, adminToken, api, spawnServer, startHostProcess, type ServerProcess } from './proc.ts';

const TICK_US = 1e6 / 100;

function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
}

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); }).on('error', reject);
  });
}

/** Host CPU µs per request over `n` requests from `conns` clients. */
async function measure(pid: number, url: string, headers: Record<string, string>, n: number, conns: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const run = async (count: number): Promise<void> => {
    let left = count;
    await Promise.all(Array.from({ length: conns }, async () => {
      while (left-- > 0) { const s = await get(agent, url, headers); if (s >= 300) throw new Error(`${url}: ${s}`); }
    }));
  };
  await run(Math.min(n, 200));
  const t0 = cpuTicks(pid);
  await run(n);
  const us = ((cpuTicks(pid) - t0) * TICK_US) / n;
  agent.destroy();
  return us;
}

interface Row { name: string; url: (h: ServerProcess) => string; headers: (token: string) => Record<string, string> }

const ROWS: Row[] = [
  { name: 'GET repo', url: (h) => `${h.url}/api/v1/repos/root/bench`, headers: (t) => ({ authorization: `token ${t}` }) },
  { name: 'basic auth', url: (h) => `${h.url}/api/v1/repos/root/bench`, headers: () => ({ authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` }) },
  { name: 'search', url: (h) => `${h.url}/api/v1/repos/search?q=bench&limit=10`, headers: (t) => ({ authorization: `token ${t}` }) },
  { name: 'followers', url: (h) => `${h.url}/api/v1/users/root/followers?limit=50&page=1`, headers: (t) => ({ authorization: `token ${t}` }) },
  { name: 'contents', url: (h) => `${h.url}/api/v1/repos/root/bench/contents/README.md`, headers: (t) => ({ authorization: `token ${t}` }) },
];

async function seeded(cwd: string | undefined, nodeArgs: string[]): Promise<{ host: ServerProcess; token: string; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cpu-req-'));
  const host = await startHostProcess(dir, { entry: [...nodeArgs, '--import', 'tsx', 'server/cli.ts'], cwd });
  const token = await adminToken(host.url);
  await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true, description: 'benchmark repository' });
  for (let i = 0; i < 20; i++) await api(host.url, 'POST', '/user/repos', token, { name: `bench-${i}`, description: `search fodder ${i}` });
  // 60 followers of root: a full page of 50 for the followers row
  for (let i = 0; i < 60; i++) {
    await api(host.url, 'POST', '/admin/users', token, { username: `fan-${i}`, email: `fan-${i}@bench.example`, password: 'fan-password-1', must_change_password: false });
    await api(host.url, 'PUT', `/user/following/${ADMIN.username}?sudo=fan-${i}`, token);
  }
  return { host, token, dir };
}

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: { n: { type: 'string', default: '3000' }, conns: { type: 'string', default: '2' }, rounds: { type: 'string', default: '3' }, base: { type: 'string' }, only: { type: 'string' } },
});
const n = Number(o.n);
const conns = Number(o.conns);
const hello = await spawnServer(['--import', 'tsx', 'test/bench/lib/hello-server.ts'], { probe: '/hello' });
const hosts = [{ label: 'this', ...(await seeded(undefined, positionals)) }];
if (o.base) hosts.unshift({ label: 'base', ...(await seeded(o.base, positionals)) });
const rows = ROWS.filter((r) => !o.only || o.only.split(',').includes(r.name));
const best = new Map<string, number>();
const keep = (k: string, us: number): void => { best.set(k, Math.min(best.get(k) ?? Infinity, us)); };
try {
  for (let round = 0; round < Number(o.rounds); round++) {
    keep('hello', await measure(hello.pid, `${hello.url}/hello`, {}, n, conns));
    for (const r of rows) for (const h of hosts) keep(`${r.name} (${h.label})`, await measure(h.host.pid, r.url(h.host), r.headers(h.token), n, conns));
  }
  for (const [k, us] of best) console.log(`${k.padEnd(20)} ${us.toFixed(0)} µs/request (least of ${o.rounds} rounds of ${n}, ${conns} clients)`);
} finally {
  await Promise.all([hello.stop(), ...hosts.map((h) => h.host.stop())]);
  for (const h of hosts) rmSync(h.dir, { recursive: true, force: true });
}
