/**
 * API: requests per second and p50/p99 latency of Homeforge routes with 2 and 32 concurrent clients
 * (autocannon), beside a bare express "hello" route as the ceiling, all in one run, interleaved. Each route has
 * its target: reads a share of the ceiling, writes that touch git a rate with 2 clients and a p50 with 32
 * clients under ten times the one with 2.
 */
import autocannon from 'autocannon';
import { PNG } from 'pngjs';
import path from 'node:path';
import { ADMIN, adminToken, api, spawnServer, startHostProcess, type ServerProcess } from './lib/proc.ts';
import { fmt, median, pairedRatio, percentile, ratio } from './lib/stats.ts';
import { settle } from './lib/settle.ts';
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

/** The targets of the issue: a single-record read, search and contents, avatar images, a user list, and writes that touch git. */
export const API_TARGETS = { record: 0.6, search: 0.4, contents: 0.4, avatar: 0.4, userList: 0.4, gitWriteRate: 200, latencyGrowth: 10 };

interface Figures { rps: number; p50: number; p99: number; errors: number; requests: number }

const CEILING = 'hello (bare express, ceiling)';

/** The read routes (and the ceiling, and a store write): one run per client count. */
function readTargets(host: ServerProcess, hello: ServerProcess, token: string): Target[] {
  const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
  const basic = { authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` };
  const T = API_TARGETS;
  const v1 = `${host.url}/api/v1`;
  return [
    { name: CEILING, url: `${hello.url}/hello`, opts: {} },
    { name: 'GET /repos/{o}/{r}', url: `${v1}/repos/root/bench`, opts: { headers }, share: T.record },
    { name: 'GET /repos/{o}/{r} (basic auth: a password per request)', url: `${v1}/repos/root/bench`, opts: { headers: basic }, share: T.record },
    { name: 'GET /repos/search', url: `${v1}/repos/search?q=bench&limit=10`, opts: { headers }, share: T.search },
    { name: 'GET /repos/{o}/{r}/contents/{path}', url: `${v1}/repos/root/bench/contents/README.md`, opts: { headers }, share: T.contents },
    // Avatars as the signed-in UI fetches them (with the token): root has none (its identicon), bench-org an upload.
    { name: 'GET /avatars/{name} (generated identicon)', url: `${host.url}/avatars/root`, opts: { headers }, share: T.avatar },
    { name: 'GET /avatars/{name} (uploaded PNG)', url: `${host.url}/avatars/bench-org`, opts: { headers }, share: T.avatar },
    // A page of a user list filtered by what the viewer may see: root's followers, the first page of 50.
    { name: `GET /users/{u}/followers (${FOLLOWERS.full} stored, ${FOLLOWERS.quick} quick; a page of 50)`, url: `${v1}/users/root/followers?limit=50&page=1`, opts: { headers }, share: T.userList },
    { name: 'PATCH /repos/{o}/{r} (store write)', url: `${v1}/repos/root/bench`, opts: { method: 'PATCH', headers, body: JSON.stringify({ description: 'edited' }) } },
  ];
}

/** The writes that touch git, into the repository `writes` (see writeRepo). */
function writeTargets(host: ServerProcess, token: string, writes: string): Target[] {
  const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
  const rate = API_TARGETS.gitWriteRate;
  const base = `${host.url}/api/v1/repos/root/${writes}`;
  let n = 0;
  return [
    {
      name: 'POST /repos/{o}/{r}/branches (git + store write)',
      url: `${base}/branches`,
      rate,
      opts: {
        requests: [{
          method: 'POST', headers,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ new_branch_name: `bench-${++n}`, old_branch_name: 'main' }) }),
        }],
      },
    },
    {
      name: 'POST /repos/{o}/{r}/tags (annotated: git + store write)',
      url: `${base}/tags`,
      rate,
      opts: { requests: [{ method: 'POST', headers, setupRequest: (req) => ({ ...req, body: JSON.stringify({ tag_name: `t-${++n}`, target: 'main', message: 'bench' }) }) }] },
    },
    {
      name: 'POST /repos/{o}/{r}/contents/{path} (a commit)',
      url: `${base}/contents`,
      rate,
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

/** The target of a read route and whether this run met it ('' when the route has none). */
function readVerdict(t: Target, share: number): [string, string] {
  if (t.share !== undefined) return [`≥ ${t.share * 100}% of ceiling`, share >= t.share ? 'yes' : 'no'];
  return ['', ''];
}

/** The rounds of one git write: figures per client count, round by round. */
interface WriteRounds { 2: Figures[]; 32: Figures[] }

/** The target of a git write at a client count and whether the rounds met it: req/s with 2; with 32, the rounds' p50 ratio. */
function writeVerdict(rounds: WriteRounds, c: 2 | 32): [string, string] {
  const T = API_TARGETS;
  if (c === 2) return [`≥ ${T.gitWriteRate} req/s`, median(rounds[2].map((f) => f.rps)) >= T.gitWriteRate ? 'yes' : 'no'];
  const growth = pairedRatio(rounds[32].map((f) => f.p50), rounds[2].map((f) => f.p50));
  return [`p50 < ${T.latencyGrowth}× the 2-client p50 (${growth.toFixed(2)}×, the rounds' median)`, growth < T.latencyGrowth ? 'yes' : 'no'];
}

/** The median of each figure over the rounds (errors summed). */
function medianFigures(fs: Figures[]): Figures {
  const m = (k: keyof Figures): number => median(fs.map((f) => f[k]));
  return { rps: m('rps'), p50: m('p50'), p99: m('p99'), errors: fs.reduce((a, f) => a + f.errors, 0), requests: fs.reduce((a, f) => a + f.requests, 0) };
}

/**
 * The git writes run in paired rounds: in each, every write route runs with 2 clients and with 32 back to back (the
 * order alternating), each into a fresh repository of its own (one commit, no other refs), so both sides of a round
 * start from the same state and the same machine load. The 32-client target is read on the median of the per-round
 * p50 ratios. One run per count, 36 s apart, read ratios of 7.8-12.6× for the same contents writes here.
 */
const WRITE_ROUNDS = 5;
/**
 * Rounds and seconds per run of the read routes, each run beside a run of the ceiling. With 3 rounds one route's
 * share read 27 % in a full run and 40-83 % (medians 54-60 %) in repeated runs of the same pairs by hand that day:
 * the machine's speed moves within seconds (the ceiling's own CPU per request 110-380 µs), so 5 pairs per route.
 */
const READ_ROUNDS = 5;
const READ_SECONDS = 2;
const writeRepo = (c: 2 | 32 | 'warm', round = 0): string => `writes-${c}-${round}`;

/** A 64-pixel PNG in one colour, as an uploaded avatar. */
function avatarPng(): string {
  const p = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < 64 * 64; i++) p.data.set([40, 110, 190, 255], i * 4);
  return PNG.sync.write(p).toString('base64');
}

/** How many users follow root (each is a user made with a password, so the seed pays a password hash per follower). */
const FOLLOWERS = { full: 300, quick: 30 };

/** `n` users who each follow root, made by the admin and following through sudo (no token per user). */
async function seedFollowers(host: ServerProcess, token: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const username = `fan-${i}`;
    await api(host.url, 'POST', '/admin/users', token, { username, email: `${username}@bench.example`, password: 'fan-password-1', must_change_password: false });
    await api(host.url, 'PUT', `/user/following/${ADMIN.username}?sudo=${username}`, token);
  }
}

/**
 * A host with an initialised repository `root/bench`, a few more named bench-* for the search, the write repositories,
 * an organization `bench-org` with an uploaded avatar, and users following root.
 */
async function seed(host: ServerProcess, token: string, extra: number, rounds: number, followers: number): Promise<void> {
  await api(host.url, 'POST', '/user/repos', token, { name: 'bench', auto_init: true, description: 'benchmark repository' });
  await api(host.url, 'POST', '/orgs', token, { username: 'bench-org' });
  await api(host.url, 'POST', '/orgs/bench-org/avatar', token, { image: avatarPng() });
  await seedFollowers(host, token, followers);
  const writes = [writeRepo('warm'), ...Array.from({ length: rounds }, (_, r) => [writeRepo(2, r), writeRepo(32, r)]).flat()];
  for (const name of writes) await api(host.url, 'POST', '/user/repos', token, { name, auto_init: true });
  for (let i = 0; i < extra; i++) await api(host.url, 'POST', '/user/repos', token, { name: `bench-${i}`, description: `search fodder ${i}` });
}

/** Runs the API benchmark. */
export async function runApi(o: BenchOptions): Promise<AreaResult> {
  const seconds = o.quick ? 1 : 4;
  const readSeconds = o.quick ? 1 : READ_SECONDS;
  const readRounds = o.quick ? 1 : READ_ROUNDS;
  const rounds = o.quick ? 1 : WRITE_ROUNDS;
  // No upkeep after pushes here: 30 s after a round's writes it repacked that round's repositories during later runs,
  // on the cores the 2-client runs leave idle (the housekeeping area measures upkeep).
  const host = await startHostProcess(path.join(o.tmp, 'host'), { env: { HOMEFORGE__HOUSEKEEPING__AFTER_PUSH: 'false' } });
  const hello = await spawnServer(['--import', 'tsx', 'test/bench/lib/hello-server.ts'], { probe: '/hello' });
  const rows: string[][] = [];
  const data: Record<string, Record<number, Figures>> = {};
  /** Each read route's share of the ceiling per client count, round by round: its run ÷ the ceiling's beside it. */
  const roundShares: Record<string, Record<number, number[]>> = {};
  /** The ceiling's req/s in its runs beside the read routes, per client count. */
  const ceilingRuns: Record<number, number[]> = { 2: [], 32: [] };
  const writes: Record<string, WriteRounds> = {};
  const missed: string[] = [];
  const settled: number[] = [];
  try {
    const token = await adminToken(host.url);
    await seed(host, token, o.quick ? 3 : 20, rounds, o.quick ? FOLLOWERS.quick : FOLLOWERS.full);
    const reads = readTargets(host, hello, token);
    for (const t of [...reads, ...writeTargets(host, token, writeRepo('warm'))]) await load(t, 2, 1);
    // Each measured run starts on a quiet host: what the run before left (deferred writes, collection) is not in it.
    const measured = async (t: Target, c: number, s = seconds): Promise<Figures> => {
      settled.push(await settle(host.pid));
      return load(t, c, s);
    };
    // Each read route runs back to back with a run of the ceiling (the order alternating), in READ_ROUNDS rounds,
    // and its share is the median of its runs' ratios: measured once per client count at the start, the ceiling
    // drifted with the machine (8,722 req/s with 2 clients and 4,422 with 32 in one run), and one route read
    // 2,165-4,424 req/s from run to run on the same code.
    const [ceilingTarget, ...routes] = reads;
    for (const c of [2, 32] as const) {
      const hellos: Figures[] = [];
      const runs = new Map<string, { route: Figures; ceiling: Figures }[]>();
      for (let r = 0; r < readRounds; r++) {
        for (const [i, t] of routes.entries()) {
          const pair: Partial<{ route: Figures; ceiling: Figures }> = {};
          for (const x of (i + r) % 2 ? [t, ceilingTarget!] : [ceilingTarget!, t]) {
            const f = await measured(x, c, readSeconds);
            if (x === ceilingTarget) hellos.push((pair.ceiling = f));
            else pair.route = f;
          }
          runs.set(t.name, [...(runs.get(t.name) ?? []), pair as { route: Figures; ceiling: Figures }]);
        }
      }
      for (const [name, list] of runs) {
        (data[name] ??= {})[c] = medianFigures(list.map((p) => p.route));
        (roundShares[name] ??= {})[c] = list.map((p) => p.route.rps / p.ceiling.rps);
      }
      ceilingRuns[c] = hellos.map((f) => f.rps);
      (data[CEILING] ??= {})[c] = medianFigures(hellos);
    }
    for (let r = 0; r < rounds; r++) {
      const round = { 2: writeTargets(host, token, writeRepo(2, r)), 32: writeTargets(host, token, writeRepo(32, r)) };
      for (let i = 0; i < round[2].length; i++) {
        for (const c of r % 2 ? ([32, 2] as const) : ([2, 32] as const)) (writes[round[c][i]!.name] ??= { 2: [], 32: [] })[c].push(await measured(round[c][i]!, c));
      }
    }
    for (const c of [2, 32] as const) {
      const ceiling = data[reads[0]!.name]![c]!;
      const row = (name: string, f: Figures, [target, met]: [string, string], share = f.rps / ceiling.rps): void => {
        rows.push([name, String(c), fmt(f.rps), fmt(f.p50), fmt(f.p99), `${(share * 100).toFixed(0)}%`, String(f.errors), target, met]);
        if (met === 'no') missed.push(`${name} with ${c} clients: ${target} not met`);
      };
      for (const t of reads) {
        const ratios = roundShares[t.name]?.[c];
        const share = ratios ? median(ratios) : 1;
        row(t.name, data[t.name]![c]!, readVerdict(t, share), share);
      }
      for (const [name, w] of Object.entries(writes)) row(name, medianFigures(w[c]), writeVerdict(w, c));
    }
  } finally {
    await Promise.all([host.stop(), hello.stop()]);
  }
  const short = (name: string): string => name.split(' (')[0]!;
  const ceiling = data[CEILING];
  const grown = [
    ceiling?.[2] && ceiling[32] ? `hello p50 ${ratio(ceiling[32].p50, ceiling[2].p50)}, req/s ${ratio(ceiling[32].rps, ceiling[2].rps)}` : '',
    ...Object.entries(writes).map(([name, w]) => `${short(name)} p50 ${w[32].map((f, i) => ratio(f.p50, w[2][i]!.p50)).join(' ')}, req/s ${pairedRatio(w[32].map((f) => f.rps), w[2].map((f) => f.rps)).toFixed(2)}×`),
  ].filter(Boolean);
  return {
    area: 'api',
    title: 'API: throughput and latency (autocannon)',
    tables: [{ title: 'Requests per second and latency (ms)', columns: ['route', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors', 'target', 'met'], rows }],
    notes: [
      `Each route warmed up for 1 s first, token-authenticated; host and hello server each in their own process, load generated from a third, all on the same cores. Reads: ${readRounds} round(s) of ${readSeconds} s runs; in each, every read route runs back to back with a run of the ceiling (the order alternating route by route and round by round), and its share ("of ceiling") is the median of its runs' req/s over the ceiling run's beside it; its row shows the median of its runs' figures, the ceiling's row the median of its runs (with 2 clients: ${fmt(Math.min(...ceilingRuns[2]!))}-${fmt(Math.max(...ceilingRuns[2]!))} req/s in this run, with 32: ${fmt(Math.min(...ceilingRuns[32]!))}-${fmt(Math.max(...ceilingRuns[32]!))}); the writes' share is read against that median. Writes: ${seconds} s runs. Before each run the host is let go quiet (under 5 % of a CPU for 0.5 s, at most 15 s): ${fmt(median(settled))} ms median, ${fmt(Math.max(...settled))} ms the longest wait. Upkeep after pushes is off in this host (housekeeping.AFTER_PUSH): it would repack earlier rounds' repositories during later runs; the housekeeping area measures it.`,
      `Git writes (branches, tags, contents): ${rounds} paired round(s); in each, a route runs with 2 clients and with 32 back to back (the order alternating by round), each into a fresh repository made with one commit (the warm-up writes to another), so both sides start from the same state. Their rows show the median of the rounds' figures; the 32-client target is read on the median of the per-round p50 ratios.`,
      'Branches: the POST creates a branch from main with a new name per request (git ref, branch record, create event); the PATCH changes the repository description (one store write, no git).',
      'Tags: an annotated tag per request (tag object, ref, push and create events; the writes waiting for the ref writer bring their tag objects, stored as one pack while its transaction runs when there are 8 or more, else after it with the writes that came meanwhile). Contents: one new file per request on main, a commit each (blob, tree, commit, ref, branch record, push event); objects written in-process (no git process; trees of 4 KiB and more stored without compression); writes to one branch run one at a time, the ones queued meanwhile built as a chain of commits moved by one ref update (one push event each), whose objects go into one pack (each tree a delta of the one before) instead of a loose file each.',
      `Each read route's share of the ceiling round by round (2 clients | 32 clients): ${Object.entries(roundShares).map(([name, byCount]) => `${name} ${[2, 32].map((c) => (byCount[c] ?? []).map((x) => `${(x * 100).toFixed(0)}`).join('/')).join(' | ')} %`).join('; ')}.`,
      'Basic auth: the same read with the password in every request (checked against a short-lived cache of the scrypt result); a read never writes the user record (the sign-in time changes on UI sign-ins only).',
      `From 2 to 32 clients in this run (writes: the p50 ratio of each round, and the median of the rounds' req/s ratios): ${grown.join('; ')}. Each client sends its next request only after the answer to its last, so once the host is busy all the time the p50 is about clients ÷ req/s: it grows less than 10× only where 32 clients get more than 1.6× the requests per second of 2 (the bare express ceiling included).`,
      missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target met.',
    ],
    data: { ...data, readShares: roundShares, ...Object.fromEntries(Object.entries(writes).map(([name, w]) => [name, { 2: medianFigures(w[2]), 32: medianFigures(w[32]), rounds: w }])) },
  };
}
