/**
 * The mirror feature's subscriber: push mirrors that sync on commit follow every ref change (pushes, API
 * writes and pull-mirror syncs alike), and a deleted repository's mirror records go with it.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as pushStore from '../../store/push-mirrors.ts';

/** Drops the mirror records of a deleted repository. */
export async function forgetRepository(app: AppContext, repoId: number): Promise<void> {
  await mirrorStore.removeByRepo(app.store, repoId);
  await pushStore.removeByRepo(app.store, repoId);
}

/**
 * Asks for a run of each sync_on_commit push mirror of `repo`, unless the repository is archived (spec rule 1).
 * Never throws: the change it follows is already done.
 */
export async function queuePushMirrorsOnCommit(app: AppContext, repo: RepoRecord): Promise<void> {
  if (repo.is_archived || !app.settings.bool('mirror.ENABLED')) return;
  try {
    for (const pm of await pushStore.listByRepo(app.store, repo.id)) {
      if (pm.sync_on_commit) await app.bus.publish('push_mirror.sync_requested', { pushMirrorId: pm.id });
    }
  } catch (err) {
    app.log.error('queueing push mirrors failed', { repo_id: repo.id, err: String(err) });
  }
}

/** Subscribes mirrors to the bus (the schedule itself subscribes to sync requests when it starts). */
export function subscribeMirrors(app: AppContext): void {
  app.bus.subscribe('ref.updated', 'mirrors', (e) => queuePushMirrorsOnCommit(app, e.repo));
  app.bus.subscribe('repo.deleted', 'mirrors', (e) => forgetRepository(app, e.repo.id));
}
