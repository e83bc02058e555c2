/**
 * Housekeeping records: the upkeep state of each repository (last maintained, last checked, health, size) and
 * the state of each cron task (previous run, run count), which makes the schedule survive restarts and sleep.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export type RepoHealthState = 'unchecked' | 'ok' | 'damaged';

export interface RepoHealthRecord {
  id: number;
  repo_id: number;
  /** When upkeep last finished without error; null before the first. */
  last_maintained: string | null;
  /** When `git fsck` last ran; null before the first. */
  last_checked: string | null;
  health: RepoHealthState;
  /** What git said about the damage; [] when healthy. */
  problems: string[];
  /** When the damage was first seen; null when healthy. */
  damaged_since: string | null;
  /** The last upkeep failure that was not damage (a timeout, a lock held elsewhere); "" after a success. */
  last_error: string;
  size_kib: number;
  packs: number;
  loose_objects: number;
  has_bitmap: boolean;
  has_commit_graph: boolean;
}

export interface CronTaskRecord {
  id: number;
  name: string;
  /** When the last run started; null before the first. */
  prev: string | null;
  /** Epoch milliseconds when the next scheduled run is due. */
  next_due: number;
  exec_times: number;
}

const health = new Table<RepoHealthRecord>('repo_health', { unique: [{ name: 'repo', key: (r) => String(r.repo_id) }] });
const cron = new Table<CronTaskRecord>('cron_tasks', { unique: [{ name: 'name', key: (r) => r.name }] });

/** The record of a repository that has none yet (id 0 until stored). */
export const blank = (id: number, repoId: number): RepoHealthRecord => ({
  id, repo_id: repoId, last_maintained: null, last_checked: null, health: 'unchecked', problems: [], damaged_since: null,
  last_error: '', size_kib: 0, packs: 0, loose_objects: 0, has_bitmap: false, has_commit_graph: false,
});

/** The upkeep record of a repository, if any. */
export const getHealth = (store: Store, repoId: number) => health.getBy(store, 'repo', String(repoId));

/** Changes (or first creates) the upkeep record of a repository; callers hold the repository's upkeep lock. */
export async function updateHealth(store: Store, repoId: number, mutate: (r: RepoHealthRecord) => void): Promise<RepoHealthRecord> {
  const found = await getHealth(store, repoId);
  if (found) return (await health.update(store, found.id, mutate)) ?? found;
  return health.insert(store, (id) => {
    const r = blank(id, repoId);
    mutate(r);
    return r;
  });
}

/** Drops the upkeep record of a deleted repository. */
export const removeHealth = (store: Store, repoId: number) => health.removeBy(store, 'repo', String(repoId));

/** The stored state of a cron task, if it ever ran or was scheduled. */
export const getCron = (store: Store, name: string) => cron.getBy(store, 'name', name);

/** Changes (or first creates) the state of a cron task. */
export async function updateCron(store: Store, name: string, mutate: (r: CronTaskRecord) => void): Promise<CronTaskRecord> {
  const found = await getCron(store, name);
  if (found) return (await cron.update(store, found.id, mutate)) ?? found;
  return cron.insert(store, (id) => {
    const r: CronTaskRecord = { id, name, prev: null, next_due: 0, exec_times: 0 };
    mutate(r);
    return r;
  });
}
