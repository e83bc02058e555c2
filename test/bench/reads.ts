/**
 * Reads beside git itself, in one run: a file through `/raw` and `/contents` against `git cat-file -p` of the same
 * blob (a process per read, as a script would run it), and the API's latency with 32 clients while the host serves
 * a clone or a fetch of a large repository, against the same clients with the host otherwise idle.
 */
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gitSandbox } from '../helpers/git.ts';
import { generateRepo } from './lib/gen-repo.ts';
import { ADMIN, adminToken, api, startHostProcess } from './lib/proc.ts';
import { fmt, mb, median, percentile, ratio } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const run = promisify(execFile);

/** The targets: a raw or contents read within 3× of `git cat-file -p`. */
const RAW_TARGET = 3;

async function timeFetch(url: string, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function timeCatFile(gitDir: string, sha: string): Promise<number> {
  const t0 = performance.now();
  await run('git', ['cat-file', '-p', sha], { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir }, maxBuffer: 64 * 2 ** 20, encoding: 'buffer' });
  return performance.now() - t0;
}

interface Load { p50: number; p99: number; rps: number }

/** 32 clients reading one repository record for `seconds`; latencies of each 2xx answer. */
function apiLoad(url: string, token: string, seconds: number): Promise<Load> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const inst = autocannon({ url, connections: 32, duration: seconds, headers: { authorization: `token ${token}` } }, (err, r) => {
      if (err) reject(err);
      else resolve({ p50: percentile(times, 50), p99: percentile(times, 99), rps: r.requests.average });
    });
    inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => { if (status < 300) times.push(ms); });
  });
}

/** Runs `op` over and over until `stop` resolves; returns each run's time. */
async function repeat(op: () => Promise<unknown>, stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.then(() => { done = true; });
  const out: number[] = [];
  while (!done) {
    const t0 = performance.now();
    await op();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Runs the reads benchmark. */
export async function runReads(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, reads: 20, seconds: 2 } : { commits: 5000, bytes: 50 * 2 ** 20, reads: 100, seconds: 6 };
  await mkdir(o.tmp, { recursive: true });
  const git = await gitSandbox();
  const host = await startHostProcess(path.join(o.tmp, 'host'));
  const rawRows: string[][] = [];
  const loadRows: string[][] = [];
  const data: Record<string, unknown> = { ...size };
  const notes: string[] = [];
  try {
    const token = await adminToken(host.url);
    const headers = { authorization: `token ${token}` };
    await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true });
    const big = Buffer.alloc(2 ** 20, 'homeforge benchmark line\n');
    await api(host.url, 'POST', '/repos/root/bench/contents/big.txt', token, { content: big.toString('base64') });
    const remote = host.url.replace('://', `://${ADMIN.username}:${token}@`);
    const mirror = path.join(o.tmp, 'mirror.git');
    await git.ok(['clone', '--bare', '-q', `${remote}/root/bench.git`, mirror]);
    for (const file of ['README.md', 'big.txt']) {
      const sha = (await git.ok(['-C', mirror, 'rev-parse', `main:${file}`])).trim();
      const sides: Record<string, number[]> = { raw: [], contents: [], cat: [] };
      const v1 = `${host.url}/api/v1/repos/root/bench`;
      for (let i = 0; i < size.reads; i++) {
        sides.raw!.push(await timeFetch(`${v1}/raw/${file}`, headers));
        sides.contents!.push(await timeFetch(`${v1}/contents/${file}`, headers));
        sides.cat!.push(await timeCatFile(mirror, sha));
      }
      const cat = median(sides.cat!);
      for (const side of ['raw', 'contents'] as const) {
        const m = median(sides[side]!);
        rawRows.push([file === 'big.txt' ? 'big.txt (1 MiB)' : 'README.md (auto-init, small)', `GET /${side}`, fmt(m), fmt(cat), ratio(m, cat), `≤ ${RAW_TARGET}×`, m / cat <= RAW_TARGET ? 'yes' : 'no']);
      }
      data[file] = sides;
    }

    // A large repository pushed in, then the API under 32 clients: alone, during clones, during fetches.
    const src = path.join(o.tmp, 'src.git');
    await generateRepo(src, 'sha1', size.commits, size.bytes);
    await api(host.url, 'POST', '/user/repos', token, { name: 'large' });
    await git.ok(['-C', src, 'push', '-q', `${remote}/root/large.git`, 'refs/heads/main:refs/heads/main']);
    const readUrl = `${host.url}/api/v1/repos/root/bench`;
    let n = 0;
    const clone = async (): Promise<void> => {
      const dest = path.join(o.tmp, `clone-${++n}`);
      await git.ok(['clone', '--bare', '-q', `${host.url}/root/large.git`, dest]);
      await rm(dest, { recursive: true, force: true });
    };
    const fetchAll = async (): Promise<void> => {
      const dest = path.join(o.tmp, `fetch-${++n}`);
      await git.ok(['init', '--bare', '-q', dest]);
      await git.ok(['-C', dest, 'fetch', '-q', `${host.url}/root/large.git`, 'refs/heads/*:refs/heads/*']);
      await rm(dest, { recursive: true, force: true });
    };
    const alone = { clone: [] as number[], fetch: [] as number[] };
    for (let i = 0; i < (o.quick ? 1 : 3); i++) {
      alone.clone.push(await (async () => { const t0 = performance.now(); await clone(); return performance.now() - t0; })());
      alone.fetch.push(await (async () => { const t0 = performance.now(); await fetchAll(); return performance.now() - t0; })());
    }
    const idle = await apiLoad(readUrl, token, size.seconds);
    const during: Record<string, { load: Load; ops: number[] }> = {};
    for (const [name, op] of [['clone', clone], ['fetch', fetchAll]] as const) {
      const loading = apiLoad(readUrl, token, size.seconds);
      const ops = await repeat(op, loading);
      during[name] = { load: await loading, ops };
    }
    loadRows.push(['none (API alone)', fmt(idle.rps), fmt(idle.p50), fmt(idle.p99), '1.00×', '', '']);
    for (const name of ['clone', 'fetch'] as const) {
      const d = during[name]!;
      loadRows.push([`${name} of the large repository, repeated`, fmt(d.load.rps), fmt(d.load.p50), fmt(d.load.p99), ratio(d.load.p99, idle.p99), fmt(median(alone[name])), fmt(median(d.ops))]);
    }
    data.underGitLoad = { idle, during, alone };
    notes.push(
      `Raw reads: ${size.reads} sequential requests per side, interleaved (raw, contents, cat-file); \`git cat-file -p\` is one process per read on a bare clone of the same repository, so both sides include their fixed cost (a process start against an HTTP request).`,
      `Under git load: ${size.commits.toLocaleString('en-US')} commits, ${fmt(mb(size.bytes))} MiB of random blobs; ${size.seconds} s of 32 autocannon clients on GET /repos/{o}/{r} (token), alone, then while clones (\`git clone --bare\`) or full fetches into an empty repository run back to back. Clone and fetch times are medians alone and during the API load.`,
    );
  } finally {
    await host.stop();
    await git.dispose();
  }
  return {
    area: 'reads',
    title: 'Reads beside git: raw files, and the API under clone and fetch load',
    tables: [
      { title: `A file through the API against \`git cat-file -p\` (median ms, target ≤ ${RAW_TARGET}×)`, columns: ['file', 'route', 'API ms', 'cat-file ms', 'ratio', 'target', 'met'], rows: rawRows },
      { title: 'GET /repos/{o}/{r} with 32 clients while the host serves git (ms)', columns: ['git load', 'API req/s', 'API p50', 'API p99', 'p99 vs alone', 'git op alone ms', 'git op under API load ms'], rows: loadRows },
    ],
    notes,
    data,
  };
}
