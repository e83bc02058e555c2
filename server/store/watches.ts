/** Who watches which repository. Small on a desktop: one document. */
import type { Store } from './index.ts';
import type { WatchRecord } from './records.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

const table = new Table<WatchRecord>('watches', {
  unique: [{ name: 'user_repo', key: (w) => compositeKey(w.user_id, w.repo_id) }],
  indexes: [{ name: 'repo', key: (w) => String(w.repo_id) }, { name: 'user', key: (w) => String(w.user_id) }],
});

/** The watch of `userId` on `repoId`, if any. */
export const get = (store: Store, userId: number, repoId: number) => table.getBy(store, 'user_repo', compositeKey(userId, repoId));

/** Watches of a repository, oldest first. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** Watches of a user, oldest first. */
export const listByUser = (store: Store, userId: number) => table.listBy(store, 'user', String(userId));

/** How many users watch a repository. */
export const countByRepo = (store: Store, repoId: number) => table.countBy(store, 'repo', String(repoId));

/** countByRepo of each repository, in the order given. */
export const countByRepoEach = (store: Store, repoIds: readonly number[]) => table.countByEach(store, 'repo', repoIds.map(String));

/** Records a watch; a watch that exists already is a UniqueViolation. */
export const insert = (store: Store, userId: number, repoId: number) =>
  table.insert(store, (id) => ({ id, user_id: userId, repo_id: repoId, created: new Date().toISOString() }));

/** Removes the watch of `userId` on `repoId`. */
export const remove = (store: Store, userId: number, repoId: number) => table.removeBy(store, 'user_repo', compositeKey(userId, repoId));

/** Removes every watch of a repository (when it is deleted) or of a user. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
export const removeByUser = (store: Store, userId: number) => table.removeBy(store, 'user', String(userId));
