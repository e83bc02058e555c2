/**
 * At start, before any request: the multi-document changes a killed host left in the store's journal are
 * finished or rolled back by the service that owns each kind (repository creation rolls back, user deletion
 * rolls forward), then forgotten. A notification job is queued again and forgets its intent once it has run.
 */
import type { AppContext } from './context.ts';
import type { Intent } from '../store/engine/journal.ts';
import { CREATE_INTENT, rollBackCreate } from './repository/create.ts';
import { DELETE_INTENT, finishDelete } from './user/delete.ts';
import { RECORDS_INTENT, resyncRecords } from './repository/deferred-records.ts';
import { syncTagOnlyReleases } from './release/tag-sync.ts';
import { NOTIFY_INTENT, recoverJob } from './notification/jobs.ts';

/** A handler finishes or undoes the change; `queued`: it handed the intent to work that ends it when done. */
type Handler = (app: AppContext, intent: Intent) => Promise<void> | 'queued' | undefined;

const HANDLERS: Record<string, Handler> = {
  [CREATE_INTENT]: rollBackCreate,
  [DELETE_INTENT]: finishDelete,
  [RECORDS_INTENT]: async (app, intent) => {
    await resyncRecords(app, intent);
    await syncTagOnlyReleases(app, Number(intent.data.repo_id));
  },
  [NOTIFY_INTENT]: recoverJob,
};

/** Replays or rolls back every journalled intent, oldest first. */
export async function recoverIntents(app: AppContext): Promise<void> {
  for (const intent of await app.store.journal.pending()) {
    const handle = HANDLERS[intent.kind];
    if (!handle) app.log.warn('dropping a journal intent of an unknown kind', { kind: intent.kind });
    else if ((await handle(app, intent)) === 'queued') continue;
    await app.store.journal.end(intent);
  }
}
