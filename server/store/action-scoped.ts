/**
 * The one shape of actions secrets and variables: records named per scope (a repository, or a user or
 * organization), unique on owner, repository and upper-case name, listed and removed by scope.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface ActionScopedRecord {
  id: number;
  /** The user or organization owning the record; 0 for a repository's. */
  owner_id: number;
  /** The repository owning the record; 0 for an owner's. */
  repo_id: number;
  /** Upper case, as Gitea stores it. */
  name: string;
  data: string;
  description: string;
  created: string;
}

/** Where a secret or variable lives: a repository, or a user or organization. */
export type ActionScope = { repoId: number } | { ownerId: number };

const keyOf = (scope: ActionScope): [string, string] => ('repoId' in scope ? ['repo', String(scope.repoId)] : ['owner', String(scope.ownerId)]);

/** The store functions of one scoped, named table (`action_secrets`, `action_variables`). */
export function scopedTable<R extends ActionScopedRecord>(name: string) {
  const table = new Table<R>(name, {
    unique: [{ name: 'owner_repo_name', key: (r) => compositeKey(r.owner_id, r.repo_id, r.name) }],
    indexes: [
      { name: 'repo', key: (r) => (r.repo_id ? String(r.repo_id) : null) },
      { name: 'owner', key: (r) => (r.owner_id ? String(r.owner_id) : null) },
    ],
  });
  return {
    /** The record named `name` (upper case) of the scope. */
    getByName: (store: Store, scope: ActionScope, n: string) =>
      table.getBy(store, 'owner_repo_name', compositeKey('ownerId' in scope ? scope.ownerId : 0, 'repoId' in scope ? scope.repoId : 0, n)),
    /** The records of a scope, by id. */
    listOf: (store: Store, scope: ActionScope) => table.listBy(store, keyOf(scope)[0], keyOf(scope)[1]),
    /** Stores a new record. */
    insert: (store: Store, make: (id: number) => R) => table.insert(store, make),
    /** Changes a record. */
    update: (store: Store, id: number, mutate: (r: R) => void) => table.update(store, id, mutate),
    /** Deletes a record. */
    remove: (store: Store, id: number) => table.remove(store, id),
    /** Deletes every record of a scope (its repository or owner is gone). */
    removeOf: (store: Store, scope: ActionScope) => table.removeBy(store, keyOf(scope)[0], keyOf(scope)[1]),
  };
}
