/** Actions of a host: the run triggers, the schedule clean-ups and loop, and a deleted repository's records. */
import type { AppContext } from '../context.ts';
import * as runStore from '../../store/action-runs.ts';
import * as taskStore from '../../store/action-tasks.ts';
import { subscribeActionTriggers } from './trigger.ts';
import { ActionsScheduler, subscribeScheduleCleanups } from './schedules.ts';
import { removeRepoLogs } from './logs.ts';
import { subscribeActionHookEvents } from './hook-events.ts';

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
  });
}

/** Starts the schedule loop; answers its stop. */
export function startActionsSchedule(app: AppContext): { scheduler: ActionsScheduler; stop: () => Promise<void> } {
  const scheduler = new ActionsScheduler(app);
  scheduler.start();
  return { scheduler, stop: () => scheduler.stop() };
}
