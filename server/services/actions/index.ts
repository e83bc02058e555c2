/** Actions of a host: the run triggers, the schedule clean-ups and loop, and a deleted repository's records. */
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import * as taskStore from '../../store/action-tasks.ts';
import { subscribeActionTriggers } from './trigger.ts';
import { ActionsScheduler, subscribeScheduleCleanups } from './schedules.ts';
import { removeRepoLogs } from './logs.ts';
import { subscribeActionHookEvents } from './hook-events.ts';
import { removeRepoArtifacts } from './artifact-queries.ts';
import { expireArtifacts } from './artifacts.ts';

/** Subscribes actions to the bus (runs on pushes and pull requests; schedule clean-ups; deleted repositories). */
export function subscribeActions(app: AppContext): void {
  subscribeActionTriggers(app);
  subscribeScheduleCleanups(app);
  subscribeActionHookEvents(app);
  app.bus.subscribe('repo.deleted', 'actions', async ({ repo }) => {
    await taskStore.removeTasksOfRepo(app.store, repo.id);
    await runStore.removeJobsOfRepo(app.store, repo.id);
    await runStore.removeRunsOfRepo(app.store, repo.id);
    await removeRepoLogs(app, repo.id);
    await removeRepoArtifacts(app, repo.id);
  });
}

/** Starts the schedule loop; answers its stop. */
export function startActionsSchedule(app: AppContext): { scheduler: ActionsScheduler; stop: () => Promise<void> } {
  const scheduler = new ActionsScheduler(app);
  scheduler.start();
  const expiry = startArtifactExpiry(app);
  return { scheduler, stop: () => { clearInterval(expiry); return scheduler.stop(); } };
}

/** Removes expired artifacts every hour (Gitea's cleanup_actions cron), the first pass a minute after start. */
function startArtifactExpiry(app: AppContext): NodeJS.Timeout {
  const pass = () => void expireArtifacts(app).catch((err: unknown) => app.log.error('artifact expiry failed', { err: String(err) }));
  const first = setTimeout(pass, 60_000);
  first.unref();
  const timer = setInterval(pass, 3_600_000);
  timer.unref();
  return timer;
}
