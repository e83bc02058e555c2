/** Who starred which repository. Small on a desktop: one document. */
import type { Store } from './index.ts';
import type { StarRecord } from './records.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

const table = new Table<StarRecord>('stars', {
  unique: [{ name: 'user_repo', key: (s) => compositeKey(s.user_id, s.repo_id) }],
  indexes: [{ name: 'repo', key: (s) => String(s.repo_id) }, { name: 'user', key: (s) => String(s.user_id) }],
});

/** The star of `userId` on `repoId`, if any. */
export const get = (store: Store, userId: number, repoId: number) => table.getBy(store, 'user_repo', compositeKey(userId, repoId));

/** One page of a repository's stars, oldest first, and how many it has. */
export const pageByRepo = (store: Store, repoId: number, paging: { page: number; limit: number }) =>
  table.query(store, { index: { name: 'repo', key: String(repoId) }, page: paging.page, limit: paging.limit });

/** Stars of a user, oldest first. */
export const listByUser = (store: Store, userId: number) => table.listBy(store, 'user', String(userId));

/** How many repositories a user starred. */
export const countByUser = (store: Store, userId: number) => table.countBy(store, 'user', String(userId));

/** How many users starred each repository, in the order given. */
export const countByRepoEach = (store: Store, repoIds: readonly number[]) => table.countByEach(store, 'repo', repoIds.map(String));

/** Records a star; a star that exists already is a UniqueViolation. */
export const insert = (store: Store, userId: number, repoId: number) =>
  table.insert(store, (id) => ({ id, user_id: userId, repo_id: repoId, created: new Date().toISOString() }));

/** Removes the star of `userId` on `repoId`. */
export const remove = (store: Store, userId: number, repoId: number) => table.removeBy(store, 'user_repo', compositeKey(userId, repoId));

/** Removes every star of a repository (when it is deleted) or of a user. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
export const removeByUser = (store: Store, userId: number) => table.removeBy(store, 'user', String(userId));
