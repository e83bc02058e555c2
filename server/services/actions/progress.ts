/**
 * How jobs and runs move (Gitea's job emitter and UpdateRunJob): a blocked job becomes waiting once its needs are
 * done and its condition holds, or skipped when they failed; a run's status follows its jobs. Every change is
 * published on the bus (`action_job.changed`, `action_run.changed`), which webhooks turn into workflow_job/workflow_run.
 */
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { ActionJobRecord, ActionRunRecord, ActionStatus } from '../../store/action-runs.ts';
import { aggregateStatus, isDone } from './status.ts';
import { jobCondition } from './expression.ts';
import { githubContext } from './context.ts';
import { systemUsers } from '../user/users.ts';

async function senderOf(app: AppContext, run: ActionRunRecord) {
  if (run.trigger_user_id < 0) return systemUsers().find((u) => u.id === run.trigger_user_id) ?? null;
  return (await userStore.getById(app.store, run.trigger_user_id)) ?? null;
}

/** Publishes a job's change (workflow_job). */
export async function publishJob(app: AppContext, run: ActionRunRecord, job: ActionJobRecord): Promise<void> {
  const repo = await repoStore.getById(app.store, run.repo_id);
  const owner = repo && (await userStore.getById(app.store, repo.owner_id));
  if (!repo || !owner) return;
  await app.bus.publish('action_job.changed', { repo, owner, run, job, sender: await senderOf(app, run) });
}

/** Publishes a run's change (workflow_run). */
export async function publishRun(app: AppContext, run: ActionRunRecord): Promise<void> {
  const repo = await repoStore.getById(app.store, run.repo_id);
  const owner = repo && (await userStore.getById(app.store, repo.owner_id));
  if (!repo || !owner) return;
  await app.bus.publish('action_run.changed', { repo, owner, run, sender: await senderOf(app, run) });
}

/** Sets a job's status (with start and stop times) and publishes it; answers the job as stored. */
export async function setJobStatus(app: AppContext, run: ActionRunRecord, jobId: number, status: ActionStatus, patch: (j: ActionJobRecord) => void = () => undefined): Promise<ActionJobRecord | undefined> {
  const now = new Date().toISOString();
  const job = await runStore.updateJob(app.store, jobId, (j) => {
    j.status = status;
    if (status === 'running' && !j.started) j.started = now;
    if (isDone(status)) j.stopped = now;
    j.updated = now;
    patch(j);
  });
  if (job) await publishJob(app, run, job);
  return job;
}

/** Decides a job whose needs are all done: waiting when its condition holds, skipped otherwise. */
function decide(run: ActionRunRecord, job: ActionJobRecord, needs: ActionJobRecord[]): ActionStatus {
  const results = Object.fromEntries(needs.map((n) => [n.job_id, { result: n.status, outputs: {} }]));
  const allSucceeded = needs.every((n) => n.status === 'success' || n.status === 'skipped');
  const failed = needs.some((n) => n.status === 'failure');
  const cancelled = run.status === 'cancelled';
  const ok = jobCondition(job.if_expr, {
    values: { github: githubContext(run), needs: results, matrix: job.matrix, inputs: inputsOf(run) },
    status: { success: allSucceeded && !cancelled, failure: failed, cancelled },
  });
  // A condition this host cannot read goes to the runner, as Gitea leaves every condition to it.
  return ok === false ? 'skipped' : 'waiting';
}

/** The dispatch inputs of a run (workflow_dispatch), else {}. */
export function inputsOf(run: ActionRunRecord): Record<string, unknown> {
  try {
    const p = JSON.parse(run.event_payload) as { inputs?: Record<string, unknown> };
    return p.inputs && typeof p.inputs === 'object' ? p.inputs : {};
  } catch {
    return {};
  }
}

/** The first status of a new job: blocked behind its needs, or decided by its condition. */
export function initialStatus(run: ActionRunRecord, job: ActionJobRecord): ActionStatus {
  return job.needs.length ? 'blocked' : decide(run, job, []);
}

/** Moves the run's blocked jobs whose needs are done, repeatedly (a skip can free further jobs), then the run. */
export async function advanceRun(app: AppContext, runId: number): Promise<ActionRunRecord | undefined> {
  const run = await runStore.getRun(app.store, runId);
  if (!run) return undefined;
  for (let changed = true; changed;) {
    changed = false;
    const jobs = await runStore.listJobsOfRun(app.store, runId);
    const byKey = new Map<string, ActionJobRecord[]>();
    for (const j of jobs) byKey.set(j.job_id, [...(byKey.get(j.job_id) ?? []), j]);
    for (const j of jobs.filter((x) => x.status === 'blocked')) {
      const needs = j.needs.flatMap((k) => byKey.get(k) ?? []);
      if (!needs.every((n) => isDone(n.status))) continue;
      await setJobStatus(app, run, j.id, decide(run, j, needs));
      changed = true;
    }
  }
  return refreshRunStatus(app, runId);
}

/** Recomputes a run's status from its jobs; publishes when it changed. */
export async function refreshRunStatus(app: AppContext, runId: number): Promise<ActionRunRecord | undefined> {
  const run = await runStore.getRun(app.store, runId);
  if (!run) return undefined;
  const status = aggregateStatus((await runStore.listJobsOfRun(app.store, runId)).map((j) => j.status));
  if (status === run.status) return run;
  const now = new Date().toISOString();
  const next = await runStore.updateRun(app.store, runId, (r) => {
    r.status = status;
    if (status === 'running' && !r.started) r.started = now;
    if (isDone(status)) r.stopped = now;
    r.updated = now;
  });
  if (next) await publishRun(app, next);
  return next;
}
