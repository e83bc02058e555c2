/**
 * Repository housekeeping: the runtime (after-push upkeep, cron tasks, damage checks) and the entry points the
 * API calls. Requests reach the runtime as bus events, like mirror sync requests.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as hkStore from '../../store/housekeeping.ts';
import { looksCorrupt } from '../../git/maintenance.ts';
import { Housekeeper } from './runtime.ts';
import { cronTaskOrThrow, isCronTask } from './tasks.ts';
import { checkRepository, maintainRepository } from './repo-upkeep.ts';

export interface HousekeepingHandle {
  housekeeper: Housekeeper;
  stop(): Promise<void>;
}

/** Starts housekeeping for a host: subscribes to ref changes and requests, then starts the schedule. */
export async function startHousekeeping(app: AppContext): Promise<HousekeepingHandle> {
  const housekeeper = new Housekeeper(app);
  const offs = [
    app.bus.subscribe('ref.updated', 'housekeeping', (e) => housekeeper.afterPush(e.repo.id)),
    app.bus.subscribe('cron.run_requested', 'housekeeping', (e) => { if (isCronTask(e.task)) housekeeper.runTask(e.task); }),
    app.bus.subscribe('repo.damage_suspected', 'housekeeping', (e) => housekeeper.suspectDamage(e.repoId)),
  ];
  await housekeeper.start();
  return {
    housekeeper,
    stop: async () => {
      for (const off of offs) off();
      await housekeeper.stop();
    },
  };
}

/** Drops a deleted repository's upkeep record (subscribed for every context). */
export function subscribeHousekeeping(app: AppContext): void {
  app.bus.subscribe('repo.deleted', 'housekeeping', async (e) => { await hkStore.removeHealth(app.store, e.repo.id); });
}

/** POST /admin/cron/{task}: starts the task in the background (404 for a task the host does not have). */
export async function requestCronRun(app: AppContext, name: string): Promise<void> {
  await app.bus.publish('cron.run_requested', { task: cronTaskOrThrow(name) });
}

/** A git transport run failed: when git's words say the files are damaged, a health check follows. */
export async function noteGitFailure(app: AppContext, repoId: number, stderr: string): Promise<void> {
  if (looksCorrupt(stderr)) await app.bus.publish('repo.damage_suspected', { repoId });
}

/** The upkeep record of a repository (a blank "unchecked" one before any upkeep). */
export async function repoHealth(app: AppContext, repo: RepoRecord): Promise<hkStore.RepoHealthRecord> {
  return (await hkStore.getHealth(app.store, repo.id)) ?? hkStore.blank(0, repo.id);
}

/** Checks a repository now, then maintains it when it is healthy; answers the record afterwards. */
export async function upkeepNow(app: AppContext, repo: RepoRecord): Promise<hkStore.RepoHealthRecord> {
  const checked = await checkRepository(app, repo);
  if (checked.health !== 'ok' || repo.is_empty) return checked;
  return maintainRepository(app, repo, 'light');
}

export { listCronTasks, CRON_TASKS, type CronView } from './tasks.ts';
export { holdUpkeep } from './repo-upkeep.ts';
