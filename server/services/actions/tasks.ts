/**
 * The task interface between runs and runners (Gitea's models/actions/task.go CreateTaskForRunner, UpdateTaskByState
 * and the log part of the runner service). A runner, whatever speaks for it (the ConnectRPC service, the built-in
 * runner), calls only these functions:
 *   pickTask     - hands the oldest waiting job the runner can run to it, as a task with a one-time token;
 *   updateTask   - the runner reports steps and, at the end, the result; jobs and runs move on and events go out;
 *   appendTaskLog / readTaskLog - the task's log rows.
 * Their signatures are stable.
 */
import { createHash, randomBytes } from 'node:crypto';
import type * as Yaml from 'yaml';
import { lazyRequire } from '../../lib/lazy-require.ts';
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import * as taskStore from '../../store/action-tasks.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { ActionJobRecord, ActionRunRecord, ActionStatus } from '../../store/action-runs.ts';
import type { ActionTaskRecord, ActionTaskStep } from '../../store/action-tasks.ts';
import type { RepoRecord } from '../../store/records.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { eventBaseUrl } from '../repository/payloads.ts';
import { RESULT_BY_NUMBER, isDone } from './status.ts';
import { advanceRun, refreshRunStatus, setJobStatus } from './progress.ts';
import { taskContext } from './context.ts';
import { readRows, writeRows, type LogRow, type StoredLogRow } from './logs.ts';

export type { LogRow, StoredLogRow } from './logs.ts';

// The YAML parser loads with the first workflow read, not at start.
const yaml = lazyRequire<typeof Yaml>('yaml');

/** What a runner is: its id, its labels (`name` or `name:how`, only the name counts) and its scope (0 = none). */
export interface RunnerScope {
  id: number;
  labels: readonly string[];
  /** The user or organization whose repositories it serves (owner-level runner), else 0. */
  ownerId: number;
  /** The one repository it serves (repository-level runner), else 0. Both 0: a global runner. */
  repoId: number;
}

/** A job handed to a runner. */
export interface PickedTask {
  task: ActionTaskRecord;
  job: ActionJobRecord;
  run: ActionRunRecord;
  repo: RepoRecord;
  /** The one-job workflow (YAML) to execute: the runner protocol's `workflow_payload`. */
  workflowPayload: string;
  /** The triggering event's payload (JSON text), also inside `context.event`. */
  eventPayload: string;
  /** The task's token (GITHUB_TOKEN / GITEA_TOKEN); only its hash is stored. */
  token: string;
  /** The `github` context (Gitea's generateTaskContext). */
  context: Record<string, unknown>;
  /** Results and outputs of the jobs this one needs, by job key. */
  needs: Record<string, { result: ActionStatus; outputs: Record<string, string> }>;
}

/** A step's report: its position, and as known so far its result, times and log rows. */
export interface StepUpdate {
  id: number;
  /** A status name, or runnerv1.Result's number (0 unspecified = still going). */
  result?: ActionStatus | number | undefined;
  startedAt?: Date | string | null | undefined;
  stoppedAt?: Date | string | null | undefined;
  logIndex?: number | undefined;
  logLength?: number | undefined;
}

/** A task's report (runnerv1.TaskState plus outputs). A final `result` ends the task. */
export interface TaskUpdate {
  result?: ActionStatus | number | undefined;
  startedAt?: Date | string | null | undefined;
  stoppedAt?: Date | string | null | undefined;
  steps?: readonly StepUpdate[] | undefined;
  outputs?: Readonly<Record<string, string>> | undefined;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const labelName = (l: string): string => l.split(':')[0]!.trim().toLowerCase();
const iso = (t: Date | string | null | undefined, fallback: string | null): string | null => {
  if (t === null || t === undefined) return fallback;
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? fallback : d.toISOString();
};

function toStatus(r: ActionStatus | number | undefined): ActionStatus {
  if (r === undefined) return 'unknown';
  return typeof r === 'number' ? (RESULT_BY_NUMBER[r] ?? 'unknown') : r;
}

/** Whether the runner may take the job: within its scope, and it has every runs-on label. */
export function runnerFits(runner: RunnerScope, job: ActionJobRecord): boolean {
  if (runner.repoId && job.repo_id !== runner.repoId) return false;
  if (!runner.repoId && runner.ownerId && job.owner_id !== runner.ownerId) return false;
  const have = new Set(runner.labels.map(labelName));
  return job.runs_on.every((l) => have.has(labelName(l)));
}

/** The names of a one-job workflow's steps (name, else the command or action), as Gitea lists them. */
export function stepNames(workflowPayload: string): string[] {
  try {
    const doc = yaml().parse(workflowPayload) as { jobs?: Record<string, { steps?: { name?: string; run?: string; uses?: string }[] }> };
    const job = Object.values(doc.jobs ?? {})[0];
    return (job?.steps ?? []).map((s, i) => String(s.name ?? (s.uses ? `Run ${s.uses}` : s.run ? `Run ${String(s.run).split('\n')[0]}` : `Step ${i + 1}`)));
  } catch {
    return [];
  }
}

async function needsOf(app: AppContext, job: ActionJobRecord): Promise<PickedTask['needs']> {
  if (!job.needs.length) return {};
  const jobs = await runStore.listJobsOfRun(app.store, job.run_id);
  const out: PickedTask['needs'] = {};
  for (const j of jobs.filter((x) => job.needs.includes(x.job_id))) {
    const task = j.task_id ? await taskStore.getTask(app.store, j.task_id) : undefined;
    out[j.job_id] = { result: j.status, outputs: { ...out[j.job_id]?.outputs, ...task?.outputs } };
  }
  return out;
}

async function usable(app: AppContext, job: ActionJobRecord): Promise<boolean> {
  const repo = await repoStore.getById(app.store, job.repo_id);
  return !!repo && repo.units.has_actions && !repo.is_archived && app.settings.bool('actions.ENABLED');
}

/**
 * Atomically gives the oldest waiting job the runner fits (its scope: the repository, its owner, or global; its
 * labels) to the runner as a new task; null when there is none. The job becomes running.
 */
export async function pickTask(app: AppContext, runner: RunnerScope): Promise<PickedTask | null> {
  return app.locks.run('actions:pick', async () => {
    const candidates = await runStore.listWaitingJobs(app.store, (j) => j.task_id === 0 && runnerFits(runner, j));
    for (const job of candidates) {
      if (!(await usable(app, job))) continue;
      const run = await runStore.getRun(app.store, job.run_id);
      const repo = await repoStore.getById(app.store, job.repo_id);
      const owner = repo && (await userStore.getById(app.store, repo.owner_id));
      if (!run || !repo || !owner) continue;
      return assign(app, runner, { run, job, repo, owner });
    }
    return null;
  });
}

async function assign(app: AppContext, runner: RunnerScope, o: { run: ActionRunRecord; job: ActionJobRecord; repo: RepoRecord; owner: NonNullable<Awaited<ReturnType<typeof userStore.getById>>> }): Promise<PickedTask> {
  const token = randomBytes(20).toString('hex');
  const now = new Date().toISOString();
  const steps: ActionTaskStep[] = stepNames(o.job.workflow_payload).map((name, index) => ({ index, name, status: 'waiting', log_index: 0, log_length: 0, started: null, stopped: null }));
  const task = await taskStore.insertTask(app.store, (id) => ({
    id, job_id: o.job.id, run_id: o.run.id, repo_id: o.repo.id, owner_id: o.owner.id, attempt: o.job.attempt, runner_id: runner.id,
    status: 'running', commit_sha: o.job.commit_sha, is_fork_pull_request: o.job.is_fork_pull_request,
    token_hash: hashToken(token), token_last_eight: token.slice(-8), steps, outputs: {}, log_length: 0, log_size: 0,
    log_finished: false, started: now, stopped: null, created: now, updated: now,
  }));
  const job = (await setJobStatus(app, o.run, o.job.id, 'running', (j) => { j.task_id = task.id; })) ?? o.job;
  const run = (await refreshRunStatus(app, o.run.id)) ?? o.run;
  const actor = (await userStore.getById(app.store, run.trigger_user_id))?.name ?? 'gitea-actions';
  return {
    task, job, run, repo: o.repo, workflowPayload: job.workflow_payload, eventPayload: run.event_payload, token,
    context: taskContext({ run, job, repo: o.repo, owner: o.owner, actor, token, baseUrl: eventBaseUrl(app) }),
    needs: await needsOf(app, job),
  };
}

/** The task holding this token while it runs (tokens of finished tasks no longer count). */
export async function findTaskByToken(app: AppContext, token: string): Promise<ActionTaskRecord | undefined> {
  const t = await taskStore.getTaskByTokenHash(app.store, hashToken(token));
  return t && !isDone(t.status) ? t : undefined;
}

function applySteps(t: ActionTaskRecord, steps: readonly StepUpdate[]): void {
  for (const s of steps) {
    const step = t.steps[s.id];
    if (!step) continue;
    const result = toStatus(s.result);
    step.started = iso(s.startedAt, step.started);
    if (step.started && step.status === 'waiting') step.status = 'running';
    if (result !== 'unknown') {
      step.status = result;
      step.stopped = iso(s.stoppedAt, step.stopped ?? new Date().toISOString());
    }
    if (s.logIndex !== undefined) step.log_index = s.logIndex;
    if (s.logLength !== undefined) step.log_length = s.logLength;
  }
}

/**
 * Records a runner's report on a task. A final result ends the task and its job, frees the jobs that need it and
 * updates the run (events go out). A task already ended (cancelled meanwhile) is answered as it is, unchanged, so
 * the runner learns it should stop.
 */
export async function updateTask(app: AppContext, taskId: number, update: TaskUpdate): Promise<ActionTaskRecord> {
  const found = await taskStore.getTask(app.store, taskId);
  if (!found) throw new NotFoundError('task not found');
  return app.locks.run(`actions:run:${found.run_id}`, async () => {
    const current = await taskStore.getTask(app.store, taskId);
    if (!current) throw new NotFoundError('task not found');
    if (isDone(current.status)) return current;
    const result = toStatus(update.result);
    const now = new Date().toISOString();
    const task = (await taskStore.updateTask(app.store, taskId, (t) => {
      applySteps(t, update.steps ?? []);
      if (update.outputs) for (const [k, v] of Object.entries(update.outputs)) if (!(k in t.outputs)) t.outputs[k] = String(v);
      t.started = iso(update.startedAt, t.started);
      if (isDone(result)) {
        t.status = result;
        t.stopped = iso(update.stoppedAt, now);
      }
      t.updated = now;
    }))!;
    if (!isDone(result)) return task;
    const run = await runStore.getRun(app.store, task.run_id);
    const job = await runStore.getJob(app.store, task.job_id);
    if (run && job && job.task_id === task.id && !isDone(job.status)) {
      await setJobStatus(app, run, job.id, result);
      await advanceRun(app, run.id);
    }
    return task;
  });
}

/**
 * Appends log rows the runner numbered from `index`; rows already stored are skipped. Answers the number of rows
 * stored (the runner protocol's ack_index). `noMore` marks the log complete. An index beyond the stored rows is refused.
 */
export async function appendTaskLog(app: AppContext, taskId: number, index: number, rows: readonly LogRow[], noMore = false): Promise<number> {
  return app.locks.run(`actions:log:${taskId}`, async () => {
    const task = await taskStore.getTask(app.store, taskId);
    if (!task) throw new NotFoundError('task not found');
    if (!Number.isSafeInteger(index) || index < 0 || index > task.log_length) throw new ValidationError(`log index out of range: ${index} > ${task.log_length}`);
    const fresh = rows.slice(task.log_length - index);
    const written = task.log_finished ? { bytes: 0 } : await writeRows(app, task.repo_id, task.id, task.log_size, fresh);
    const next = await taskStore.updateTask(app.store, taskId, (t) => {
      t.log_length += task.log_finished ? 0 : fresh.length;
      t.log_size += written.bytes;
      if (noMore) t.log_finished = true;
    });
    return next?.log_length ?? task.log_length;
  });
}

/** A task's log rows from `from` (0-based), at most `limit` (all when 0). */
export async function readTaskLog(app: AppContext, taskId: number, from = 0, limit = 0): Promise<StoredLogRow[]> {
  const task = await taskStore.getTask(app.store, taskId);
  if (!task) throw new NotFoundError('task not found');
  return readRows(app, task.repo_id, task.id, Math.max(0, from), limit);
}

/** The tasks a runner holds that are not done (for a runner that comes back, or is deleted). */
export const openTasksOfRunner = (app: AppContext, runnerId: number): Promise<ActionTaskRecord[]> =>
  taskStore.listTasksOfRunner(app.store, runnerId, (t) => !isDone(t.status));

