/**
 * The wiki: page writes through the API (create, then edit), page reads (one page, the page list), and a wiki
 * of many pages pushed with git, then cloned and listed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, ADMIN, startHostProcess } from './lib/proc.ts';
import { runCommand } from './lib/command.ts';
import { fmt, median, percentile } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** Times `n` runs of `fn(i)`, one after another; returns the times in ms. */
async function times(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** Runs the wiki benchmark. */
export async function runWiki(o: BenchOptions): Promise<AreaResult> {
  const writes = o.quick ? 20 : 100;
  const pages = o.quick ? 500 : 5_000;
  const dir = path.join(o.tmp, 'wiki-host');
  const work = path.join(o.tmp, 'wiki-work');
  await mkdir(work, { recursive: true });
  const host = await startHostProcess(dir);
  const rows: string[][] = [];
  const data: Record<string, unknown> = {};
  const row = (name: string, xs: number[]) => {
    rows.push([name, String(xs.length), fmt(median(xs)), fmt(percentile(xs, 90))]);
    data[name] = { n: xs.length, median: median(xs), p90: percentile(xs, 90) };
  };
  try {
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    const token = ((await api(host.url, 'POST', `/users/${ADMIN.username}/tokens`, auth, { name: 'bench', scopes: ['all'] })) as { sha1: string }).sha1;
    const W = `/repos/${ADMIN.username}`;
    await api(host.url, 'POST', '/user/repos', token, { name: 'pages' });
    row('create a page (POST /wiki/new)', await times(writes, (i) => api(host.url, 'POST', `${W}/pages/wiki/new`, token, { title: `Page ${i}`, content_base64: b64(`# Page ${i}\n\ntext\n`) })));
    row('edit a page (PATCH /wiki/page/{name})', await times(writes, (i) => api(host.url, 'PATCH', `${W}/pages/wiki/page/Page-${i}`, token, { content_base64: b64(`# Page ${i}\n\nedited\n`) })));
    row('read a page (GET /wiki/page/{name})', await times(writes, (i) => api(host.url, 'GET', `${W}/pages/wiki/page/Page-${i}`, token)));
    row('list 30 pages (GET /wiki/pages)', await times(Math.min(writes, 20), () => api(host.url, 'GET', `${W}/pages/wiki/pages`, token)));

    // A wiki of many pages, made in one commit and pushed with git.
    await api(host.url, 'POST', '/user/repos', token, { name: 'big' });
    const src = path.join(work, 'src');
    await runCommand('git', ['init', '-q', '-b', 'main', src], work);
    for (let i = 0; i < pages; i++) await writeFile(path.join(src, `Page-${i}.md`), `# Page ${i}\n\n${'text '.repeat(40)}\n`);
    const id = ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com'];
    await runCommand('git', ['add', '-A'], src);
    await runCommand('git', [...id, 'commit', '-q', '-m', 'many pages'], src);
    const remote = new URL(`${host.url}/${ADMIN.username}/big.wiki.git`);
    remote.username = ADMIN.username;
    remote.password = ADMIN.password;
    const push = await times(1, () => runCommand('git', ['push', '-q', remote.toString(), 'main'], src));
    const clone = await times(3, (i) => runCommand('git', ['clone', '-q', remote.toString(), path.join(work, `clone-${i}`)], work));
    row(`push a wiki of ${pages.toLocaleString('en-US')} pages (one commit)`, push);
    row(`clone a wiki of ${pages.toLocaleString('en-US')} pages`, clone);
    row(`list 50 of ${pages.toLocaleString('en-US')} pages`, await times(5, () => api(host.url, 'GET', `${W}/big/wiki/pages?limit=50`, token)));
    row(`read a page of ${pages.toLocaleString('en-US')}`, await times(10, (i) => api(host.url, 'GET', `${W}/big/wiki/page/Page-${i * 7}`, token)));
  } finally {
    await host.stop();
  }
  return {
    area: 'wiki',
    title: 'Wiki: page writes and reads through the API, a wiki of many pages over git',
    tables: [{ title: 'ms (median and 90th percentile)', columns: ['operation', 'n', 'median', 'p90'], rows }],
    notes: [
      `The host from the sources (tsx); ${writes} writes one after another, each a commit built with plumbing and a wiki hook event stored.`,
      `The large wiki is ${pages.toLocaleString('en-US')} markdown files in one commit, pushed once, then cloned 3 times.`,
    ],
    data,
  };
}
