/**
 * Short A/B runs of the soak mix, variants in turn: the host main thread's CPU and run-queue wait, its git processes' CPU, GC and
 * stretch counts. AB_VARIANTS: JSON [{ name, flags: node flags, env }]; AB_SECONDS, AB_ROUNDS; AB_PIN: a CPU to pin the host to.
 * Run: AB_VARIANTS='[...]' npx tsx test/bench/lib/soak-ab.ts
 */
import { mkdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { compile } from '../idle.ts';
import { ADMIN, adminToken, api, spawnServer } from './proc.ts';
import { LOOP_MONITOR, childrenOf, cmdlineOf, firstLine, loopWindow, startClient } from './soak-run.ts';

const tmp = process.env.AB_TMP ?? '/tmp/soak5drv';
const seconds = Number(process.env.AB_SECONDS ?? 60);
const variants: { name: string; flags: string[]; env: Record<string, string> }[] = JSON.parse(process.env.AB_VARIANTS!);
const rounds = Number(process.env.AB_ROUNDS ?? 1);

const stat = (pid: number, tid = pid): number[] => readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
const sched = (pid: number): number[] => readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
function procCpu(pid: number): { all: number; kids: number } {
  const f = stat(pid);
  return { all: (f[11]! + f[12]!) * 10, kids: (f[13]! + f[14]!) * 10 };
}

const cli = process.env.AB_NOCOMPILE ? path.join(tmp, 'build/dist/server/cli.js') : await compile(path.join(tmp, 'build'));
for (let r = 0; r < rounds; r++) for (const v of variants) {
  const dir = path.join(tmp, `run-${v.name}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const loopFile = path.join(dir, 'loop.log');
  const receiver = startClient<unknown>('receiver', {});
  const hookPort = (JSON.parse(await firstLine(receiver)) as { port: number }).port;
  const h = await spawnServer([...v.flags, '--import', LOOP_MONITOR, cli, '--data', path.join(dir, 'data')], {
    cwd: path.dirname(cli), probe: '/api/v1/version',
    env: { HOMEFORGE_ADMIN_USER: ADMIN.username, HOMEFORGE_ADMIN_PASSWORD: ADMIN.password, HOMEFORGE_ADMIN_EMAIL: ADMIN.email, HOMEFORGE__LOG__LEVEL: 'Error',
      HOMEFORGE__WEBHOOK__ALLOWED_HOST_LIST: 'loopback', HOMEFORGE__MIGRATIONS__ALLOW_LOCALNETWORKS: 'true', HOMEFORGE__MIRROR__MIN_INTERVAL: '1m', HOMEFORGE_BENCH_LOOP_FILE: loopFile, ...v.env },
  });
  // AB_PIN: the host (and so its spawner and git processes) on one CPU, so they compete for it with each other.
  if (process.env.AB_PIN) execFileSync('taskset', ['-a', '-p', '-c', process.env.AB_PIN, String(h.pid)], { stdio: 'ignore' });
  try {
    const token = await adminToken(h.url);
    for (const name of ['r0', 'r1', 'r2']) {
      await api(h.url, 'POST', '/user/repos', token, { name, private: false, auto_init: true, readme: 'Default' });
      await api(h.url, 'POST', `/repos/root/${name}/hooks`, token, { type: 'gitea', active: true, events: ['push', 'issues'], config: { url: `http://127.0.0.1:${hookPort}/`, content_type: 'json' } });
    }
    const authed = (repo: string, secret = token) => h.url.replace('http://', `http://${ADMIN.username}:${secret}@`) + `/root/${repo}.git`;
    const ms = seconds * 1000;
    const gets = ['/api/v1/repos/root/r0', '/api/v1/repos/root/r0/branches', '/api/v1/repos/root/r1/commits?limit=10', '/api/v1/repos/root/r2/contents',
      '/api/v1/repos/root/r0/raw/README.md', '/api/v1/repos/root/r1/tags', '/api/v1/repos/search?limit=10', '/api/v1/repos/root/r2/issues?limit=10'];
    await new Promise((res) => setTimeout(res, 1000));
    await loopWindow(h.pid, loopFile);
    const spawner = childrenOf(h.pid).find((c) => cmdlineOf(c).includes('spawner-child'));
    const c0 = procCpu(h.pid); const s0 = sched(h.pid); const m0 = stat(h.pid); const sp0 = spawner ? procCpu(spawner) : { all: 0, kids: 0 };
    const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
    const clients = [
      ...[0, 1, 2].map((i) => startClient<{ pushes: number }>('pusher', { url: authed(`r${i}`), repo: `r${i}`, branch: `p${i}`, dir: path.join(dir, `push${i}`), ms, pauseMs: 200 })),
      ...[0, 1].map((i) => startClient<unknown>('cloner', { urls: [authed('r0', ADMIN.password), authed('r1', ADMIN.password)], dir: path.join(dir, `clone${i}`), ms, pauseMs: 200 })),
      ...[0, 1].map((i) => startClient<{ lat: number[] }>('api', { url: h.url, name: `a${i}`, auth: i === 0 ? `token ${token}` : basic, repo: 'root/r2', gets, rate: 20, concurrency: 8, ms, start: Date.now() })),
      startClient<unknown>('probe', { url: h.url, ms }),
    ];
    const res = await Promise.all(clients.map((c) => c.result.catch((e: unknown) => ({ error: String(e) }))));
    const w = await loopWindow(h.pid, loopFile);
    const c1 = procCpu(h.pid); const s1 = sched(h.pid); const m1 = stat(h.pid); const sp1 = spawner ? procCpu(spawner) : { all: 0, kids: 0 };
    const pushes = res.slice(0, 3).reduce((s: number, x) => s + ((x as { pushes?: number }).pushes ?? 0), 0);
    const clones = res.slice(3, 5).map((x) => JSON.stringify(x).slice(0, 80));
    const reqs = res.slice(5, 7).reduce((s: number, x) => s + ((x as { lat?: number[] }).lat?.length ?? 0), 0);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    console.log(JSON.stringify({ v: v.name, load, pushes, reqs, clones,
      hostCpuMs: c1.all - c0.all, mainCpuMs: (m1[11]! + m1[12]! - m0[11]! - m0[12]!) * 10, mainRunMs: (s1[0]! - s0[0]!) / 1e6, mainWaitMs: (s1[1]! - s0[1]!) / 1e6,
      gitCpuMs: sp1.kids - sp0.kids, spawnerCpuMs: sp1.all - sp0.all, p99: w.p99, long: w.long, longest: w.longest, gc: w.gc }));
  } finally {
    receiver.proc.kill();
    await h.stop();
  }
}
