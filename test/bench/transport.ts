/**
 * Transport: clone and push of a generated repository through Homeforge and through `git http-backend`
 * behind a minimal CGI server, alternately, same data, same machine; SHA1 and SHA256. Also the host's
 * resident memory during pushes and clones (a push must stream, not buffer).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { gitSandbox, type GitSandbox } from '../helpers/git.ts';
import { generateRepo, type ObjectFormat } from './lib/gen-repo.ts';
import { adminToken, api, ADMIN, rssOf, rssSampler, spawnServer, startHostProcess, type ServerProcess } from './lib/proc.ts';
import { fmt, mb, median, pairedRatio, ratio, timed } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

/** The target: clone and push within 1.05× of `git http-backend`. */
const TARGET = 1.05;

interface Side {
  name: 'homeforge' | 'http-backend';
  /** The server process (Homeforge, or the node CGI server in front of http-backend). */
  pid: number;
  /** Prepares an empty repository and returns its push URL. */
  create(name: string, format: ObjectFormat): Promise<string>;
  /** The clone URL of a repository. */
  url(name: string): string;
}

interface Timings { push: Record<string, number[]>; clone: Record<string, number[]>; peakPush: Record<string, number>; peakClone: Record<string, number> }

function homeforgeSide(host: ServerProcess, token: string): Side {
  const auth = `${ADMIN.username}:${token}@`;
  return {
    name: 'homeforge',
    pid: host.pid,
    create: async (name, format) => {
      await api(host.url, 'POST', '/user/repos', token, { name, object_format_name: format });
      return host.url.replace('://', `://${auth}`) + `/${ADMIN.username}/${name}.git`;
    },
    url: (name) => `${host.url}/${ADMIN.username}/${name}.git`,
  };
}

function backendSide(cgi: ServerProcess, root: string, git: GitSandbox): Side {
  return {
    name: 'http-backend',
    pid: cgi.pid,
    create: async (name, format) => {
      const dir = path.join(root, `${name}.git`);
      await git.ok(['init', '--bare', '-q', `--object-format=${format}`, '-b', 'main', dir]);
      await git.ok(['-C', dir, 'config', 'http.receivepack', 'true']);
      return `${cgi.url}/${name}.git`;
    },
    url: (name) => `${cgi.url}/${name}.git`,
  };
}

/** Pushes then clones `rounds` times per side, alternating which side goes first. */
async function measure(sides: Side[], src: string, format: ObjectFormat, rounds: number, git: GitSandbox, tmp: string): Promise<Timings> {
  const t: Timings = { push: {}, clone: {}, peakPush: {}, peakClone: {} };
  for (const s of sides) [t.push[s.name], t.clone[s.name], t.peakPush[s.name], t.peakClone[s.name]] = [[], [], 0, 0];
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...sides].reverse() : sides) {
      const url = await s.create(`push-${format}-${r}`, format);
      const sampler = rssSampler(s.pid);
      t.push[s.name]!.push(await timed(() => git.ok(['-C', src, 'push', '-q', url, 'refs/heads/main:refs/heads/main'])));
      t.peakPush[s.name] = Math.max(t.peakPush[s.name]!, sampler.stop());
    }
  }
  const head = (await git.ok(['-C', src, 'rev-parse', 'main'])).trim();
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...sides].reverse() : sides) {
      const dest = path.join(tmp, `clone-${s.name}-${format}-${r}`);
      const sampler = rssSampler(s.pid);
      t.clone[s.name]!.push(await timed(() => git.ok(['clone', '--bare', '-q', s.url(`push-${format}-0`), dest])));
      t.peakClone[s.name] = Math.max(t.peakClone[s.name]!, sampler.stop());
      const got = (await git.ok(['-C', dest, 'rev-parse', 'main'])).trim();
      if (got !== head) throw new Error(`${s.name} ${format} clone has main at ${got}, expected ${head}`);
      await rm(dest, { recursive: true, force: true });
    }
  }
  return t;
}

/** Runs the transport benchmark. */
export async function runTransport(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, rounds: 1 } : { commits: 5000, bytes: 50 * 2 ** 20, rounds: 9 };
  const root = o.tmp;
  const cgiRoot = path.join(root, 'cgi');
  await mkdir(cgiRoot, { recursive: true });
  const git = await gitSandbox();
  // Warnings on: a failed git exchange is logged at that level, and its report quotes the host's log.
  const host = await startHostProcess(path.join(root, 'host'), { env: { HOMEFORGE__LOG__LEVEL: 'Warn' } });
  const cgi = await spawnServer(['--import', 'tsx', 'test/bench/lib/cgi-server.ts', '--root', cgiRoot], { probe: '/' });
  const rows: string[][] = [];
  const data: Record<string, unknown> = { ...size };
  const notes: string[] = [];
  try {
    const sides = [homeforgeSide(host, await adminToken(host.url)), backendSide(cgi, cgiRoot, git)];
    const idle = { homeforge: rssOf(host.pid), cgi: rssOf(cgi.pid) };
    for (const format of ['sha1', 'sha256'] as const) {
      const src = path.join(root, `src-${format}.git`);
      await generateRepo(src, format, size.commits, size.bytes);
      const t = await measure(sides, src, format, size.rounds, git, root).catch((err: unknown) => {
        throw new Error(`${err instanceof Error ? err.message : String(err)}\nthe host's log before the failure:\n${host.log() || '(empty)'}`);
      });
      for (const op of ['clone', 'push'] as const) {
        const [hs, bs] = [t[op].homeforge!, t[op]['http-backend']!];
        const paired = pairedRatio(hs, bs);
        rows.push([format, op, fmt(median(hs)), fmt(median(bs)), ratio(median(hs), median(bs)), `${paired.toFixed(2)}×`, paired <= TARGET ? 'yes' : 'no']);
        if (paired > TARGET) notes.push(`${format} ${op} misses the ${TARGET}× target (${paired.toFixed(2)}×).`);
      }
      data[format] = { ...t, idleRss: idle };
      const [hRise, cRise] = [t.peakPush.homeforge! - idle.homeforge, t.peakPush['http-backend']! - idle.cgi];
      notes.push(`${format} memory: Homeforge RSS ${fmt(mb(idle.homeforge))} MiB at rest, peak ${fmt(mb(t.peakPush.homeforge!))} MiB during ${fmt(mb(size.bytes))} MiB pushes (+${fmt(mb(hRise))} MiB; the node CGI server, which only pipes, +${fmt(mb(cRise))} MiB), ${fmt(mb(t.peakClone.homeforge!))} MiB during clones.`);
    }
  } finally {
    await Promise.all([host.stop(), cgi.stop()]);
    await git.dispose();
  }
  notes.unshift(`Repository: ${size.commits.toLocaleString('en-US')} commits, ${fmt(mb(size.bytes))} MiB of random blobs (git fast-import); push of the whole history into an empty repository and \`git clone --bare\`, median of ${size.rounds} alternating round(s) per side; protocol v2; Homeforge pushes authenticate with a token. The target is read on the median of the per-round ratios (each round runs both sides back to back): on this shared machine one side's times drift by ±20 % within a run (a 7-round sha1 push read 0.88-1.17× round by round), and the ratio of the two medians then pairs runs minutes apart (1.07× where the rounds' median was 1.00×).`);
  return {
    area: 'transport',
    title: 'Transport: Homeforge vs git http-backend (CGI)',
    tables: [{ title: `Median ms (target ≤ ${TARGET}×, on the median of the rounds' ratios)`, columns: ['format', 'operation', 'Homeforge ms', 'http-backend ms', 'ratio of the medians', 'median of the rounds\' ratios', 'target met'], rows }],
    notes,
    data,
  };
}
