/** Collaborators of repositories (Gitea's collaboration table): a user and the mode they were given. */
import type { Store } from './index.ts';
import { Table } from './table.ts';

export type CollaboratorMode = 'read' | 'write' | 'admin';

export interface CollaboratorRecord {
  id: number;
  repo_id: number;
  uid: number;
  mode: CollaboratorMode;
  created: string;
  updated: string;
}

const table = new Table<CollaboratorRecord>('collaborators');

/** The collaboration of `uid` on `repoId`, if any. */
export const get = (store: Store, repoId: number, uid: number) => table.find(store, (c) => c.repo_id === repoId && c.uid === uid);

/** The collaborators of a repository, in the order they were added. */
export const listByRepo = (store: Store, repoId: number) => table.list(store, (c) => c.repo_id === repoId);

/** The collaborations of a user. */
export const listByUser = (store: Store, uid: number) => table.list(store, (c) => c.uid === uid);

/** Adds `uid` as a collaborator with `mode`, or changes the mode of an existing one. */
export async function upsert(store: Store, repoId: number, uid: number, mode: CollaboratorMode): Promise<void> {
  const now = new Date().toISOString();
  const c = await get(store, repoId, uid);
  if (c) {
    if (c.mode !== mode) await table.update(store, c.id, (r) => { r.mode = mode; r.updated = now; });
    return;
  }
  await table.insert(store, (id) => ({ id, repo_id: repoId, uid, mode, created: now, updated: now }));
}

/** Removes a collaborator; returns how many rows went (0 or 1). */
export const remove = (store: Store, repoId: number, uid: number) => table.removeWhere(store, (c) => c.repo_id === repoId && c.uid === uid);

/** Removes every collaborator of a repository. */
export const removeByRepo = (store: Store, repoId: number) => table.removeWhere(store, (c) => c.repo_id === repoId);

/** Removes every collaboration of a user. */
export const removeByUser = (store: Store, uid: number) => table.removeWhere(store, (c) => c.uid === uid);
