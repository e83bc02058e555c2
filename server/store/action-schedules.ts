/** Schedule plans (Gitea's action_schedule and action_schedule_spec): one per workflow with `on.schedule`. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface ActionScheduleRecord {
  id: number;
  title: string;
  specs: string[];
  repo_id: number;
  owner_id: number;
  workflow_id: string;
  workflow_path: string;
  trigger_user_id: number;
  ref: string;
  commit_sha: string;
  event: string;
  event_payload: string;
  /** The workflow file's content at the commit. */
  content: string;
  created: string;
  updated: string;
}

export interface ActionScheduleSpecRecord {
  id: number;
  repo_id: number;
  schedule_id: number;
  /** When it is due next, and when it last ran (unix seconds; 0 never). */
  next: number;
  prev: number;
  spec: string;
  created: string;
  updated: string;
}

const schedules = new Table<ActionScheduleRecord>('action_schedules', { indexes: [{ name: 'repo', key: (s) => String(s.repo_id) }] });
const specs = new Table<ActionScheduleSpecRecord>('action_schedule_specs', {
  indexes: [{ name: 'repo', key: (s) => String(s.repo_id) }, { name: 'schedule', key: (s) => String(s.schedule_id) }],
});

/** A schedule by id. */
export const getSchedule = (store: Store, id: number) => schedules.get(store, id);
/** A repository's schedules. */
export const listSchedulesOfRepo = (store: Store, repoId: number) => schedules.listBy(store, 'repo', String(repoId));
/** A repository's specs. */
export const listSpecsOfRepo = (store: Store, repoId: number) => specs.listBy(store, 'repo', String(repoId));
/** Stores a schedule. */
export const insertSchedule = (store: Store, make: (id: number) => ActionScheduleRecord) => schedules.insert(store, make);
/** Stores a spec. */
export const insertSpec = (store: Store, make: (id: number) => ActionScheduleSpecRecord) => specs.insert(store, make);
/** Changes a spec. */
export const updateSpec = (store: Store, id: number, mutate: (s: ActionScheduleSpecRecord) => void) => specs.update(store, id, mutate);
/** One page (by next, then id) of the specs due at `now` (unix seconds). */
export const dueSpecs = (store: Store, now: number, limit: number) =>
  specs.query(store, { where: (s) => s.next <= now, sort: (a, b) => a.next - b.next || a.id - b.id, limit });
/** Deletes a repository's schedules and specs; returns how many schedules went. */
export async function removeOfRepo(store: Store, repoId: number): Promise<number> {
  await specs.removeBy(store, 'repo', String(repoId));
  return schedules.removeBy(store, 'repo', String(repoId));
}
/** Every repository that has schedules. */
export async function reposWithSchedules(store: Store): Promise<number[]> {
  return [...new Set(await schedules.select(store, () => true, (s) => s.repo_id))];
}
