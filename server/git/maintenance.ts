/**
 * Repository upkeep with git's own tools, at the lowest CPU priority: geometric repacking into a multi-pack
 * index with a reachability bitmap, a split commit-graph with changed-path filters, `git gc` with cruft packs
 * and a grace period for unreachable objects, and `git fsck`. Every step takes git's own locks (gc.pid,
 * the commit-graph chain lock, the multi-pack-index lock), so pushes, fetches and clones go on meanwhile.
 * Works alike for SHA1 and SHA256 repositories (git 2.39 and later).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runGit, type GitResult } from './process.ts';
import { pushInFlight } from './activity.ts';

/** A maintenance step that git refused; `stderr` holds git's words. */
export class MaintenanceError extends Error {
  readonly stderr: string;
  readonly step: string;
  constructor(step: string, r: GitResult) {
    super(`git ${step} failed with status ${r.code}: ${r.stderr.trim().slice(0, 500)}`);
    this.step = step;
    this.stderr = r.stderr;
  }
}

export interface MaintainOptions {
  /** Also run `git gc` (the scheduled task): cruft pack, reflog expiry, packed refs, pruning after `pruneExpire`. */
  gc: boolean;
  /** Extra `git gc` arguments (`[git] GC_ARGS` and `[cron.git_gc_repos] ARGS`). */
  gcArgs: string[];
  /** How old an unreachable object must be before it is deleted (git's date forms: `2.weeks.ago`, `now`). */
  pruneExpire: string;
  /** Each git run is killed after this long. */
  timeoutMs: number;
  /** Kills the git run under way (the host is stopping). */
  signal?: AbortSignal;
}

const BASE = ['-c', 'gc.writeCommitGraph=false', '-c', 'gc.autoDetach=false', '-c', 'pack.writeBitmapHashCache=true'];

async function step(gitDir: string, name: string, args: string[], o: MaintainOptions): Promise<void> {
  if (o.signal?.aborted) throw new Error('stopped');
  const r = await runGit([...BASE, ...args], { gitDir, timeoutMs: o.timeoutMs, lowPriority: true, signal: o.signal });
  if (o.signal?.aborted) throw new Error('stopped');
  if (r.code !== 0) throw new MaintenanceError(name, r);
}

/**
 * Makes one repository cheap to serve. The geometric repack rolls many small packs and loose objects into few
 * (a push never waits: packs it adds meanwhile are not touched) and writes the multi-pack index and its bitmap;
 * the commit-graph chain grows by a layer per run. With `gc`, unreachable objects go to a cruft pack and are
 * deleted only after the grace period, and never while a push into the repository is in flight.
 */
export async function maintain(gitDir: string, o: MaintainOptions): Promise<void> {
  if (o.gc) {
    const prune = pushInFlight(gitDir) ? 'never' : o.pruneExpire;
    await step(gitDir, 'gc', ['gc', '--quiet', '--cruft', `--prune=${prune}`, ...o.gcArgs], o);
  }
  await step(gitDir, 'repack', ['repack', '--geometric=2', '-d', '--write-midx', '--write-bitmap-index', '--quiet'], o);
  await step(gitDir, 'commit-graph', ['commit-graph', 'write', '--reachable', '--changed-paths', '--split', '--size-multiple=2', '--no-progress'], o);
}

export interface FsckResult {
  ok: boolean;
  /** git's complaints (errors and missing objects), at most a few lines. */
  problems: string[];
}

/** Runs `git fsck` (with `args`, Gitea's `[cron.repo_health_check] ARGS`); never changes the repository. */
export async function fsck(gitDir: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<FsckResult> {
  const r = await runGit(['fsck', '--no-progress', '--no-dangling', ...args], { gitDir, timeoutMs, lowPriority: true, signal });
  if (signal?.aborted) throw new Error('stopped');
  const lines = `${r.stderr}\n${r.stdout.toString('utf8')}`.split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('notice:') && !l.startsWith('Checking') && !l.startsWith('dangling'));
  return { ok: r.code === 0, problems: r.code === 0 ? [] : (lines.length ? lines.slice(0, 8) : [`git fsck exited with status ${r.code}`]) };
}

const CORRUPT = /corrupt|truncated|bad object|missing (blob|tree|commit|tag|object)|packfile .* (cannot be accessed|does not match)|inflate|invalid object|unable to read|did not receive expected object|broken link|index file .* is too small|bad packed object|hash mismatch|failed to read object/i;

/** True when git's complaint says the repository's files are damaged (not a timeout, a lock or a refused push). */
export const looksCorrupt = (stderr: string): boolean => CORRUPT.test(stderr);

export interface RepoFiles {
  /** Bytes on disk of the objects (packs, indexes, loose objects), in KiB as `git count-objects` gives them. */
  sizeKiB: number;
  packs: number;
  looseObjects: number;
  hasMultiPackIndex: boolean;
  hasBitmap: boolean;
  hasCommitGraph: boolean;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(() => true, () => false);
}

/** What the repository's object store looks like now (`git count-objects -v` and the index files). */
export async function repoFiles(gitDir: string): Promise<RepoFiles> {
  const r = await runGit(['count-objects', '-v'], { gitDir, timeoutMs: 60_000 });
  const v = new Map(r.stdout.toString('utf8').split('\n').map((l) => l.split(': ') as [string, string]));
  const num = (k: string): number => Number(v.get(k) ?? 0) || 0;
  const packDir = path.join(gitDir, 'objects', 'pack');
  const names = await readdir(packDir).catch(() => [] as string[]);
  return {
    sizeKiB: num('size') + num('size-pack'),
    packs: num('packs'),
    looseObjects: num('count'),
    hasMultiPackIndex: names.includes('multi-pack-index'),
    hasBitmap: names.some((n) => n.endsWith('.bitmap')),
    hasCommitGraph: await exists(path.join(gitDir, 'objects', 'info', 'commit-graphs', 'commit-graph-chain'))
      || await exists(path.join(gitDir, 'objects', 'info', 'commit-graph')),
  };
}

/** Splits an argument string from app.ini on white space (Gitea's GC_ARGS and ARGS are plain word lists). */
export const splitArgs = (text: string): string[] => text.split(/\s+/).filter(Boolean);
