/**
 * API: requests per second and p50/p99 latency of Homeforge routes with 2 and 32 concurrent clients
 * (autocannon), beside a bare express "hello" route as the ceiling, all in one run, interleaved. Each route has
 * its target: reads a share of the ceiling, writes that touch git a rate with 2 clients and a p50 with 32
 * clients under ten times the one with 2.
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { ADMIN, adminToken, api, spawnServer, startHostProcess, type ServerProcess } from './lib/proc.ts';
import { fmt, percentile, ratio } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

interface Target {
  name: string;
  url: string;
  opts: Partial<autocannon.Options>;
  /** Reads: the least share of the ceiling's req/s (same client count). */
  share?: number;
  /** Git writes: the least req/s with 2 clients; with 32, p50 under 10× the 2-client p50. */
  rate?: number;
}

/** The targets of the issue: a single-record read, search and contents, and writes that touch git. */
export const API_TARGETS = { record: 0.6, search: 0.4, contents: 0.4, gitWriteRate: 200, latencyGrowth: 10 };

interface Figures { rps: number; p50: number; p99: number; errors: number; requests: number }

/** The routes; the writes go to `writes`, a repository of their own per run (see WRITE_REPOS). */
function targets(host: ServerProcess, hello: ServerProcess, token: string, writes: string): Target[] {
  const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
  const basic = { authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` };
  const T = API_TARGETS;
  const v1 = `${host.url}/api/v1`;
  let n = 0;
  return [
    { name: 'hello (bare express, ceiling)', url: `${hello.url}/hello`, opts: {} },
    { name: 'GET /repos/{o}/{r}', url: `${v1}/repos/root/bench`, opts: { headers }, share: T.record },
    { name: 'GET /repos/{o}/{r} (basic auth: a password per request)', url: `${v1}/repos/root/bench`, opts: { headers: basic }, share: T.record },
    { name: 'GET /repos/search', url: `${v1}/repos/search?q=bench&limit=10`, opts: { headers }, share: T.search },
    { name: 'GET /repos/{o}/{r}/contents/{path}', url: `${v1}/repos/root/bench/contents/README.md`, opts: { headers }, share: T.contents },
    { name: 'PATCH /repos/{o}/{r} (store write)', url: `${v1}/repos/root/bench`, opts: { method: 'PATCH', headers, body: JSON.stringify({ description: 'edited' }) } },
    {
      name: 'POST /repos/{o}/{r}/branches (git + store write)',
      url: `${v1}/repos/root/${writes}/branches`,
      rate: T.gitWriteRate,
      opts: {
        requests: [{
          method: 'POST', headers,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ new_branch_name: `bench-${++n}`, old_branch_name: 'main' }) }),
        }],
      },
    },
    {
      name: 'POST /repos/{o}/{r}/tags (annotated: git + store write)',
      url: `${v1}/repos/root/${writes}/tags`,
      rate: T.gitWriteRate,
      opts: { requests: [{ method: 'POST', headers, setupRequest: (req) => ({ ...req, body: JSON.stringify({ tag_name: `t-${++n}`, target: 'main', message: 'bench' }) }) }] },
    },
    {
      name: 'POST /repos/{o}/{r}/contents/{path} (a commit)',
      url: `${v1}/repos/root/${writes}/contents`,
      rate: T.gitWriteRate,
      opts: {
        requests: [{
          method: 'POST', headers,
          setupRequest: (req) => ({ ...req, path: `/api/v1/repos/root/${writes}/contents/f/${++n}.txt`, body: JSON.stringify({ content: Buffer.from(`file ${n}\n`).toString('base64') }) }),
        }],
      },
    },
  ];
}

/** Runs autocannon on one target; latencies are taken from each 2xx response (autocannon's own are whole ms). */
function load(t: Target, connections: number, seconds: number): Promise<Figures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const inst = autocannon({ url: t.url, connections, duration: seconds, ...t.opts }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p50: percentile(times, 50), p99: percentile(times, 99), errors: r.errors + r.timeouts + r.non2xx, requests: r.requests.total });
    });
    inst.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => { if (status < 300) times.push(ms); });
  });
}

/** The target of a route at a client count and whether this run met it ('' when the route has none there). */
function verdict(t: Target, c: number, f: Figures, ceiling: Figures, at2: Figures): [string, string] {
  if (t.share !== undefined) return [`≥ ${t.share * 100}% of ceiling`, f.rps / ceiling.rps >= t.share ? 'yes' : 'no'];
  if (t.rate !== undefined && c === 2) return [`≥ ${t.rate} req/s`, f.rps >= t.rate ? 'yes' : 'no'];
  if (t.rate !== undefined) return [`p50 < ${API_TARGETS.latencyGrowth}× the 2-client p50 (${fmt(at2.p50 * API_TARGETS.latencyGrowth)})`, f.p50 < at2.p50 * API_TARGETS.latencyGrowth ? 'yes' : 'no'];
  return ['', ''];
}

/**
 * The repositories the git writes go to: one for the warm-up and one per client count, so that the 2- and the
 * 32-client runs start from the same repository (one commit, no other refs). In one shared repository the 32-client
 * run came second and met the refs and files the earlier runs had left: the contents row then rewrote a directory
 * of 2,900-5,200 files per commit against 580-2,900 in the 2-client run.
 */
const WRITE_REPOS = { warm: 'writes-warm', 2: 'writes-2', 32: 'writes-32' } as const;

/** A host with an initialised repository `root/bench`, a few more named bench-* for the search, and the write repositories. */
async function seed(host: ServerProcess, token: string, extra: number): Promise<void> {
  await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true, description: 'benchmark repository' });
  for (const name of Object.values(WRITE_REPOS)) await api(host.url, 'POST', '/user/repos', token, { name, auto_init: true });
  for (let i = 0; i < extra; i++) await api(host.url, 'POST', '/user/repos', token, { name: `bench-${i}`, description: `search fodder ${i}` });
}

/** Runs the API benchmark. */
export async function runApi(o: BenchOptions): Promise<AreaResult> {
  const seconds = o.quick ? 1 : 4;
  const host = await startHostProcess(path.join(o.tmp, 'host'));
  const hello = await spawnServer(['--import', 'tsx', 'test/bench/lib/hello-server.ts'], { probe: '/hello' });
  const rows: string[][] = [];
  const data: Record<string, Record<number, Figures>> = {};
  const missed: string[] = [];
  try {
    const token = await adminToken(host.url);
    await seed(host, token, o.quick ? 3 : 20);
    for (const t of targets(host, hello, token, WRITE_REPOS.warm)) await load(t, 2, 1);
    const list = { 2: targets(host, hello, token, WRITE_REPOS[2]), 32: targets(host, hello, token, WRITE_REPOS[32]) };
    for (const c of [2, 32] as const) for (const t of list[c]) (data[t.name] ??= {})[c] = await load(t, c, seconds);
    for (const c of [2, 32] as const) {
      const ceiling = data[list[c][0]!.name]![c]!;
      for (const t of list[c]) {
        const f = data[t.name]![c]!;
        const [target, met] = verdict(t, c, f, ceiling, data[t.name]![2]!);
        rows.push([t.name, String(c), fmt(f.rps), fmt(f.p50), fmt(f.p99), `${((f.rps / ceiling.rps) * 100).toFixed(0)}%`, String(f.errors), target, met]);
        if (met === 'no') missed.push(`${t.name} with ${c} clients: ${target} not met`);
      }
    }
  } finally {
    await Promise.all([host.stop(), hello.stop()]);
  }
  const growth = (name: string): string => {
    const [a, b] = [data[name]?.[2], data[name]?.[32]];
    return a && b ? `${name.split(' (')[0]} p50 ${ratio(b.p50, a.p50)}, req/s ${ratio(b.rps, a.rps)}` : '';
  };
  const grown = Object.keys(data).filter((n) => n.startsWith('hello') || n.startsWith('POST')).map(growth).filter(Boolean);
  return {
    area: 'api',
    title: 'API: throughput and latency (autocannon)',
    tables: [{ title: 'Requests per second and latency (ms)', columns: ['route', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors', 'target', 'met'], rows }],
    notes: [
      `${seconds} s per route and client count after a 1 s warm-up, token-authenticated; host and hello server each in their own process, load generated from a third, all on the same cores.`,
      'Writes: each client count writes to a repository of its own, made with one commit before the runs (the warm-up to a third), so both start from the same state. The POST creates a branch from main with a new name per request (git ref, branch record, create event); the PATCH changes the repository description (one store write, no git).',
      'Tags: an annotated tag per request (tag object, ref, push and create events). Contents: one new file per request on main, a commit each (blob, tree, commit, ref, branch record, push event); objects written in-process (no git process; the blob before the write queues, trees of 4 KiB and more stored without compression); writes to one branch run one at a time, the ones queued meanwhile built as a chain of commits moved by one ref update (one push event each).',
      'Basic auth: the same read with the password in every request (checked against a short-lived cache of the scrypt result); a read never writes the user record (the sign-in time changes on UI sign-ins only).',
      `From 2 to 32 clients in this run: ${grown.join('; ')}. Each client sends its next request only after the answer to its last, so once the host is busy all the time the p50 is about clients ÷ req/s: it grows less than 10× only where 32 clients get more than 1.6× the requests per second of 2 (the bare express ceiling included).`,
      missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target met.',
    ],
    data,
  };
}
