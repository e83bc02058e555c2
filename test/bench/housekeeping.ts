/**
 * Housekeeping: the same pushed history served by Homeforge after its upkeep (geometric repack, multi-pack
 * index and bitmap, commit-graph) and by `git http-backend` with none, side by side in one run. A clone of the
 * large generated repository, and a fetch of one new commit after many small pushes.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { gitSandbox, type GitSandbox } from '../helpers/git.ts';
import { generateRepo } from './lib/gen-repo.ts';
import { adminToken, api, ADMIN, spawnServer, startHostProcess } from './lib/proc.ts';
import { fmt, mb, median, ratio, timed } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const TARGET = 0.8;

interface Sides { hfPush(name: string): string; hfUrl(name: string): string; cgiUrl(name: string): string }

/** Asks Homeforge for upkeep of one repository now and waits for it (check, then maintenance). */
async function upkeep(url: string, token: string, name: string): Promise<{ packs: number; has_bitmap: boolean; size: number }> {
  // A fresh connection: a kept-alive one may have been closed by the host during the long push before.
  const res = await fetch(`${url}/api/homeforge/repos/${ADMIN.username}/${name}/health`, { method: 'POST', headers: { authorization: `token ${token}`, connection: 'close' } });
  if (!res.ok) throw new Error(`upkeep of ${name}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ packs: number; has_bitmap: boolean; size: number }>;
}

/** Clones `name` from both sides `rounds` times, alternating which goes first; every time in ms, in order. */
async function clones(s: Sides, name: string, rounds: number, git: GitSandbox, tmp: string): Promise<Record<'hf' | 'cgi', number[]>> {
  const t: Record<'hf' | 'cgi', number[]> = { hf: [], cgi: [] };
  for (let r = 0; r < rounds; r++) {
    for (const side of (r % 2 ? ['cgi', 'hf'] : ['hf', 'cgi']) as ('hf' | 'cgi')[]) {
      const dest = path.join(tmp, `clone-${side}-${r}`);
      t[side].push(await timed(() => git.ok(['clone', '--bare', '-q', side === 'hf' ? s.hfUrl(name) : s.cgiUrl(name), dest])));
      if (r > 0 || side === 'hf') await rm(dest, { recursive: true, force: true });
    }
  }
  return t;
}

/** The client's own part of a clone: `git index-pack` of the pack the clone received, read from a file. */
async function indexOnly(git: GitSandbox, cloned: string, tmp: string): Promise<number> {
  const packDir = path.join(cloned, 'objects', 'pack');
  const pack = (await readdir(packDir)).find((n) => n.endsWith('.pack'));
  if (!pack) throw new Error(`no pack in ${packDir}`);
  const out = path.join(tmp, 'index-only.idx');
  const ms = await timed(() => git.ok(['index-pack', '-o', out, path.join(packDir, pack)]));
  await rm(out, { force: true });
  return ms;
}

/** Runs the housekeeping benchmark. */
export async function runHousekeeping(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, rounds: 1, small: 30, fetches: 3 } : { commits: 5000, bytes: 50 * 2 ** 20, rounds: 5, small: 200, fetches: 7 };
  const root = o.tmp;
  const cgiRoot = path.join(root, 'cgi');
  await mkdir(cgiRoot, { recursive: true });
  const git = await gitSandbox();
  const host = await startHostProcess(path.join(root, 'host'));
  const cgi = await spawnServer(['--import', 'tsx', 'test/bench/lib/cgi-server.ts', '--root', cgiRoot], { probe: '/' });
  const rows: string[][] = [];
  const notes: string[] = [];
  const data: Record<string, unknown> = { ...size };
  try {
    const token = await adminToken(host.url);
    const s: Sides = {
      hfPush: (n) => `${host.url.replace('://', `://${ADMIN.username}:${token}@`)}/${ADMIN.username}/${n}.git`,
      hfUrl: (n) => `${host.url}/${ADMIN.username}/${n}.git`,
      cgiUrl: (n) => `${cgi.url}/${n}.git`,
    };
    const create = async (name: string): Promise<void> => {
      await api(host.url, 'POST', '/user/repos', token, { name });
      const dir = path.join(cgiRoot, `${name}.git`);
      await git.ok(['init', '--bare', '-q', '-b', 'main', dir]);
      await git.ok(['-C', dir, 'config', 'http.receivepack', 'true']);
    };
    const pushBoth = async (src: string, name: string): Promise<void> => {
      await git.ok(['-C', src, 'push', '-q', s.hfPush(name), 'main:refs/heads/main']);
      await git.ok(['-C', src, 'push', '-q', s.cgiUrl(name), 'main:refs/heads/main']);
    };

    // 1 - the large history: one push each, upkeep on Homeforge only, then clones side by side.
    const src = path.join(root, 'src.git');
    await generateRepo(src, 'sha1', size.commits, size.bytes);
    await create('big');
    await pushBoth(src, 'big');
    const upkeepMs = await timed(() => upkeep(host.url, token, 'big'));
    const ct = await clones(s, 'big', size.rounds, git, root);
    const [hClone, bClone] = [median(ct.hf), median(ct.cgi)];
    const [hFirst, bFirst] = [ct.hf[0] ?? NaN, ct.cgi[0] ?? NaN];
    const met = hClone / bClone <= TARGET;
    rows.push([`clone, ${size.commits.toLocaleString('en-US')} commits (median)`, fmt(hClone), fmt(bClone), ratio(hClone, bClone), met ? 'met' : 'not met']);
    rows.push(['clone, first after upkeep (answer stored on the way)', fmt(hFirst), fmt(bFirst), ratio(hFirst, bFirst), hFirst / bFirst <= TARGET ? 'met' : 'not met']);
    const clientMs = await indexOnly(git, path.join(root, 'clone-cgi-0'), root);
    await rm(path.join(root, 'clone-cgi-0'), { recursive: true, force: true });
    notes.push(`Clone ratio: Homeforge ${fmt(hClone)} ms ÷ http-backend ${fmt(bClone)} ms = ${ratio(hClone, bClone)} (target ≤ ${TARGET}×): ${met ? 'met' : 'not met'}. The first Homeforge clone after upkeep runs git and stores its answer; the later ones are streamed from the stored answer.`);
    notes.push(`Client work: \`git index-pack\` of the received pack alone takes ${fmt(clientMs)} ms, ${fmt((100 * clientMs) / bClone)}% of the http-backend clone; no server can make a clone faster than that.`);
    notes.push(`Upkeep of the ${size.commits.toLocaleString('en-US')}-commit repository (fsck, geometric repack with multi-pack index and bitmap, commit-graph) took ${fmt(upkeepMs / 1000)} s at the lowest priority.`);

    // 2 - many small pushes, then one new commit fetched into clones that have all the others.
    const work = path.join(root, 'work');
    await git.ok(['init', '-q', '-b', 'main', work]);
    await create('small');
    for (let i = 0; i < size.small; i++) {
      await git.ok(['-C', work, 'commit', '-q', '--allow-empty', '-m', `small ${i}`]);
      await git.ok(['-C', work, 'push', '-q', s.hfPush('small'), 'main:refs/heads/main']);
      await git.ok(['-C', work, 'push', '-q', s.cgiUrl('small'), 'main:refs/heads/main']);
    }
    const kept = await upkeep(host.url, token, 'small');
    const local = { hf: path.join(root, 'fetch-hf'), cgi: path.join(root, 'fetch-cgi') };
    await git.ok(['clone', '--bare', '-q', s.hfUrl('small'), local.hf]);
    await git.ok(['clone', '--bare', '-q', s.cgiUrl('small'), local.cgi]);
    const t: Record<'hf' | 'cgi', number[]> = { hf: [], cgi: [] };
    for (let r = 0; r < size.fetches; r++) {
      await git.ok(['-C', work, 'commit', '-q', '--allow-empty', '-m', `new ${r}`]);
      await pushBoth(work, 'small');
      for (const side of (r % 2 ? ['cgi', 'hf'] : ['hf', 'cgi']) as ('hf' | 'cgi')[]) {
        t[side].push(await timed(() => git.ok(['-C', local[side], 'fetch', '-q', side === 'hf' ? s.hfUrl('small') : s.cgiUrl('small'), 'main:main'])));
      }
    }
    const [hf, bf] = [median(t.hf), median(t.cgi)];
    rows.push([`fetch of 1 commit after ${size.small} small pushes`, fmt(hf), fmt(bf), ratio(hf, bf), '-']);
    notes.push(`Fetch of one new commit after ${size.small} small pushes: Homeforge ${fmt(hf)} ms (maintained) vs http-backend ${fmt(bf)} ms (not maintained) = ${ratio(hf, bf)}.`);
    notes.push(`After ${size.small} small pushes Homeforge's upkeep left ${kept.packs} pack(s) with a bitmap: ${kept.has_bitmap}; the http-backend repository keeps what the pushes left.`);
    data.clone = { homeforge: hClone, backend: bClone, ratio: hClone / bClone, target: TARGET, met, times: ct, clientIndexMs: clientMs };
    data.fetch = t;
  } finally {
    await Promise.all([host.stop(), cgi.stop()]);
    await git.dispose();
  }
  notes.unshift(`Repository: ${size.commits.toLocaleString('en-US')} commits, ${fmt(mb(size.bytes))} MiB of random blobs (git fast-import), pushed once to each side; \`git clone --bare\`, median of ${size.rounds} alternating round(s); fetch: median of ${size.fetches}.`);
  return {
    area: 'housekeeping',
    title: 'Housekeeping: Homeforge after upkeep vs git http-backend without',
    tables: [{ title: `Median ms (clone target ≤ ${TARGET}×)`, columns: ['operation', 'Homeforge (maintained) ms', 'http-backend (not maintained) ms', 'ratio', `target ≤ ${TARGET}×`], rows }],
    notes,
    data,
  };
}
