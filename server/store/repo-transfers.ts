/** Transfers of repositories waiting for their recipient (Gitea's repo_transfer table), one per repository. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface RepoTransferRecord {
  id: number;
  repo_id: number;
  doer_id: number;
  recipient_id: number;
  team_ids: number[];
  created: string;
}

const table = new Table<RepoTransferRecord>('repo_transfers', {
  unique: [{ name: 'repo', key: (t) => String(t.repo_id) }],
  indexes: [{ name: 'recipient', key: (t) => String(t.recipient_id) }],
});

/** The pending transfer of a repository, if any. */
export const getByRepo = (store: Store, repoId: number) => table.getBy(store, 'repo', String(repoId));

/** The pending transfer of each repository (undefined where none), in the order given, as shared frozen records. */
export const peekByRepoEach = (store: Store, repoIds: readonly number[]) => table.peekByEach(store, 'repo', repoIds.map(String));

/** Records a pending transfer; a second one for the same repository is a UniqueViolation. */
export const insert = (store: Store, t: Omit<RepoTransferRecord, 'id' | 'created'>) =>
  table.insert(store, (id) => ({ ...t, id, created: new Date().toISOString() }));

/** Removes the pending transfer of a repository (accepted, rejected or the repository deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Removes the pending transfers to a user (when the user is deleted). */
export const removeByRecipient = (store: Store, uid: number) => table.removeBy(store, 'recipient', String(uid));
