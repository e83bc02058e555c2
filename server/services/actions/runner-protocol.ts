/** The runner protocol's task calls (Gitea's routers/api/actions/runner/runner.go) over the task service's seam. */
import type { AppContext } from '../context.ts';
import type { RunnerRecord } from '../../store/runners.ts';
import { reloadRunner, touchRunner } from './runners.ts';
import { tasksVersion, waitForTasks } from './tasks-version.ts';
import { runnerTaskSource } from './runner-tasks.ts';
import type { LogReport, PickedTask, TaskAnswer, TaskReport } from './runner-task-source.ts';
import { BadRequestError, ServiceError } from '../../lib/errors.ts';
import * as runnerStore from '../../store/runners.ts';
import * as taskStore from '../../store/action-tasks.ts';
import { isDone } from './status.ts';

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
  if (!current.ephemeral) return { task: await runnerTaskSource.pickTask(app, current), version: latest };
  // One fetch at a time for an ephemeral runner, so two polls cannot both take a task.
  const task = await app.locks.run(`actions:runner:${current.id}`, async () => ((await ephemeralMayTake(app, current)) ? runnerTaskSource.pickTask(app, current) : null));
  return { task, version: latest };
}

/**
 * Gitea's ephemeral runner: one task, then it is removed. While its task runs it gets no other; once the task is
 * done (and it was not removed at the final report) it is removed here and refused.
 */
async function ephemeralMayTake(app: AppContext, runner: RunnerRecord): Promise<boolean> {
  const tasks = await taskStore.listTasksOfRunner(app.store, runner.id);
  if (!tasks.length) return true;
  if (tasks.some((t) => !isDone(t.status))) return false;
  await runnerStore.remove(app.store, runner.id);
  throw new ServiceError(401, 'unregistered runner');
}

/** Stores a runner's report on one of its tasks; an ephemeral runner is removed once its task is done. */
export async function updateTask(app: AppContext, runner: RunnerRecord, report: TaskReport, outputs: Record<string, string>): Promise<TaskAnswer> {
  if (!report.id) throw new BadRequestError('task id is required');
  await touchRunner(app, runner, true);
  const answer = await runnerTaskSource.updateTask(app, runner, report, outputs);
  // act_runner sends the last log rows before the final state, so nothing follows this report.
  if (runner.ephemeral && answer.result !== 0) await runnerStore.remove(app.store, runner.id);
  return answer;
}

/** Appends log rows of one of the runner's tasks; answers the ack index. */
export async function updateLog(app: AppContext, runner: RunnerRecord, log: LogReport): Promise<number> {
  if (!log.taskId) throw new BadRequestError('task id is required');
  await touchRunner(app, runner, true);
  return runnerTaskSource.updateLog(app, runner, log);
}
