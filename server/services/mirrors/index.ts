/**
 * Mirrors of a host: the runtime (jobs to the worker), the schedule, and the entry points other services
 * and the API call: sync requests, sync-on-commit after a push, and clean-up when a repository goes.
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
import { register, runningOf } from './registry.ts';
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
  register(app, { host, requestPull: (id) => scheduler.requestPull(id), requestPush: (id) => scheduler.requestPush(id) });
  app.events.listen(async (event) => {
    if (event.name === 'repository' && event.payload.action === 'deleted' && event.repoId !== null) await forgetRepository(app, event.repoId);
  });
  scheduler.start();
  return {
    scheduler,
    stop: async () => {
      register(app, null);
      runtime.stop();
      await scheduler.stop();
    },
  };
}

/** Drops the mirror records of a deleted repository. */
export async function forgetRepository(app: AppContext, repoId: number): Promise<void> {
  await mirrorStore.removeByRepo(app.store, repoId);
  await pushStore.removeByRepo(app.store, repoId);
}

/** POST mirror-sync: queues a sync of the pull mirror `repo` (Gitea's 400s when it cannot). */
export async function requestMirrorSync(app: AppContext, repo: RepoRecord): Promise<void> {
  assertMirrorsEnabled(app);
  const m = repo.is_mirror ? await mirrorStore.getByRepo(app.store, repo.id) : undefined;
  if (!m) throw new BadRequestError('Repository is not a mirror');
  runningOf(app)?.requestPull(m.id);
}

/** POST push_mirrors-sync: queues a push to every push mirror of `repo`; refused for an archived repository. */
export async function requestPushMirrorsSync(app: AppContext, repo: RepoRecord): Promise<void> {
  assertMirrorsEnabled(app);
  assertNotArchived(repo);
  const r = runningOf(app);
  for (const pm of await pushStore.listByRepo(app.store, repo.id)) r?.requestPush(pm.id);
}

export { checkMirrorEdit, applyMirrorEdit, type MirrorEditPlan } from './edit.ts';
export { migrateRepository, type MigrateOptions } from './migrate.ts';
export { mirrorStatus } from './status.ts';
export { queuePushMirrorsOnCommit } from './on-commit.ts';
export { mirrorHostOf } from './registry.ts';
export { createPushMirror, listPushMirrors, getPushMirror, deletePushMirror } from './push-mirrors.ts';
