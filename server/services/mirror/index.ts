/**
 * Mirrors of a host: the runtime (jobs to the worker), the schedule, and the entry points the API calls. Sync
 * requests reach the schedule as bus events; sync-on-commit and the clean-up of a deleted repository's records
 * are the mirror subscriber's (subscriber.ts).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as pushStore from '../../store/push-mirrors.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { MirrorRuntime } from './runtime.ts';
import { MirrorScheduler } from './scheduler.ts';
import type { MirrorHost } from './pull-sync.ts';
import { assertMirrorsEnabled, assertNotArchived } from './push-mirrors.ts';

export interface MirrorsHandle {
  scheduler: MirrorScheduler;
  stop(): Promise<void>;
}

/** Starts mirror handling for a host (after the worker); `baseUrl` gives the host's address for event payloads. */
export function startMirrors(app: AppContext, worker: WorkerHandle, baseUrl: () => string): MirrorsHandle {
  const runtime = new MirrorRuntime(worker, () => app.settings.int('mirror.MAX_CONCURRENT'));
  const host: MirrorHost = { app, runtime, baseUrl };
  const scheduler = new MirrorScheduler(host);
  const offs = [
    app.bus.subscribe('mirror.sync_requested', 'mirror schedule', (e) => scheduler.requestPull(e.mirrorId)),
    app.bus.subscribe('push_mirror.sync_requested', 'mirror schedule', (e) => scheduler.requestPush(e.pushMirrorId)),
  ];
  scheduler.start();
  return {
    scheduler,
    stop: async () => {
      for (const off of offs) off();
      runtime.stop();
      await scheduler.stop();
    },
  };
}

/** POST mirror-sync: queues a sync of the pull mirror `repo` (Gitea's 400s when it cannot). */
export async function requestMirrorSync(app: AppContext, repo: RepoRecord): Promise<void> {
  assertMirrorsEnabled(app);
  const m = repo.is_mirror ? await mirrorStore.getByRepo(app.store, repo.id) : undefined;
  if (!m) throw new BadRequestError('Repository is not a mirror');
  await app.bus.publish('mirror.sync_requested', { mirrorId: m.id });
}

/** POST push_mirrors-sync: queues a push to every push mirror of `repo`; refused for an archived repository. */
export async function requestPushMirrorsSync(app: AppContext, repo: RepoRecord): Promise<void> {
  assertMirrorsEnabled(app);
  assertNotArchived(repo);
  for (const pm of await pushStore.listByRepo(app.store, repo.id)) await app.bus.publish('push_mirror.sync_requested', { pushMirrorId: pm.id });
}

export { checkMirrorEdit, applyMirrorEdit, type MirrorEditPlan } from './edit.ts';
export { migrateRepository, type MigrateOptions } from './migrate.ts';
export { mirrorStatus } from './status.ts';
export { queuePushMirrorsOnCommit, forgetRepository } from './subscriber.ts';
export { createPushMirror, listPushMirrors, getPushMirror, deletePushMirror } from './push-mirrors.ts';
