/**
 * Activity feed entries (Gitea's action table): one row per feed that shows an action (the actor's, the owning
 * organization's, each watcher's), as Gitea's NotifyWatchers writes them. Kept in append-only log partitions
 * (LogTable), so recording an action appends a line whatever the number of stored rows (ARCHITECTURE decision 4).
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import type { Page } from './engine/query.ts';

/** Gitea's ActionType names that Homeforge records. */
export type FeedOpType =
  | 'create_repo' | 'rename_repo' | 'commit_repo' | 'create_issue' | 'create_pull_request' | 'transfer_repo' | 'push_tag'
  | 'comment_issue' | 'merge_pull_request' | 'close_issue' | 'reopen_issue' | 'close_pull_request' | 'reopen_pull_request'
  | 'delete_tag' | 'delete_branch' | 'mirror_sync_push' | 'mirror_sync_create' | 'mirror_sync_delete'
  | 'approve_pull_request' | 'reject_pull_request' | 'comment_pull' | 'publish_release';

export interface FeedActionRecord {
  id: number;
  /** The user or organization whose feed shows the row. */
  user_id: number;
  op_type: FeedOpType;
  act_user_id: number;
  repo_id: number;
  /** The comment the action made (0: none). */
  comment_id: number;
  ref_name: string;
  content: string;
  created: string;
}

const table = new LogTable<FeedActionRecord>('feed_actions', {
  indexes: [
    { name: 'user', key: (a) => String(a.user_id) },
    { name: 'repo', key: (a) => String(a.repo_id) },
    { name: 'actor', key: (a) => String(a.act_user_id) },
  ],
}, 2_000);

/** Which rows a feed reads: one feed owner's rows, or a repository's own rows (those in their actor's feed). */
export type FeedSource = { userId: number } | { repoId: number };

const sourceIndex = (s: FeedSource) => ('userId' in s ? { name: 'user', key: String(s.userId) } : { name: 'repo', key: String(s.repoId) });
const ownRow = (s: FeedSource) => (a: Readonly<FeedActionRecord>): boolean => 'userId' in s || a.user_id === a.act_user_id;

/** The distinct repositories and actors of a feed's rows, read without copying them. */
export async function partiesOf(store: Store, s: FeedSource): Promise<{ repoIds: Set<number>; actorIds: Set<number> }> {
  const repoIds = new Set<number>();
  const actorIds = new Set<number>();
  const own = ownRow(s);
  const { name, key } = sourceIndex(s);
  await table.countBy(store, name, key, (a) => {
    if (own(a)) {
      repoIds.add(a.repo_id);
      actorIds.add(a.act_user_id);
    }
    return false;
  });
  return { repoIds, actorIds };
}

/** One page of a feed's rows matching `where`, newest first, with the total. */
export function page(store: Store, s: FeedSource, where: (a: FeedActionRecord) => boolean, paging: { page: number; limit: number }): Promise<Page<FeedActionRecord>> {
  const own = ownRow(s);
  return table.query(store, {
    index: sourceIndex(s), where: (a) => own(a) && where(a), page: paging.page, limit: paging.limit, sort: (a, b) => b.id - a.id,
  });
}

/** Stores the rows of one action, one per feed owner in `userIds`. */
export async function insertMany(store: Store, userIds: readonly number[], row: Omit<FeedActionRecord, 'id' | 'user_id'>): Promise<void> {
  await Promise.all(userIds.map((uid) => table.insert(store, (id) => ({ id, user_id: uid, ...row }))));
}

/** Removes a repository's rows (when it is deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Removes the rows of a user's feed and the rows of the user's actions (when the user is deleted). */
export async function removeByUser(store: Store, userId: number): Promise<void> {
  await table.removeBy(store, 'user', String(userId));
  await table.removeBy(store, 'actor', String(userId));
}
