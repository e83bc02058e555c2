/**
 * Action tasks (Gitea's action_task and action_task_step): one attempt of a job on a runner, with its steps and
 * where its log stands. The log itself is a file (services/actions/logs.ts).
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import type { Page, Query } from './engine/query.ts';
import type { ActionStatus } from './action-runs.ts';

export interface ActionTaskStep {
  /** 0-based position of the step in the job. */
  index: number;
  name: string;
  status: ActionStatus;
  /** First log row of the step, and how many rows it wrote. */
  log_index: number;
  log_length: number;
  started: string | null;
  stopped: string | null;
}

export interface ActionTaskRecord {
  id: number;
  job_id: number;
  run_id: number;
  repo_id: number;
  owner_id: number;
  attempt: number;
  runner_id: number;
  status: ActionStatus;
  commit_sha: string;
  is_fork_pull_request: boolean;
  /** sha256 (hex) of the task's token; the token itself is handed out once. */
  token_hash: string;
  token_last_eight: string;
  steps: ActionTaskStep[];
  /** Outputs the runner reported for the job. */
  outputs: Record<string, string>;
  /** Log rows stored so far (the next row's index). */
  log_length: number;
  log_size: number;
  /** True once the runner said no more rows will come. */
  log_finished: boolean;
  started: string | null;
  stopped: string | null;
  created: string;
  updated: string;
}

const tasks = new Table<ActionTaskRecord>('action_tasks', {
  unique: [{ name: 'token', key: (t) => (t.token_hash ? t.token_hash : null) }],
  indexes: [
    { name: 'job', key: (t) => String(t.job_id) },
    { name: 'repo', key: (t) => String(t.repo_id) },
    { name: 'runner', key: (t) => String(t.runner_id) },
  ],
});

/** A task by id. */
export const getTask = (store: Store, id: number) => tasks.get(store, id);
/** The task holding this token hash. */
export const getTaskByTokenHash = (store: Store, hash: string) => tasks.getBy(store, 'token', hash);
/** Every task of a job (one per attempt), by id. */
export const listTasksOfJob = (store: Store, jobId: number) => tasks.listBy(store, 'job', String(jobId));
/** One page of a repository's tasks. */
export const queryRepoTasks = (store: Store, repoId: number, q: Omit<Query<ActionTaskRecord>, 'index'>): Promise<Page<ActionTaskRecord>> =>
  tasks.query(store, { ...q, index: { name: 'repo', key: String(repoId) } });
/** The tasks a runner holds (matching `where`). */
export const listTasksOfRunner = (store: Store, runnerId: number, where?: (t: ActionTaskRecord) => boolean) => tasks.listBy(store, 'runner', String(runnerId), where);
/** Stores a new task. */
export const insertTask = (store: Store, make: (id: number) => ActionTaskRecord) => tasks.insert(store, make);
/** Changes a task. */
export const updateTask = (store: Store, id: number, mutate: (t: ActionTaskRecord) => void) => tasks.update(store, id, mutate);
/** Deletes a job's tasks; returns them as they were. */
export async function removeTasksOfJob(store: Store, jobId: number): Promise<ActionTaskRecord[]> {
  const gone = await tasks.listBy(store, 'job', String(jobId));
  await tasks.removeBy(store, 'job', String(jobId));
  return gone;
}
/** Deletes a repository's tasks. */
export const removeTasksOfRepo = (store: Store, repoId: number) => tasks.removeBy(store, 'repo', String(repoId));
