/**
 * A table of links between a user and a repository (Gitea's watch and star tables): one per pair, found by the pair,
 * by repository and by user. Small on a desktop: one document each.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface UserRepoLink {
  id: number;
  user_id: number;
  repo_id: number;
  created: string;
}

/** The functions of the link table stored under `name`. */
export function userRepoLinks<R extends UserRepoLink>(name: string) {
  const table = new Table<R>(name, {
    unique: [{ name: 'user_repo', key: (l) => compositeKey(l.user_id, l.repo_id) }],
    indexes: [{ name: 'repo', key: (l) => String(l.repo_id) }, { name: 'user', key: (l) => String(l.user_id) }],
  });
  return {
    /** The link of `userId` to `repoId`, if any. */
    get: (store: Store, userId: number, repoId: number) => table.getBy(store, 'user_repo', compositeKey(userId, repoId)),
    /** A repository's links, oldest first. */
    listByRepo: (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId)),
    /** One page of a repository's links, oldest first, and how many it has. */
    pageByRepo: (store: Store, repoId: number, paging: { page: number; limit: number }) =>
      table.query(store, { index: { name: 'repo', key: String(repoId) }, page: paging.page, limit: paging.limit }),
    /** A user's links, oldest first. */
    listByUser: (store: Store, userId: number) => table.listBy(store, 'user', String(userId)),
    /** How many links a user has. */
    countByUser: (store: Store, userId: number) => table.countBy(store, 'user', String(userId)),
    /** How many links a repository has. */
    countByRepo: (store: Store, repoId: number) => table.countBy(store, 'repo', String(repoId)),
    /** countByRepo of each repository, in the order given. */
    countByRepoEach: (store: Store, repoIds: readonly number[]) => table.countByEach(store, 'repo', repoIds.map(String)),
    /** Records a link; one that exists already is a UniqueViolation. */
    insert: (store: Store, userId: number, repoId: number) =>
      table.insert(store, (id) => ({ id, user_id: userId, repo_id: repoId, created: new Date().toISOString() }) as R),
    /** Removes the link of `userId` to `repoId`. */
    remove: (store: Store, userId: number, repoId: number) => table.removeBy(store, 'user_repo', compositeKey(userId, repoId)),
    /** Removes every link of a repository (when it is deleted). */
    removeByRepo: (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId)),
    /** Removes every link of a user (when it is deleted). */
    removeByUser: (store: Store, userId: number) => table.removeBy(store, 'user', String(userId)),
  };
}
