/**
 * Query: the store answering lists from indexes, side by side in one run. Page 1 of one repository's open
 * issues with 50,000 issue records over 100 repositories and with 50,000 in one repository (the issues store,
 * in-process); `/repos/search?limit=10` on a running host with 100 and 3,000 repositories; and host start-up
 * with 100k hook tasks and 100k issue records stored.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../../server/store/index.ts';
import * as issues from '../../server/store/issues.ts';
import { api, ADMIN, REPO_ROOT, rssOf, startHostProcess } from './lib/proc.ts';
import { compile } from './idle.ts';
import { dataDirWithHookTasks } from './lib/seed.ts';
import { seedIssues, seedRepos } from './lib/seed-query.ts';
import { fmt, mb, median } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const ISSUE_TARGET_MS = 10;
const SEARCH_TARGET_MS = 20;
const START_TARGET_MS = 2000;
const RSS_TARGET_MIB = 150;
const met = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

/** Page 1 (20) of open issues of one repository: the first call (builds the repository's rows) and the median after. */
async function issuePage(root: string, repos: number, perRepo: number, reps: number): Promise<{ cold: number; warm: number }> {
  const dir = path.join(root, `issues-${repos}x${perRepo}`);
  await openStore(dir);
  await seedIssues(path.join(dir, 'store'), Array.from({ length: repos }, (_, i) => i + 1), perRepo);
  const store = await openStore(dir);
  const target = Math.ceil(repos / 2);
  const t0 = performance.now();
  const first = await issues.list(store, target, { state: 'open', limit: 20 });
  const cold = performance.now() - t0;
  if (first.rows.length !== 20) throw new Error(`expected a page of 20 issues, got ${first.rows.length}`);
  const warm: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await issues.list(store, target, { state: 'open', limit: 20 });
    warm.push(performance.now() - t);
  }
  return { cold, warm: median(warm) };
}

interface SearchFigures { anonymous: number; user: number; total: string }

/** GET /repos/search?limit=10 with `count` repositories: anonymous and as a signed-in user, medians. */
async function repoSearch(root: string, count: number, reps: number): Promise<SearchFigures> {
  const dir = path.join(root, `repos-${count}`);
  let host = await startHostProcess(dir);
  let token: string;
  try {
    await api(host.url, 'POST', '/admin/users', [ADMIN.username, ADMIN.password], { username: 'reader', email: 'reader@example.com', password: 'reader-password-1', must_change_password: false });
    token = ((await api(host.url, 'POST', '/users/reader/tokens', ['reader', 'reader-password-1'], { name: 'bench', scopes: ['all'] })) as { sha1: string }).sha1;
  } finally {
    await host.stop();
  }
  await seedRepos(dir, 1, count);
  host = await startHostProcess(dir);
  try {
    const time = async (auth?: string): Promise<{ ms: number; total: string }> => {
      const xs: number[] = [];
      let total = '';
      for (let i = 0; i < reps + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${host.url}/api/v1/repos/search?limit=10`, { headers: auth ? { authorization: `token ${auth}` } : {} });
        await res.text();
        if (i >= 3) xs.push(performance.now() - t);
        total = res.headers.get('x-total-count') ?? '';
      }
      return { ms: median(xs), total };
    };
    const anon = await time();
    const user = await time(token);
    return { anonymous: anon.ms, user: user.ms, total: `${anon.total} / ${user.total}` };
  } finally {
    await host.stop();
  }
}

/** How a start-up row starts the host: as `npm start` does (compiled and bundled), or from the sources through tsx. */
interface Start { name: string; entry: string[]; cwd: string }

/** A data dir with `count` hook tasks and `count` issue records stored (none: a fresh data dir). */
async function startData(root: string, count: number): Promise<string> {
  const dir = path.join(root, `start-${count}`);
  const { store } = await dataDirWithHookTasks(dir, count);
  if (count) await seedIssues(store.engine.root, Array.from({ length: 100 }, (_, i) => i + 1), Math.floor(count / 100));
  return dir;
}

/** Host start-up (to the first answer) and RSS on the data dir `dir`, started as `how` says. */
async function startup(dir: string, how: Start, settleMs: number): Promise<{ ms: number; rss: number; peak: number }> {
  const host = await startHostProcess(dir, { entry: how.entry, cwd: how.cwd });
  try {
    await new Promise((r) => setTimeout(r, settleMs));
    return { ms: host.startMs, rss: rssOf(host.pid), peak: rssOf(host.pid, 'VmHWM') };
  } finally {
    await host.stop();
  }
}

/** Runs the query benchmark. */
export async function runQuery(o: BenchOptions): Promise<AreaResult> {
  const total = o.quick ? 5_000 : 50_000;
  const reps = o.quick ? 10 : 30;
  const spread = await issuePage(o.tmp, 100, total / 100, reps);
  const single = await issuePage(o.tmp, 1, total, reps);
  const small = await repoSearch(o.tmp, 100, reps);
  const large = await repoSearch(o.tmp, o.quick ? 1_000 : 3_000, reps);
  const count = o.quick ? 10_000 : 100_000;
  const settleMs = o.quick ? 1000 : 3000;
  const cli = await compile(path.join(o.tmp, 'build'));
  const hows: Start[] = [
    { name: 'as npm start runs it (node dist/server/cli.js)', entry: [cli], cwd: path.dirname(cli) },
    { name: 'from source (npm run dev: node --import tsx server/cli.ts)', entry: ['--import', 'tsx', 'server/cli.ts'], cwd: REPO_ROOT },
  ];
  const [full, empty] = [await startData(o.tmp, count), await startData(o.tmp, 0)];
  const starts: { n: number; how: Start; ms: number; rss: number; peak: number }[] = [];
  for (const how of hows) {
    for (const [n, dir] of [[count, full], [0, empty]] as const) starts.push({ n, how, ...(await startup(dir, how, settleMs)) });
  }
  const start = starts[0]!;
  const issueRows = [
    [`${total.toLocaleString('en-US')} over 100 repositories`, fmt(spread.cold), fmt(spread.warm), `≤ ${ISSUE_TARGET_MS}`, met(spread.warm <= ISSUE_TARGET_MS)],
    [`${total.toLocaleString('en-US')} in one repository`, fmt(single.cold), fmt(single.warm), `≤ ${ISSUE_TARGET_MS}`, met(single.warm <= ISSUE_TARGET_MS)],
  ];
  const bound = Math.min(SEARCH_TARGET_MS, 2 * small.anonymous);
  const searchRows = [
    ['100', fmt(small.anonymous), fmt(small.user), small.total, '(baseline)', ''],
    [o.quick ? '1,000' : '3,000', fmt(large.anonymous), fmt(large.user), large.total, `≤ ${SEARCH_TARGET_MS} and ≤ 2× the 100 figure`,
      met(large.anonymous <= bound && large.user <= Math.min(SEARCH_TARGET_MS, 2 * small.user))],
  ];
  // The target is read on the host as users start it; the other rows show what the stored records and tsx add.
  const startRows = starts.map((s) => [s.n.toLocaleString('en-US'), s.how.name, fmt(s.ms), fmt(mb(s.rss)), fmt(mb(s.peak)),
    ...(s === start ? [`≤ ${START_TARGET_MS} ms, RSS ≤ ${RSS_TARGET_MIB} MiB`, met(s.ms <= START_TARGET_MS && mb(s.peak) <= RSS_TARGET_MIB)] : ['(comparison)', ''])]);
  return {
    area: 'query',
    title: 'Query: paged lists from store indexes',
    tables: [
      { title: 'Page 1 (20) of one repository\'s open issues, ms', columns: ['issue records', 'first call', 'median after', 'target', 'verdict'], rows: issueRows },
      { title: 'GET /repos/search?limit=10, median ms', columns: ['repositories', 'anonymous', 'signed-in user', 'X-Total-Count (anon / user)', 'target', 'verdict'], rows: searchRows },
      { title: 'Host start-up with N hook tasks and N issue records stored', columns: ['N each', 'started', 'start-up ms', 'RSS MiB after start', 'peak RSS MiB', 'target', 'verdict'], rows: startRows },
    ],
    notes: [
      `Issues: the issues store in-process on seeded partitions; the first call builds that repository's filter rows from its own partitions only, later calls answer from them (median of ${reps}).`,
      `Repository search: the host from the sources (tsx), ${reps} requests after 3 warm-ups; half the repositories private, owned by the admin, so the signed-in user sees the public half.`,
      `Start-up: to the first answer of /api/v1/version, one start each, hook tasks delivered (the pending index is empty, so the refill reads none), RSS ${settleMs / 1000} s after the first answer. The target is read on the host as \`npm start\` runs it (compiled, its entry bundled, as the idle area builds it); from source, tsx compiling and loading the modules takes most of the time whatever is stored (compare the empty data dir).`,
    ],
    data: { spread, single, small, large, start },
  };
}
