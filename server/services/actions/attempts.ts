/**
 * A run as it stood in one of its attempts (Gitea's ActionRunAttempt): the current attempt is the run itself; an
 * earlier one is the run and its jobs with the status, times and task they had when the rerun replaced them.
 */
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import type { ActionJobRecord, ActionRunRecord } from '../../store/action-runs.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { statusesNamed } from './queries.ts';

/** The run at attempt `n`; 404 when the run has no such attempt recorded. */
export function runAtAttempt(run: ActionRunRecord, n: number): ActionRunRecord {
  if (n === run.attempt) return run;
  const s = run.previous_attempts?.find((a) => a.attempt === n);
  if (!s) throw new NotFoundError('run attempt not found');
  const earlier = (run.previous_attempts ?? []).filter((a) => a.attempt < n);
  return { ...run, previous_attempts: earlier, attempt: n, status: s.status, started: s.started, stopped: s.stopped, updated: s.updated };
}

/** The run's jobs as they were at attempt `n` (filtered by a status name), one page. */
export async function jobsAtAttempt(app: AppContext, run: ActionRunRecord, n: number, status: string | undefined, paging: { page: number; limit: number }): Promise<{ rows: ActionJobRecord[]; total: number }> {
  runAtAttempt(run, n);
  const statuses = status ? new Set(statusesNamed(status)) : null;
  const all = (await runStore.listJobsOfRun(app.store, run.id)).flatMap((j) => {
    if (n === run.attempt) return [j];
    const s = j.previous_attempts?.find((a) => a.run_attempt === n);
    return s ? [{ ...j, attempt: s.attempt, status: s.status, task_id: s.task_id, started: s.started, stopped: s.stopped, updated: s.updated }] : [];
  }).filter((j) => !statuses || statuses.has(j.status));
  const from = (paging.page - 1) * paging.limit;
  return { rows: all.slice(from, from + paging.limit), total: all.length };
}
