/** Runners hear of new work (a job became waiting: its scopes' task versions change) and lose a deleted repository's tokens. */
import type { AppContext } from '../context.ts';
import * as tokenStore from '../../store/runner-tokens.ts';
import * as runnerStore from '../../store/runners.ts';
import { bumpTasksVersion } from './tasks-version.ts';

/** Subscribes the runner features to the bus. */
export function subscribeRunners(app: AppContext): void {
  app.bus.subscribe('action_job.changed', 'runners', (e) => {
    if (e.job.status === 'waiting') bumpTasksVersion(app, e.owner.id, e.repo.id);
    return Promise.resolve();
  });
  app.bus.subscribe('repo.deleted', 'runners', async (e) => {
    await tokenStore.removeByScope(app.store, 0, e.repo.id);
    for (const r of await runnerStore.list(app.store, (x) => x.repo_id === e.repo.id)) await runnerStore.remove(app.store, r.id);
  });
}
