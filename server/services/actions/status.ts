/** Gitea's status rules (models/actions/status.go, run_job.go): a run's status from its jobs, the hook names. */
import type { ActionStatus } from '../../store/action-runs.ts';

export { isDone } from '../../store/action-runs.ts';

/** Gitea's AggregateJobStatus: the status of a run (or an attempt) from its jobs' statuses. */
export function aggregateStatus(statuses: readonly ActionStatus[]): ActionStatus {
  if (statuses.length === 0) return 'unknown';
  const all = (f: (s: ActionStatus) => boolean) => statuses.every(f);
  const some = (s: ActionStatus) => statuses.includes(s);
  if (all((s) => s === 'skipped')) return 'skipped';
  if (all((s) => s === 'success' || s === 'skipped')) return 'success';
  if (some('cancelled')) return 'cancelled';
  if (some('running')) return 'running';
  if (some('waiting')) return 'waiting';
  if (some('failure')) return 'failure';
  if (some('blocked')) return 'blocked';
  return 'unknown';
}

/**
 * Gitea's ToActionsStatus for workflow_job/workflow_run (services/convert/convert.go): internal waiting is reported
 * as `queued`, internal blocked as `waiting`, running as `in_progress`, a final status as `completed` with the
 * status as conclusion.
 */
export function hookStatus(s: ActionStatus): { status: string; conclusion: string | null } {
  switch (s) {
    case 'waiting': return { status: 'queued', conclusion: null };
    case 'blocked': return { status: 'waiting', conclusion: null };
    case 'running': return { status: 'in_progress', conclusion: null };
    case 'success': case 'failure': case 'cancelled': case 'skipped': return { status: 'completed', conclusion: s };
    default: return { status: 'unknown', conclusion: null };
  }
}

/** The workflow_run action for a run's status (convert.go): requested, in_progress or completed. */
export function runHookAction(s: ActionStatus): string {
  if (s === 'running') return 'in_progress';
  if (s === 'success' || s === 'failure' || s === 'cancelled' || s === 'skipped') return 'completed';
  return 'requested';
}

/** The runner protocol's result numbers (runnerv1.Result, equal to Gitea's first five statuses). */
export const RESULT_BY_NUMBER: Record<number, ActionStatus> = { 0: 'unknown', 1: 'success', 2: 'failure', 3: 'cancelled', 4: 'skipped' };
