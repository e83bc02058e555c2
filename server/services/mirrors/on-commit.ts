/** Push mirrors that follow each push: called after processRefUpdates, so pushes and pull-mirror syncs both trigger them. */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as pushStore from '../../store/push-mirrors.ts';
import { runningOf } from './registry.ts';

/**
 * Queues the sync_on_commit push mirrors of `repo`, unless the repository is archived (spec rule 1).
 * Never throws: the push it follows is already done.
 */
export async function queuePushMirrorsOnCommit(app: AppContext, repo: RepoRecord): Promise<void> {
  const r = runningOf(app);
  if (!r || repo.is_archived || !app.settings.bool('mirror.ENABLED')) return;
  try {
    for (const pm of await pushStore.listByRepo(app.store, repo.id)) if (pm.sync_on_commit) r.requestPush(pm.id);
  } catch (err) {
    app.log.error('queueing push mirrors failed', { repo_id: repo.id, err: String(err) });
  }
}
