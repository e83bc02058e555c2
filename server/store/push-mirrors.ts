/**
 * Push mirror records (Gitea's push_mirror table): remotes a repository's branches and tags are pushed to.
 * The remote address is kept without credentials; the credentials are sealed with the data dir's key.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface PushMirrorRecord {
  id: number;
  repo_id: number;
  /** `remote_mirror_<10 random characters>`, unique within the repository. */
  remote_name: string;
  /** The target URL without credentials. */
  remote_address: string;
  /** `{username, password}` as JSON, sealed with the data dir's key; "" when none. */
  credentials: string;
  sync_on_commit: boolean;
  /** Milliseconds between scheduled pushes; 0 turns them off. */
  interval_ms: number;
  created: string;
  /** When the last push attempt ended; null before the first. */
  last_update: string | null;
  /** The last failure, credentials masked; "" after a success. */
  last_error: string;
  /** Epoch milliseconds when the next scheduled push is due; 0 for never. */
  next_update: number;
  /** Failures in a row; the retry delay grows with it and a success resets it. */
  failures: number;
}

const table = new Table<PushMirrorRecord>('push_mirrors');

export const getById = (store: Store, id: number) => table.get(store, id);
export const list = (store: Store, where?: (m: PushMirrorRecord) => boolean) => table.list(store, where);
export const insert = (store: Store, make: (id: number) => PushMirrorRecord) => table.insert(store, make);
export const update = (store: Store, id: number, mutate: (m: PushMirrorRecord) => void) => table.update(store, id, mutate);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The push mirrors of a repository, by id. */
export const listByRepo = (store: Store, repoId: number) => table.list(store, (m) => m.repo_id === repoId);

/** The push mirror of a repository with this remote name. */
export const getByName = (store: Store, repoId: number, name: string) => table.find(store, (m) => m.repo_id === repoId && m.remote_name === name);

/** Removes every push mirror of a repository (when the repository is deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeWhere(store, (m) => m.repo_id === repoId);
