/** The runner protocol's task calls (Gitea's routers/api/actions/runner/runner.go) over the task service's seam. */
import type { AppContext } from '../context.ts';
import type { RunnerRecord } from '../../store/runners.ts';
import { reloadRunner, touchRunner } from './runners.ts';
import { tasksVersion, waitForTasks } from './tasks-version.ts';
import { runnerTaskSource } from './runner-tasks.ts';
import type { LogReport, PickedTask, TaskAnswer, TaskReport } from './runner-task-source.ts';
import { BadRequestError } from '../../lib/errors.ts';

/** How long FetchTask holds a runner whose version is current before answering "nothing new" (act_runner waits 5 s). */
export const FETCH_WAIT_MS = 3_000;

/**
 * Answers a task when the runner's version differs from its scope's (there may be jobs it has not seen), else waits
 * up to FETCH_WAIT_MS for the scope to change. Always answers the scope's latest version, as Gitea does.
 */
export async function fetchTask(app: AppContext, runner: RunnerRecord, clientVersion: number, signal?: AbortSignal): Promise<{ task: PickedTask | null; version: number }> {
  const scope = { ownerId: runner.owner_id, repoId: runner.repo_id };
  let latest = tasksVersion(app, scope);
  if (clientVersion === latest) {
    await waitForTasks(app, scope, FETCH_WAIT_MS, signal);
    latest = tasksVersion(app, scope);
  }
  if (clientVersion === latest || signal?.aborted) return { task: null, version: latest };
  const current = await reloadRunner(app, runner.id);
  if (current.disabled) return { task: null, version: latest };
  const task = await runnerTaskSource.pickTask(app, current);
  return { task, version: latest };
}

/** Stores a runner's report on one of its tasks. */
export async function updateTask(app: AppContext, runner: RunnerRecord, report: TaskReport, outputs: Record<string, string>): Promise<TaskAnswer> {
  if (!report.id) throw new BadRequestError('task id is required');
  await touchRunner(app, runner, true);
  return runnerTaskSource.updateTask(app, runner, report, outputs);
}

/** Appends log rows of one of the runner's tasks; answers the ack index. */
export async function updateLog(app: AppContext, runner: RunnerRecord, log: LogReport): Promise<number> {
  if (!log.taskId) throw new BadRequestError('task id is required');
  await touchRunner(app, runner, true);
  return runnerTaskSource.updateLog(app, runner, log);
}
