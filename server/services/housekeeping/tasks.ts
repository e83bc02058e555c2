/**
 * The cron tasks this host has, with Gitea's names and settings (`[cron.<name>] ENABLED, RUN_AT_START, SCHEDULE,
 * TIMEOUT, ARGS`): `git_gc_repos` (maintenance with `git gc` of every repository) and `repo_health_check`
 * (`git fsck` of every repository). Their state (previous run, count, next due) is stored, so a host that
 * wakes from sleep or starts again runs an overdue task once, not once per missed firing.
 */
import type { AppContext } from '../context.ts';
import type { SettingKey } from '../../lib/settings-schema.ts';
import * as hkStore from '../../store/housekeeping.ts';
import * as repoStore from '../../store/repos.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseSchedule, type Schedule } from './schedule.ts';
import { checkRepository, maintainRepository } from './repo-upkeep.ts';

export const CRON_TASKS = ['git_gc_repos', 'repo_health_check'] as const;
export type CronTaskName = (typeof CRON_TASKS)[number];

const key = (task: CronTaskName, k: 'ENABLED' | 'RUN_AT_START' | 'SCHEDULE'): SettingKey => `cron.${task}.${k}`;

/** True when `name` is one of this host's cron tasks. */
export const isCronTask = (name: string): name is CronTaskName => (CRON_TASKS as readonly string[]).includes(name);

/** Throws Gitea's 404 unless `name` is a task of this host. */
export function cronTaskOrThrow(name: string): CronTaskName {
  if (!isCronTask(name)) throw new NotFoundError('task not found');
  return name;
}

export const taskEnabled = (app: AppContext, task: CronTaskName): boolean => app.settings.bool(key(task, 'ENABLED'));
export const runAtStart = (app: AppContext, task: CronTaskName): boolean => app.settings.bool(key(task, 'RUN_AT_START'));

/** The task's schedule; an invalid one is logged and the task treated as unscheduled (null). */
export function scheduleOf(app: AppContext, task: CronTaskName): Schedule | null {
  try {
    return parseSchedule(app.settings.string(key(task, 'SCHEDULE')));
  } catch (err) {
    app.log.error('cron task has an invalid schedule and will not run on its own', { task, err: String(err) });
    return null;
  }
}

/** One task as Gitea's admin cron list shows it. */
export interface CronView {
  name: string;
  schedule: string;
  next: Date | null;
  prev: Date | null;
  exec_times: number;
}

/** Every task of the host with its schedule, next and previous run and run count (GET /admin/cron). */
export async function listCronTasks(app: AppContext): Promise<CronView[]> {
  const out: CronView[] = [];
  for (const name of CRON_TASKS) {
    const rec = await hkStore.getCron(app.store, name);
    const enabled = taskEnabled(app, name);
    out.push({
      name,
      schedule: app.settings.string(key(name, 'SCHEDULE')),
      next: enabled && rec?.next_due ? new Date(rec.next_due) : null,
      prev: rec?.prev ? new Date(rec.prev) : null,
      exec_times: rec?.exec_times ?? 0,
    });
  }
  return out;
}

/**
 * Runs one task over every repository, each repository in one of the runtime's upkeep slots (`slot`), so the
 * task and the after-push upkeep share the concurrency bound.
 */
export async function runTaskBody(
  app: AppContext, task: CronTaskName, signal: AbortSignal, slot: (fn: () => Promise<unknown>) => Promise<unknown>,
): Promise<void> {
  const repos = await repoStore.list(app.store, (r) => !r.is_empty);
  for (const { id } of repos) {
    if (signal.aborted) return;
    await slot(async () => {
      const repo = await repoStore.getById(app.store, id);
      if (!repo) return;
      if (task === 'git_gc_repos') await maintainRepository(app, repo, 'gc', signal);
      else await checkRepository(app, repo, signal);
    });
  }
}
