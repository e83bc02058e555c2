/** Collaborators of repositories (Gitea's collaboration table): a user and the mode they were given. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey, isUniqueViolation } from './engine/indexes.ts';

export type CollaboratorMode = 'read' | 'write' | 'admin';

export interface CollaboratorRecord {
  id: number;
  repo_id: number;
  uid: number;
  mode: CollaboratorMode;
  created: string;
  updated: string;
}

const table = new Table<CollaboratorRecord>('collaborators', {
  unique: [{ name: 'repo_user', key: (c) => compositeKey(c.repo_id, c.uid) }],
  indexes: [{ name: 'repo', key: (c) => String(c.repo_id) }, { name: 'user', key: (c) => String(c.uid) }],
});

/** The collaboration of `uid` on `repoId`, if any. */
export const get = (store: Store, repoId: number, uid: number) => table.getBy(store, 'repo_user', compositeKey(repoId, uid));
/** get() as a shared frozen record, for read-only use (permission checks). */
export const peek = (store: Store, repoId: number, uid: number) => table.peekBy(store, 'repo_user', compositeKey(repoId, uid));

/** The collaborators of a repository, in the order they were added. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** The collaborations of a user. */
export const listByUser = (store: Store, uid: number) => table.listBy(store, 'user', String(uid));

/** Adds `uid` as a collaborator with `mode`, or changes the mode of an existing one. */
export async function upsert(store: Store, repoId: number, uid: number, mode: CollaboratorMode): Promise<void> {
  const now = new Date().toISOString();
  const c = await get(store, repoId, uid);
  if (c) {
    if (c.mode !== mode) await table.update(store, c.id, (r) => { r.mode = mode; r.updated = now; });
    return;
  }
  try {
    await table.insert(store, (id) => ({ id, repo_id: repoId, uid, mode, created: now, updated: now }));
  } catch (err) {
    // A concurrent add won the unique index: apply this mode to its row instead.
    if (!isUniqueViolation(err)) throw err;
    const won = await get(store, repoId, uid);
    if (won && won.mode !== mode) await table.update(store, won.id, (r) => { r.mode = mode; r.updated = now; });
  }
}

/** Removes a collaborator; returns how many rows went (0 or 1). */
export const remove = (store: Store, repoId: number, uid: number) => table.removeBy(store, 'repo_user', compositeKey(repoId, uid));

/** Removes every collaborator of a repository. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Removes every collaboration of a user. */
export const removeByUser = (store: Store, uid: number) => table.removeBy(store, 'user', String(uid));
