/** Actions secrets (Gitea's secret table): one document; a secret belongs to a repository or to an owner (user or organization). */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface ActionSecretRecord {
  id: number;
  /** The user or organization owning the secret; 0 for a repository's secret. */
  owner_id: number;
  /** The repository owning the secret; 0 for an owner's secret. */
  repo_id: number;
  /** Upper case, as Gitea stores it. */
  name: string;
  /** The value sealed with the data dir's secret box; never returned. */
  data: string;
  description: string;
  created: string;
}

const table = new Table<ActionSecretRecord>('action_secrets', {
  unique: [{ name: 'owner_repo_name', key: (s) => compositeKey(s.owner_id, s.repo_id, s.name) }],
  indexes: [
    { name: 'repo', key: (s) => (s.repo_id ? String(s.repo_id) : null) },
    { name: 'owner', key: (s) => (s.owner_id ? String(s.owner_id) : null) },
  ],
});

/** Where a secret or variable lives: a repository, or a user or organization. */
export type ActionScope = { repoId: number } | { ownerId: number };

const keyOf = (scope: ActionScope): [string, string] => ('repoId' in scope ? ['repo', String(scope.repoId)] : ['owner', String(scope.ownerId)]);

/** The secret named `name` (upper case) of the scope. */
export const getByName = (store: Store, scope: ActionScope, name: string) =>
  table.getBy(store, 'owner_repo_name', compositeKey('ownerId' in scope ? scope.ownerId : 0, 'repoId' in scope ? scope.repoId : 0, name));

/** The secrets of a scope, by id. */
export const listOf = (store: Store, scope: ActionScope) => table.listBy(store, keyOf(scope)[0], keyOf(scope)[1]);

/** Stores a new secret. */
export const insert = (store: Store, make: (id: number) => ActionSecretRecord) => table.insert(store, make);

/** Changes a secret. */
export const update = (store: Store, id: number, mutate: (s: ActionSecretRecord) => void) => table.update(store, id, mutate);

/** Deletes a secret. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes every secret of a scope (its repository or owner is gone). */
export const removeOf = (store: Store, scope: ActionScope) => table.removeBy(store, keyOf(scope)[0], keyOf(scope)[1]);
