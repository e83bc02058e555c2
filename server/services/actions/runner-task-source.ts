/**
 * What the runner protocol asks of the task service: pick a waiting job for a runner, take the runner's reports on
 * a task and its log. Plain shapes, so the protocol layer converts to and from protobuf and the task service knows
 * nothing of the wire.
 */
import type { AppContext } from '../context.ts';
import type { RunnerRecord } from '../../store/runners.ts';

/** runner.v1.Result: 0 unspecified, 1 success, 2 failure, 3 cancelled, 4 skipped (Gitea's status ints 0-4). */
export type TaskResult = 0 | 1 | 2 | 3 | 4;

export interface PickedTask {
  id: number;
  /** The single-job workflow yaml the runner runs. */
  workflowPayload: string;
  /** The `github` context. */
  context: Record<string, unknown>;
  secrets: Record<string, string>;
  vars: Record<string, string>;
  needs: Record<string, { outputs: Record<string, string>; result: TaskResult }>;
}

export interface StepReport { id: number; result: TaskResult; startedAt?: Date | undefined; stoppedAt?: Date | undefined; logIndex: number; logLength: number }
export interface TaskReport { id: number; result: TaskResult; startedAt?: Date | undefined; stoppedAt?: Date | undefined; steps: StepReport[] }
export interface TaskAnswer { id: number; result: TaskResult; sentOutputs: string[] }
export interface LogReport { taskId: number; index: number; rows: { time: Date; content: string }[]; noMore: boolean }

export interface RunnerTaskSource {
  /** A waiting job the runner can run, now its task (assigned to the runner), or null. */
  pickTask(app: AppContext, runner: RunnerRecord): Promise<PickedTask | null>;
  /** Stores the runner's report on its task; answers the task's state as the host sees it (cancelled when cancelled). */
  updateTask(app: AppContext, runner: RunnerRecord, report: TaskReport, outputs: Record<string, string>): Promise<TaskAnswer>;
  /** Appends log rows from `index`; answers how many rows the host holds (the ack index). */
  updateLog(app: AppContext, runner: RunnerRecord, log: LogReport): Promise<number>;
}
