/** Who watches which repository. Small on a desktop: one document. */
import type { Store } from './index.ts';
import type { WatchRecord } from './records.ts';
import { Table } from './table.ts';

const table = new Table<WatchRecord>('watches');

/** The watch of `userId` on `repoId`, if any. */
export const get = (store: Store, userId: number, repoId: number) => table.find(store, (w) => w.user_id === userId && w.repo_id === repoId);

/** Watches of a repository, oldest first. */
export const listByRepo = (store: Store, repoId: number) => table.list(store, (w) => w.repo_id === repoId);

/** Watches of a user, oldest first. */
export const listByUser = (store: Store, userId: number) => table.list(store, (w) => w.user_id === userId);

/** How many users watch a repository. */
export const countByRepo = (store: Store, repoId: number) => table.count(store, (w) => w.repo_id === repoId);

/** Records a watch (the caller checks it does not exist yet). */
export const insert = (store: Store, userId: number, repoId: number) =>
  table.insert(store, (id) => ({ id, user_id: userId, repo_id: repoId, created: new Date().toISOString() }));

/** Removes the watch of `userId` on `repoId`. */
export const remove = (store: Store, userId: number, repoId: number) => table.removeWhere(store, (w) => w.user_id === userId && w.repo_id === repoId);

/** Removes every watch of a repository (when it is deleted) or of a user. */
export const removeByRepo = (store: Store, repoId: number) => table.removeWhere(store, (w) => w.repo_id === repoId);
export const removeByUser = (store: Store, userId: number) => table.removeWhere(store, (w) => w.user_id === userId);
