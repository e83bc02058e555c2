/** Explicit subscriptions to issues (Gitea's issue_watch table): a user watches an issue, or chose not to. */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';

export interface IssueWatchRecord {
  id: number;
  user_id: number;
  repo_id: number;
  issue_index: number;
  is_watching: boolean;
  created: string;
  updated: string;
}

const table = new LogTable<IssueWatchRecord>('issue_watches', {
  unique: [{ name: 'one', key: (w) => compositeKey(w.user_id, w.repo_id, w.issue_index) }],
  indexes: [{ name: 'issue', key: (w) => compositeKey(w.repo_id, w.issue_index) }, { name: 'repo', key: (w) => String(w.repo_id) }],
});

/** The user's choice on the issue, if any. */
export const get = (store: Store, userId: number, repoId: number, index: number) => table.getBy(store, 'one', compositeKey(userId, repoId, index));

/** One page of the issue's watching records, oldest first, with the total. */
export const watching = (store: Store, repoId: number, index: number, page: number, limit: number): Promise<Page<IssueWatchRecord>> =>
  table.query(store, { index: { name: 'issue', key: compositeKey(repoId, index) }, where: (w) => w.is_watching, page, limit });

/** Records the user's choice (Gitea's CreateOrUpdateIssueWatch). */
export async function set(store: Store, userId: number, repoId: number, index: number, isWatching: boolean): Promise<void> {
  const now = new Date().toISOString();
  const had = await get(store, userId, repoId, index);
  if (had) await table.update(store, had.id, (w) => { w.is_watching = isWatching; w.updated = now; });
  else await table.insert(store, (id) => ({ id, user_id: userId, repo_id: repoId, issue_index: index, is_watching: isWatching, created: now, updated: now }));
}

/** Removes the records of an issue. */
export const removeByIssue = (store: Store, repoId: number, index: number) => table.removeBy(store, 'issue', compositeKey(repoId, index));

/** Removes a repository's records. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
