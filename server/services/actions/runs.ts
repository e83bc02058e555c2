/**
 * Making, cancelling, rerunning and deleting runs (Gitea's PrepareRunAndInsert, CancelRun, rerun, DeleteRun).
 * A run's number comes from the repository's runs under its lock; its jobs start blocked behind their needs or
 * decided by their condition, then the run takes its status from them.
 */
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import * as taskStore from '../../store/action-tasks.ts';
import type { ActionJobRecord, ActionRunRecord } from '../../store/action-runs.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { isDone } from './status.ts';
import { advanceRun, initialStatus, publishJob, publishRun, refreshRunStatus, setJobStatus } from './progress.ts';
import { planJobs, type Workflow } from './workflow.ts';
import { removeLog } from './logs.ts';

/** What a new run is made of. */
export interface NewRun {
  repo: RepoRecord;
  workflow: Workflow;
  workflowId: string;
  workflowPath: string;
  title: string;
  ref: string;
  sha: string;
  event: string;
  triggerEvent: string;
  payload: Record<string, unknown>;
  triggerUserId: number;
  scheduleId?: number;
  isForkPullRequest?: boolean;
}

/** Stores a run and its jobs (matrix expanded), decides their first statuses and publishes them. */
export async function createRun(app: AppContext, o: NewRun): Promise<ActionRunRecord> {
  const planned = planJobs(o.workflow);
  const now = new Date().toISOString();
  const run = await app.locks.run(`actions:repo:${o.repo.id}`, async () => {
    const index = (await runStore.maxRunIndex(app.store, o.repo.id)) + 1;
    return runStore.insertRun(app.store, (id) => ({
      id, repo_id: o.repo.id, owner_id: o.repo.owner_id, index, title: o.title.split('\n')[0]!.slice(0, 255), workflow_id: o.workflowId,
      workflow_path: o.workflowPath, trigger_user_id: o.triggerUserId, schedule_id: o.scheduleId ?? 0, ref: o.ref, commit_sha: o.sha,
      event: o.event, trigger_event: o.triggerEvent, event_payload: JSON.stringify(o.payload), is_fork_pull_request: o.isForkPullRequest ?? false,
      status: 'waiting', attempt: 1, started: null, stopped: null, created: now, updated: now,
    }));
  });
  for (const p of planned) {
    const job = await runStore.insertJob(app.store, (id) => ({
      id, run_id: run.id, repo_id: run.repo_id, owner_id: run.owner_id, commit_sha: run.commit_sha, is_fork_pull_request: run.is_fork_pull_request,
      name: p.name.slice(0, 255), job_id: p.jobId, attempt: 1, workflow_payload: p.payload, needs: p.needs, runs_on: p.runsOn, if_expr: p.ifExpr,
      matrix: p.matrix, task_id: 0, status: 'blocked', started: null, stopped: null, created: now, updated: now,
    }));
    const status = initialStatus(run, job);
    const stored = (await runStore.updateJob(app.store, job.id, (j) => {
      j.status = status;
      if (isDone(status)) j.stopped = now;
    })) ?? job;
    await publishJob(app, run, stored);
  }
  // Gitea sends workflow_run `requested` for every new run, whatever its jobs decided.
  await publishRun(app, run);
  return (await advanceRun(app, run.id)) ?? run;
}

async function cancelJob(app: AppContext, run: ActionRunRecord, job: ActionJobRecord): Promise<void> {
  if (job.task_id) {
    const now = new Date().toISOString();
    await taskStore.updateTask(app.store, job.task_id, (t) => {
      if (isDone(t.status)) return;
      t.status = 'cancelled';
      t.stopped = now;
      for (const s of t.steps) if (!isDone(s.status)) { s.status = 'cancelled'; s.stopped = s.started ? now : null; }
    });
  }
  await setJobStatus(app, run, job.id, 'cancelled');
}

/** Cancels every job of the run that is not done (a runner holding one learns it at its next report). */
export async function cancelRun(app: AppContext, run: ActionRunRecord): Promise<ActionRunRecord> {
  return app.locks.run(`actions:run:${run.id}`, async () => {
    for (const job of await runStore.listJobsOfRun(app.store, run.id)) if (!isDone(job.status)) await cancelJob(app, run, job);
    return (await refreshRunStatus(app, run.id)) ?? run;
  });
}

/** The jobs a job rerun resets: the job and every job that needs it, transitively. */
function withDependants(jobs: ActionJobRecord[], from: Set<string>): Set<string> {
  const out = new Set(from);
  for (let grew = true; grew;) {
    grew = false;
    for (const j of jobs) if (!out.has(j.job_id) && j.needs.some((n) => out.has(n))) { out.add(j.job_id); grew = true; }
  }
  return out;
}

/**
 * Reruns a finished run: every job (or, with `only`, those jobs and their dependants) gets a new attempt. Refused
 * (400) while the run is not done, as Gitea does.
 */
export async function rerunRun(app: AppContext, run: ActionRunRecord, only?: (j: ActionJobRecord) => boolean): Promise<ActionRunRecord> {
  if (!isDone(run.status)) throw new BadRequestError('this workflow run is not done');
  return app.locks.run(`actions:run:${run.id}`, async () => {
    const jobs = await runStore.listJobsOfRun(app.store, run.id);
    const keys = withDependants(jobs, new Set(jobs.filter(only ?? (() => true)).map((j) => j.job_id)));
    const now = new Date().toISOString();
    const next = (await runStore.updateRun(app.store, run.id, (r) => {
      r.attempt += 1;
      r.status = 'waiting';
      r.started = null;
      r.stopped = null;
      r.updated = now;
    }))!;
    for (const j of jobs.filter((x) => keys.has(x.job_id))) {
      const reset = (await runStore.updateJob(app.store, j.id, (x) => {
        x.attempt += 1;
        x.task_id = 0;
        x.started = null;
        x.stopped = null;
        x.updated = now;
        x.status = 'blocked';
      }))!;
      const status = reset.needs.length ? 'blocked' : initialStatus(next, reset);
      await setJobStatus(app, next, reset.id, status);
    }
    return (await advanceRun(app, run.id)) ?? next;
  });
}

/** Deletes a finished run with its jobs, tasks and logs; a run not done is refused (400), as Gitea does. */
export async function deleteRun(app: AppContext, run: ActionRunRecord): Promise<void> {
  if (!isDone(run.status)) throw new BadRequestError('this workflow run is not done');
  for (const job of await runStore.listJobsOfRun(app.store, run.id)) {
    for (const t of await taskStore.removeTasksOfJob(app.store, job.id)) await removeLog(app, t.repo_id, t.id);
  }
  await runStore.removeJobsOfRun(app.store, run.id);
  await runStore.removeRun(app.store, run.id);
}
