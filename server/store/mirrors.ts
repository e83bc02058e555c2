/**
 * Pull mirror records (Gitea's mirror table), one per mirrored repository. The remote address is kept
 * without credentials; the credentials are sealed with the data dir's key.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface MirrorRecord {
  id: number;
  repo_id: number;
  /** The upstream URL without credentials. */
  remote_address: string;
  /** `{username, password}` as JSON, sealed with the data dir's key; "" when none. */
  credentials: string;
  /** Milliseconds between scheduled syncs; 0 turns periodic sync off. */
  interval_ms: number;
  enable_prune: boolean;
  /** When the last sync attempt ended (Gitea's updated_unix); null before the first. */
  updated: string | null;
  /** When the last successful sync ended. */
  last_success: string | null;
  /** Epoch milliseconds when the next scheduled sync is due; 0 for never. */
  next_update: number;
  /** The last failure, credentials masked; "" after a success. */
  last_error: string;
  last_error_at: string | null;
  /** Failures in a row; the retry delay grows with it and a success resets it. */
  failures: number;
  created: string;
}

const table = new Table<MirrorRecord>('mirrors');

export const getById = (store: Store, id: number) => table.get(store, id);
export const list = (store: Store, where?: (m: MirrorRecord) => boolean) => table.list(store, where);
export const insert = (store: Store, make: (id: number) => MirrorRecord) => table.insert(store, make);
export const update = (store: Store, id: number, mutate: (m: MirrorRecord) => void) => table.update(store, id, mutate);

/** The mirror record of a repository, if it is a pull mirror. */
export const getByRepo = (store: Store, repoId: number) => table.find(store, (m) => m.repo_id === repoId);

/** Removes the mirror record of a repository (when the repository is deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeWhere(store, (m) => m.repo_id === repoId);
