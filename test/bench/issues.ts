/**
 * Issues over HTTP: list, filter and search answered by a running host with 50,000 issues in one repository
 * (the HTTP figures beside the store figures of query.ts): page 1 of open issues, a label filter, a poster
 * filter, a text search in the repository, and /repos/issues/search.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, ADMIN, startHostProcess } from './lib/proc.ts';
import { seedIssues } from './lib/seed-query.ts';
import { fmt, median } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const LIST_TARGET_MS = 50;
const met = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

/** Runs the issues HTTP benchmark. */
export async function runIssues(o: BenchOptions): Promise<AreaResult> {
  const total = o.quick ? 5_000 : 50_000;
  const reps = o.quick ? 10 : 30;
  const dir = path.join(o.tmp, 'issues-http');
  let host = await startHostProcess(dir);
  let token: string;
  try {
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    token = ((await api(host.url, 'POST', `/users/${ADMIN.username}/tokens`, auth, { name: 'bench', scopes: ['all'] })) as { sha1: string }).sha1;
    const repo = (await api(host.url, 'POST', '/user/repos', auth, { name: 'big' })) as { id: number };
    // The seeded issues carry label ids 1..4: make them exist.
    for (const n of [1, 2, 3, 4]) await api(host.url, 'POST', `/repos/${ADMIN.username}/big/labels`, auth, { name: `label-${n}`, color: '00aa00' });
    await host.stop();
    await seedIssues(path.join(dir, 'store'), [repo.id], total);
  } catch (err) {
    await host.stop();
    throw err;
  }
  host = await startHostProcess(dir);
  const R = `/api/v1/repos/${ADMIN.username}/big/issues`;
  const cases: [string, string][] = [
    ['page 1 of open issues', `${R}?limit=20`],
    ['label filter (labels=label-2)', `${R}?labels=label-2&limit=20`],
    ['poster filter, all states (created_by)', `${R}?state=all&created_by=${ADMIN.username}&limit=20`],
    ['text search in the repository (q=push)', `${R}?q=push&limit=20`],
    ['GET /repos/issues/search?q=page', '/api/v1/repos/issues/search?q=page&limit=20'],
  ];
  const rows: string[][] = [];
  const data: Record<string, { cold: number; warm: number; total: string }> = {};
  try {
    for (const [name, url] of cases) {
      const times: number[] = [];
      let count = '';
      for (let i = 0; i <= reps; i++) {
        const t = performance.now();
        const res = await fetch(`${host.url}${url}`, { headers: { authorization: `token ${token}` } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
        times.push(performance.now() - t);
        count = res.headers.get('x-total-count') ?? '';
      }
      const [cold, ...warm] = times;
      data[name] = { cold: cold!, warm: median(warm), total: count };
      rows.push([name, count, fmt(cold!), fmt(median(warm)), `≤ ${LIST_TARGET_MS}`, met(median(warm) <= LIST_TARGET_MS)]);
    }
  } finally {
    await host.stop();
  }
  return {
    area: 'issues',
    title: `Issues over HTTP: ${total.toLocaleString('en-US')} issues in one repository`,
    tables: [{ title: 'GET, ms (first call, then the median)', columns: ['request', 'X-Total-Count', 'first call', 'median after', 'target', 'verdict'], rows }],
    notes: [
      `The host from the sources (tsx) on seeded issue partitions (query.ts's seeding: every third issue closed, every tenth a pull request, labels 1-4 in turn, posters 1-7); ${reps} requests after the first, signed in as the admin.`,
      'The first call builds the repository\'s filter rows (and, for q, its text index); the following ones answer from them.',
    ],
    data,
  };
}
