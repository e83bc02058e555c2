/**
 * Upkeep of one repository: maintenance (light after pushes, with `git gc` on the schedule) and the health check
 * (`git fsck`). One run per repository at a time (`housekeeping:<id>`). A repository found damaged is reported
 * (its record, the host log) and left alone: no repack or prune runs on it until a check finds it healthy again.
 */
import { existsSync } from 'node:fs';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as hkStore from '../../store/housekeeping.ts';
import type { RepoHealthRecord } from '../../store/housekeeping.ts';
import { fsck, looksCorrupt, maintain, MaintenanceError, repoFiles, splitArgs } from '../../git/maintenance.ts';

/**
 * The git directories kept for a repository: its bare repository, and its wiki repository when it exists;
 * everything below keeps them the same way.
 */
export function gitDirsOf(app: AppContext, repo: Pick<RepoRecord, 'storage_path'>): string[] {
  const wiki = repoStore.wikiGitDirOf(app.store, repo);
  return [repoStore.gitDirOf(app.store, repo), ...(existsSync(wiki) ? [wiki] : [])];
}

const lockOf = (repoId: number): string => `housekeeping:${repoId}`;

export type UpkeepKind = 'light' | 'gc';

/** Records damage found in `repo` and says so in the host log (once per finding). */
async function markDamaged(app: AppContext, repo: RepoRecord, problems: string[]): Promise<RepoHealthRecord> {
  const now = new Date().toISOString();
  app.log.error('repository is damaged: maintenance stops until a health check passes', { repo_id: repo.id, repo: repo.name, problems });
  return hkStore.updateHealth(app.store, repo.id, (h) => {
    h.health = 'damaged';
    h.problems = problems;
    h.damaged_since ??= now;
    h.last_checked = now;
  });
}

/** Runs `git fsck` on every git directory of `repo` (the lock held) and records the result. */
async function checkLocked(app: AppContext, repo: RepoRecord, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<RepoHealthRecord> {
  const problems: string[] = [];
  for (const dir of gitDirsOf(app, repo)) problems.push(...(await fsck(dir, args, timeoutMs, signal)).problems);
  if (problems.length) return markDamaged(app, repo, problems);
  const had = await hkStore.getHealth(app.store, repo.id);
  if (had?.health === 'damaged') app.log.info('repository passed its health check again', { repo_id: repo.id, repo: repo.name });
  return hkStore.updateHealth(app.store, repo.id, (h) => {
    h.health = 'ok';
    h.problems = [];
    h.damaged_since = null;
    h.last_checked = new Date().toISOString();
  });
}

/** The health check of one repository (Gitea's repo_health_check): `git fsck` with `[cron.repo_health_check] ARGS`. */
export function checkRepository(app: AppContext, repo: RepoRecord, signal?: AbortSignal): Promise<RepoHealthRecord> {
  const args = splitArgs(app.settings.string('cron.repo_health_check.ARGS'));
  const timeoutMs = Math.max(app.settings.duration('cron.repo_health_check.TIMEOUT'), 1000);
  return app.locks.run(lockOf(repo.id), () => checkLocked(app, repo, args, timeoutMs, signal));
}

/** Sizes and index files of every git directory of `repo`, summed. */
async function measure(app: AppContext, repo: RepoRecord): Promise<Pick<RepoHealthRecord, 'size_kib' | 'packs' | 'loose_objects' | 'has_bitmap' | 'has_commit_graph'>> {
  const all = await Promise.all(gitDirsOf(app, repo).map((d) => repoFiles(d)));
  return {
    size_kib: all.reduce((n, f) => n + f.sizeKiB, 0),
    packs: all.reduce((n, f) => n + f.packs, 0),
    loose_objects: all.reduce((n, f) => n + f.looseObjects, 0),
    has_bitmap: all.every((f) => f.hasBitmap),
    has_commit_graph: all.every((f) => f.hasCommitGraph),
  };
}

/** Maintains `repo` (the lock held); a failure that looks like damage runs a health check at once. */
async function maintainLocked(app: AppContext, repo: RepoRecord, kind: UpkeepKind, signal?: AbortSignal): Promise<RepoHealthRecord> {
  const had = await hkStore.getHealth(app.store, repo.id);
  if (had?.health === 'damaged') return had;
  const gc = kind === 'gc';
  const opts = {
    gc,
    gcArgs: gc ? [...splitArgs(app.settings.string('git.GC_ARGS')), ...splitArgs(app.settings.string('cron.git_gc_repos.ARGS'))] : [],
    pruneExpire: app.settings.string('housekeeping.PRUNE_EXPIRE') || '2.weeks.ago',
    signal,
    timeoutMs: gc ? Math.max(app.settings.duration('cron.git_gc_repos.TIMEOUT'), 1000) : app.settings.int('git.timeout.GC') * 1000,
  };
  try {
    for (const dir of gitDirsOf(app, repo)) await maintain(dir, opts);
  } catch (err) {
    if (signal?.aborted) throw err;
    const stderr = err instanceof MaintenanceError ? err.stderr : String(err);
    if (looksCorrupt(stderr)) {
      const checked = await checkLocked(app, repo, [], Math.max(app.settings.duration('cron.repo_health_check.TIMEOUT'), 1000), signal);
      if (checked.health === 'damaged') return checked;
    }
    app.log.warn('repository maintenance failed', { repo_id: repo.id, err: err instanceof Error ? err.message : String(err) });
    return hkStore.updateHealth(app.store, repo.id, (h) => { h.last_error = (err instanceof Error ? err.message : String(err)).slice(0, 1000); });
  }
  const files = await measure(app, repo);
  await app.locks.run(`repo:${repo.id}`, () => repoStore.update(app.store, repo.id, (r) => { r.size_kb = files.size_kib; }));
  return hkStore.updateHealth(app.store, repo.id, (h) => {
    Object.assign(h, files);
    h.last_maintained = new Date().toISOString();
    h.last_error = '';
  });
}

/** Maintains one repository: `light` after pushes, `gc` for the scheduled git_gc_repos. Never throws for git's failures. */
export function maintainRepository(app: AppContext, repo: RepoRecord, kind: UpkeepKind, signal?: AbortSignal): Promise<RepoHealthRecord> {
  return app.locks.run(lockOf(repo.id), () => maintainLocked(app, repo, kind, signal));
}

/**
 * Keeps maintenance off every repository that exists now until the returned release is called; resolves once
 * runs under way have finished. A backup holds it while it lists and copies object files, which a repack would
 * otherwise delete and replace between the listing and the copy.
 */
export async function holdUpkeep(app: AppContext): Promise<() => void> {
  const ids = (await repoStore.list(app.store)).map((r) => r.id);
  let release!: () => void;
  const done = new Promise<void>((resolve) => { release = resolve; });
  await Promise.all(ids.map((id) => new Promise<void>((acquired) => {
    void app.locks.run(lockOf(id), () => { acquired(); return done; });
  })));
  return release;
}
