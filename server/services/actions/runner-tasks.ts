/** The task service behind the runner protocol: the run's tasks (tasks.ts) with the secrets and variables a run sees. */
import type { AppContext } from '../context.ts';
import type { RunnerRecord } from '../../store/runners.ts';
import * as taskStore from '../../store/action-tasks.ts';
import type { ActionStatus } from '../../store/action-runs.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { appendTaskLog, pickTask, updateTask } from './tasks.ts';
import { isDone } from './status.ts';
import { secretsForRun, variablesForRun } from './secrets-for-run.ts';
import type { RunnerTaskSource, TaskResult } from './runner-task-source.ts';

const RESULT_NUMBER: Partial<Record<ActionStatus, TaskResult>> = { success: 1, failure: 2, cancelled: 3, skipped: 4 };
const resultOf = (s: ActionStatus): TaskResult => RESULT_NUMBER[s] ?? 0;

/** The runner's own task; another runner's task is one it cannot see. */
async function taskOf(app: AppContext, runner: RunnerRecord, id: number) {
  const t = await taskStore.getTask(app.store, id);
  if (!t || t.runner_id !== runner.id) throw new NotFoundError('task not found');
  return t;
}

export const runnerTaskSource: RunnerTaskSource = {
  async pickTask(app, runner) {
    const p = await pickTask(app, { id: runner.id, labels: runner.labels, ownerId: runner.owner_id, repoId: runner.repo_id });
    if (!p) return null;
    const secrets = await secretsForRun(app, p.repo.id, { token: p.token, forkPullRequest: p.job.is_fork_pull_request, event: p.run.event });
    const needs = Object.fromEntries(Object.entries(p.needs).map(([k, n]) => [k, { outputs: n.outputs, result: resultOf(n.result) }]));
    return { id: p.task.id, workflowPayload: p.workflowPayload, context: p.context, secrets, vars: await variablesForRun(app, p.repo.id), needs };
  },
  async updateTask(app, runner, report, outputs) {
    await taskOf(app, runner, report.id);
    const t = await updateTask(app, report.id, {
      result: report.result, startedAt: report.startedAt, stoppedAt: report.stoppedAt, outputs,
      steps: report.steps.map((s) => ({ id: s.id, result: s.result, startedAt: s.startedAt, stoppedAt: s.stoppedAt, logIndex: s.logIndex, logLength: s.logLength })),
    });
    return { id: t.id, result: isDone(t.status) ? resultOf(t.status) : 0, sentOutputs: Object.keys(t.outputs) };
  },
  async updateLog(app, runner, log) {
    await taskOf(app, runner, log.taskId);
    return appendTaskLog(app, log.taskId, log.index, log.rows, log.noMore);
  },
};
