/** Runner registration tokens (Gitea's action_runner_token): one active token per scope, looked up by hash. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface RunnerTokenRecord {
  id: number;
  /** sha256 of the token, for Register's lookup. */
  token_hash: string;
  /** The token sealed with the host's secret key, so the owner can read it again until it is reset. */
  token_sealed: string;
  /** 0 for the global scope or a repository's scope (Gitea forces owner_id=0 for a repository token). */
  owner_id: number;
  repo_id: number;
  is_active: boolean;
  created: string;
  updated: string;
}

/** The scope key Gitea's (owner_id, repo_id) pair stands for. */
export const scopeKey = (ownerId: number, repoId: number) => `${ownerId}:${repoId}`;

const table = new Table<RunnerTokenRecord>('action_runner_tokens', {
  unique: [{ name: 'hash', key: (t) => t.token_hash }],
  indexes: [{ name: 'scope', key: (t) => scopeKey(t.owner_id, t.repo_id) }],
});

/** The token whose sha256 is `hash`. */
export const getByHash = (store: Store, hash: string) => table.getBy(store, 'hash', hash);

/** A scope's tokens, oldest first. */
export const listByScope = (store: Store, ownerId: number, repoId: number) => table.listBy(store, 'scope', scopeKey(ownerId, repoId));

/** Stores a new token. */
export const insert = (store: Store, make: (id: number) => RunnerTokenRecord) => table.insert(store, make);

/** Changes a token. */
export const update = (store: Store, id: number, mutate: (t: RunnerTokenRecord) => void) => table.update(store, id, mutate);

/** Deletes a scope's tokens (its repository or owner is gone). */
export const removeByScope = (store: Store, ownerId: number, repoId: number) => table.removeBy(store, 'scope', scopeKey(ownerId, repoId));
