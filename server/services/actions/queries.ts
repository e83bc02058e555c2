/** What the Actions API and pages read: runs, jobs, tasks and logs of one repository, in pages from the store. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as runStore from '../../store/action-runs.ts';
import * as taskStore from '../../store/action-tasks.ts';
import * as userStore from '../../store/users.ts';
import type { ActionJobRecord, ActionRunRecord, ActionStatus } from '../../store/action-runs.ts';
import type { ActionTaskRecord } from '../../store/action-tasks.ts';
import type { Page } from '../../store/engine/query.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { systemUsers } from '../user/users.ts';
import { readText } from './logs.ts';

/** The filters of a run list (Gitea's getWorkflowRuns). */
export interface RunFilter {
  workflowId?: string | undefined;
  event?: string | undefined;
  branch?: string | undefined;
  status?: string | undefined;
  actor?: string | undefined;
  headSha?: string | undefined;
}

const STATUSES = new Set<ActionStatus>(['unknown', 'success', 'failure', 'cancelled', 'skipped', 'waiting', 'running', 'blocked']);

/** The internal statuses a status filter names (Gitea's names or GitHub's: queued, in_progress, completed). */
export function statusesNamed(name: string): ActionStatus[] {
  switch (name) {
    case 'queued': return ['waiting'];
    case 'in_progress': return ['running'];
    case 'completed': return ['success', 'failure', 'cancelled', 'skipped'];
    case 'pending': return ['blocked'];
    default:
      if (STATUSES.has(name as ActionStatus)) return [name as ActionStatus];
      throw new ValidationError(`invalid status: ${name}`);
  }
}

/** One page of the repository's runs, newest first. */
export async function listRuns(app: AppContext, repo: RepoRecord, f: RunFilter, paging: { page: number; limit: number }): Promise<Page<ActionRunRecord>> {
  const statuses = f.status ? new Set(statusesNamed(f.status)) : null;
  const actor = f.actor ? await userStore.getByName(app.store, f.actor) : undefined;
  if (f.actor && !actor) return { rows: [], total: 0 };
  const branchRef = f.branch ? `refs/heads/${f.branch}` : null;
  return runStore.queryRepoRuns(app.store, repo.id, {
    where: (r) => (!f.workflowId || r.workflow_id === f.workflowId) && (!f.event || r.trigger_event === f.event || r.event === f.event)
      && (!branchRef || r.ref === branchRef) && (!statuses || statuses.has(r.status)) && (!actor || r.trigger_user_id === actor.id)
      && (!f.headSha || r.commit_sha === f.headSha),
    sort: (a, b) => b.id - a.id, page: paging.page, limit: paging.limit,
  });
}

/** A run of the repository by id (404 otherwise). */
export async function getRun(app: AppContext, repo: RepoRecord, id: number): Promise<ActionRunRecord> {
  const run = Number.isSafeInteger(id) ? await runStore.getRun(app.store, id) : undefined;
  if (!run || run.repo_id !== repo.id) throw new NotFoundError('run not found');
  return run;
}

/** A run of the repository by its number (404 otherwise). */
export async function getRunByNumber(app: AppContext, repo: RepoRecord, index: number): Promise<ActionRunRecord> {
  const run = Number.isSafeInteger(index) ? await runStore.getRunByIndex(app.store, repo.id, index) : undefined;
  if (!run) throw new NotFoundError('run not found');
  return run;
}

/** One page of a run's jobs (or the repository's, without a run), filtered by status. */
export function listJobs(app: AppContext, repo: RepoRecord, runId: number | null, status: string | undefined, paging: { page: number; limit: number }): Promise<Page<ActionJobRecord>> {
  const statuses = status ? new Set(statusesNamed(status)) : null;
  const q = { where: (j: ActionJobRecord) => !statuses || statuses.has(j.status), page: paging.page, limit: paging.limit };
  return runId === null ? runStore.queryRepoJobs(app.store, repo.id, { ...q, sort: (a, b) => b.id - a.id }) : runStore.queryJobsOfRun(app.store, runId, q);
}

/** A job of the repository by id (404 otherwise). */
export async function getJob(app: AppContext, repo: RepoRecord, id: number): Promise<ActionJobRecord> {
  const job = Number.isSafeInteger(id) ? await runStore.getJob(app.store, id) : undefined;
  if (!job || job.repo_id !== repo.id) throw new NotFoundError('job not found');
  return job;
}

/** What a job's JSON needs beside the job: its run, its place in the run, its current task. */
export async function jobContext(app: AppContext, job: ActionJobRecord): Promise<{ run: ActionRunRecord; position: number; task: ActionTaskRecord | null }> {
  const run = await runStore.getRun(app.store, job.run_id);
  if (!run) throw new NotFoundError('run not found');
  const ids = (await runStore.listJobsOfRun(app.store, run.id)).map((j) => j.id);
  const task = job.task_id ? (await taskStore.getTask(app.store, job.task_id)) ?? null : null;
  return { run, position: Math.max(0, ids.indexOf(job.id)), task };
}

/** The log of a job's current attempt as text; 404 when the job never ran. */
export async function jobLog(app: AppContext, job: ActionJobRecord): Promise<string> {
  if (!job.task_id) throw new NotFoundError('job has no logs');
  return readText(app, job.repo_id, job.task_id);
}

/** One page of the repository's tasks, newest first. */
export const listTasks = (app: AppContext, repo: RepoRecord, paging: { page: number; limit: number }) =>
  taskStore.queryRepoTasks(app.store, repo.id, { sort: (a, b) => b.id - a.id, page: paging.page, limit: paging.limit });

/** The user a run names as its actor (the Actions user for schedules), null when gone. */
export async function runActor(app: AppContext, run: ActionRunRecord): Promise<UserRecord | null> {
  if (run.trigger_user_id < 0) return systemUsers().find((u) => u.id === run.trigger_user_id) ?? null;
  return (await userStore.getById(app.store, run.trigger_user_id)) ?? null;
}

/** A run's jobs and the current task of each (the run page). */
export async function runJobs(app: AppContext, run: ActionRunRecord): Promise<{ job: ActionJobRecord; task: ActionTaskRecord | null }[]> {
  const out = [];
  for (const job of await runStore.listJobsOfRun(app.store, run.id)) out.push({ job, task: job.task_id ? (await taskStore.getTask(app.store, job.task_id)) ?? null : null });
  return out;
}

/** The job and run of each task (the task list). */
export async function taskParts(app: AppContext, tasks: ActionTaskRecord[]): Promise<{ task: ActionTaskRecord; job: ActionJobRecord | undefined; run: ActionRunRecord | undefined }[]> {
  const out = [];
  for (const task of tasks) out.push({ task, job: await runStore.getJob(app.store, task.job_id), run: await runStore.getRun(app.store, task.run_id) });
  return out;
}
