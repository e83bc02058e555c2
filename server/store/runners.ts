/** Action runners (Gitea's action_runner): registered machines, by uuid and by scope. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import type { Query } from './engine/query.ts';

export interface RunnerRecord {
  id: number;
  uuid: string;
  name: string;
  version: string;
  /** 0 for a global or repository runner. */
  owner_id: number;
  /** 0 for a global or owner runner. */
  repo_id: number;
  /** sha256 of the runner's own token (sent as x-runner-token). */
  token_hash: string;
  labels: string[];
  ephemeral: boolean;
  disabled: boolean;
  /** Unix seconds of the last call from the runner (0 never). */
  last_online: number;
  /** Unix seconds of the last task update or log from the runner (0 never). */
  last_active: number;
  created: string;
  updated: string;
}

const table = new Table<RunnerRecord>('action_runners', {
  unique: [{ name: 'uuid', key: (r) => r.uuid }],
  indexes: [{ name: 'scope', key: (r) => `${r.owner_id}:${r.repo_id}` }],
});

/** The runner with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** The runner with this uuid. */
export const getByUuid = (store: Store, uuid: string) => table.getBy(store, 'uuid', uuid);

/** One page of runners matching `where`. */
export const query = (store: Store, q: Query<RunnerRecord>) => table.query(store, q);

/** Every runner matching `where`. */
export const list = (store: Store, where?: (r: RunnerRecord) => boolean) => table.list(store, where);

/** Stores a new runner. */
export const insert = (store: Store, make: (id: number) => RunnerRecord) => table.insert(store, make);

/** Changes a runner. */
export const update = (store: Store, id: number, mutate: (r: RunnerRecord) => void) => table.update(store, id, mutate);

/** Deletes a runner. */
export const remove = (store: Store, id: number) => table.remove(store, id);
