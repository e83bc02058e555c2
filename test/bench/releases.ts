/**
 * Releases over HTTP: a release file streamed up (raw body) and down at its browser address, with the host's
 * resident memory sampled meanwhile, and the release list (page 1 and a later page with `limit`) over many
 * releases in one repository.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { api, ADMIN, rssOf, rssSampler, startHostProcess } from './lib/proc.ts';
import { fmt, mb, median } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';
import { generated, postStream } from '../releases/upload-stream.ts';

const LIST_TARGET_MS = 50;
const met = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

/** Runs the releases benchmark. */
export async function runReleases(o: BenchOptions): Promise<AreaResult> {
  const fileMb = Number(process.env.BENCH_RELEASE_MIB) || (o.quick ? 20 : 200);
  const releases = o.quick ? 100 : 1000;
  const reps = o.quick ? 10 : 30;
  const host = await startHostProcess(path.join(o.tmp, 'releases'));
  const R = `/repos/${ADMIN.username}/rel`;
  const rows: string[][] = [];
  const listRows: string[][] = [];
  const data: Record<string, unknown> = {};
  try {
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    const token = ((await api(host.url, 'POST', `/users/${ADMIN.username}/tokens`, auth, { name: 'bench', scopes: ['all'] })) as { sha1: string }).sha1;
    await api(host.url, 'POST', '/user/repos', token, { name: 'rel', auto_init: true });
    const rel = (await api(host.url, 'POST', `${R}/releases`, token, { tag_name: 'v1' })) as { id: number };
    // warm the upload and download paths first
    await postStream(`${host.url}/api/v1${R}/releases/${rel.id}/assets?name=warm.bin`, token, generated(4 * 1024 * 1024).stream, 4 * 1024 * 1024, { multipart: false });

    const size = fileMb * 1024 * 1024;
    const file = generated(size);
    const base = rssOf(host.pid);
    let sampler = rssSampler(host.pid);
    let t = performance.now();
    const up = await postStream(`${host.url}/api/v1${R}/releases/${rel.id}/assets?name=big.bin`, token, file.stream, size, { multipart: false });
    const upMs = performance.now() - t;
    const upPeak = sampler.stop();
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
    const downBase = rssOf(host.pid);
    sampler = rssSampler(host.pid);
    t = performance.now();
    const res = await fetch(up.body.browser_download_url as string, { headers: { authorization: `token ${token}` } });
    const hash = createHash('sha256');
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    const downMs = performance.now() - t;
    const downPeak = sampler.stop();
    if (hash.digest('hex') !== file.digest()) throw new Error('the downloaded file differs from the uploaded one');
    rows.push(['upload (raw body)', `${fileMb}`, fmt(fileMb / (upMs / 1000)), fmt(mb(upPeak - base))]);
    rows.push(['download (browser address)', `${fileMb}`, fmt(fileMb / (downMs / 1000)), fmt(mb(downPeak - downBase))]);
    data.files = { mib: fileMb, upMs, downMs, upRssGrowthMiB: mb(upPeak - base), downRssGrowthMiB: mb(downPeak - downBase) };

    for (let i = 0; i < releases; i++) await api(host.url, 'POST', `${R}/releases`, token, { tag_name: `d${i}`, name: `Draft ${i}`, body: 'notes', draft: true });
    const cases: [string, string][] = [
      ['page 1, limit=50', `${R}/releases?limit=50`],
      [`page ${Math.floor(releases / 100)} of ${Math.ceil(releases / 50)}, limit=50`, `${R}/releases?limit=50&page=${Math.floor(releases / 100)}`],
      ['drafts only, limit=20', `${R}/releases?draft=true&limit=20`],
    ];
    for (const [name, p] of cases) {
      const times: number[] = [];
      for (let i = 0; i <= reps; i++) {
        const s = performance.now();
        const r = await fetch(`${host.url}/api/v1${p}`, { headers: { authorization: `token ${token}` } });
        await r.text();
        if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
        times.push(performance.now() - s);
      }
      const [cold, ...warm] = times;
      listRows.push([name, fmt(cold!), fmt(median(warm)), `≤ ${LIST_TARGET_MS}`, met(median(warm) <= LIST_TARGET_MS)]);
      data[name] = { cold, warm: median(warm) };
    }
  } finally {
    await host.stop();
  }
  return {
    area: 'releases',
    title: `Releases: a ${fileMb} MiB release file up and down, and the list over ${releases.toLocaleString('en-US')} releases`,
    tables: [
      { title: 'Release files', columns: ['transfer', 'MiB', 'MiB/s', 'host RSS growth, MiB'], rows },
      { title: 'GET /releases, ms (first call, then the median)', columns: ['request', 'first call', 'median after', 'target', 'verdict'], rows: listRows },
    ],
    notes: [
      'The host from the sources (tsx) in its own process; files are generated as they are sent and checked by sha256 after the download.',
      'RSS growth is the peak during the transfer over the resident memory before it: streaming keeps it flat whatever the file size.',
    ],
    data,
  };
}
