/**
 * Action runs and their jobs (Gitea's action_run and action_run_job tables). Statuses are Gitea's names
 * (models/actions/status.go); the same set serves runs, jobs, tasks and steps.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page, Query } from './engine/query.ts';

export type ActionStatus = 'unknown' | 'success' | 'failure' | 'cancelled' | 'skipped' | 'waiting' | 'running' | 'blocked';

/** Gitea's IsDone: a final status. */
export const isDone = (s: ActionStatus): boolean => s === 'success' || s === 'failure' || s === 'cancelled' || s === 'skipped';

export interface ActionRunRecord {
  id: number;
  repo_id: number;
  owner_id: number;
  /** 1, 2, ... per repository (Gitea's run `index`, the run number). */
  index: number;
  title: string;
  /** The workflow file name (e.g. `ci.yml`), Gitea's workflow_id. */
  workflow_id: string;
  /** The workflow file's path inside the repository. */
  workflow_path: string;
  trigger_user_id: number;
  /** The schedule that made the run, 0 otherwise. */
  schedule_id: number;
  ref: string;
  commit_sha: string;
  /** The event the workflow reacts to (push, pull_request, workflow_dispatch, schedule). */
  event: string;
  /** What triggered it (for schedules: `schedule`, while `event` is the schedule's event). */
  trigger_event: string;
  /** The event's payload as JSON text (Gitea keeps it as a string too). */
  event_payload: string;
  is_fork_pull_request: boolean;
  status: ActionStatus;
  /** Raised by each rerun of the whole run. */
  attempt: number;
  started: string | null;
  stopped: string | null;
  created: string;
  updated: string;
}

export interface ActionJobRecord {
  id: number;
  run_id: number;
  repo_id: number;
  owner_id: number;
  commit_sha: string;
  is_fork_pull_request: boolean;
  /** The display name (matrix values appended, as act does: `build (node 18)`). */
  name: string;
  /** The job's key in the workflow. */
  job_id: string;
  attempt: number;
  /** A one-job workflow (YAML) with the matrix fixed to this job's combination: what a runner executes. */
  workflow_payload: string;
  /** Keys of the jobs this one needs. */
  needs: string[];
  runs_on: string[];
  /** The job-level `if` expression, '' when none (then success() applies). */
  if_expr: string;
  /** This job's matrix combination ({} without a matrix). */
  matrix: Record<string, unknown>;
  /** The task running the job now, 0 when none. */
  task_id: number;
  status: ActionStatus;
  started: string | null;
  stopped: string | null;
  created: string;
  updated: string;
}

const runs = new Table<ActionRunRecord>('action_runs', {
  unique: [{ name: 'repo_index', key: (r) => compositeKey(r.repo_id, r.index) }],
  indexes: [
    { name: 'repo', key: (r) => String(r.repo_id) },
    { name: 'open', key: (r) => (isDone(r.status) ? null : 'open') },
    { name: 'schedule_open', key: (r) => (r.schedule_id && !isDone(r.status) ? String(r.repo_id) : null) },
  ],
});

const jobs = new Table<ActionJobRecord>('action_run_jobs', {
  indexes: [
    { name: 'run', key: (j) => String(j.run_id) },
    { name: 'repo', key: (j) => String(j.repo_id) },
    { name: 'waiting', key: (j) => (j.status === 'waiting' ? 'w' : null) },
  ],
});

/** A run by id. */
export const getRun = (store: Store, id: number) => runs.get(store, id);
/** A repository's run by its number. */
export const getRunByIndex = (store: Store, repoId: number, index: number) => runs.getBy(store, 'repo_index', compositeKey(repoId, index));
/** One page of a repository's runs matching the query. */
export const queryRepoRuns = (store: Store, repoId: number, q: Omit<Query<ActionRunRecord>, 'index'>): Promise<Page<ActionRunRecord>> =>
  runs.query(store, { ...q, index: { name: 'repo', key: String(repoId) } });
/** One page of every repository's runs matching the query. */
export const queryRuns = (store: Store, q: Omit<Query<ActionRunRecord>, 'index'>): Promise<Page<ActionRunRecord>> => runs.query(store, q);
/** Runs of a repository made by a schedule that are not done. */
export const listOpenScheduledRuns = (store: Store, repoId: number) => runs.listBy(store, 'schedule_open', String(repoId));
/** The highest run number of a repository (0 when none). */
export async function maxRunIndex(store: Store, repoId: number): Promise<number> {
  const p = await runs.query(store, { index: { name: 'repo', key: String(repoId) }, sort: (a, b) => b.index - a.index, limit: 1 });
  return p.rows[0]?.index ?? 0;
}
/** Stores a new run. */
export const insertRun = (store: Store, make: (id: number) => ActionRunRecord) => runs.insert(store, make);
/** Changes a run. */
export const updateRun = (store: Store, id: number, mutate: (r: ActionRunRecord) => void) => runs.update(store, id, mutate);
/** Deletes a run (its jobs with removeJobsOfRun). */
export const removeRun = (store: Store, id: number) => runs.remove(store, id);
/** Deletes a repository's runs. */
export const removeRunsOfRepo = (store: Store, repoId: number) => runs.removeBy(store, 'repo', String(repoId));

/** A job by id. */
export const getJob = (store: Store, id: number) => jobs.get(store, id);
/** The jobs of a run, by id. */
export const listJobsOfRun = (store: Store, runId: number) => jobs.listBy(store, 'run', String(runId));
/** One page of a run's jobs. */
export const queryJobsOfRun = (store: Store, runId: number, q: Omit<Query<ActionJobRecord>, 'index'>) =>
  jobs.query(store, { ...q, index: { name: 'run', key: String(runId) } });
/** One page of a repository's jobs. */
export const queryRepoJobs = (store: Store, repoId: number, q: Omit<Query<ActionJobRecord>, 'index'>) =>
  jobs.query(store, { ...q, index: { name: 'repo', key: String(repoId) } });
/** Every waiting job (matching `where`), oldest first. */
export const listWaitingJobs = (store: Store, where?: (j: ActionJobRecord) => boolean) => jobs.listBy(store, 'waiting', 'w', where);
/** Stores a new job. */
export const insertJob = (store: Store, make: (id: number) => ActionJobRecord) => jobs.insert(store, make);
/** Changes a job. */
export const updateJob = (store: Store, id: number, mutate: (j: ActionJobRecord) => void) => jobs.update(store, id, mutate);
/** Deletes a run's jobs. */
export const removeJobsOfRun = (store: Store, runId: number) => jobs.removeBy(store, 'run', String(runId));
/** Deletes a repository's jobs. */
export const removeJobsOfRepo = (store: Store, repoId: number) => jobs.removeBy(store, 'repo', String(repoId));
