/** Actions variables (Gitea's action_variable table): one document; a variable belongs to a repository or to an owner (user or organization). */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { ActionScope } from './action-secrets.ts';

export interface ActionVariableRecord {
  id: number;
  /** The user or organization owning the variable; 0 for a repository's variable. */
  owner_id: number;
  /** The repository owning the variable; 0 for an owner's variable. */
  repo_id: number;
  /** Upper case, as Gitea stores it. */
  name: string;
  /** The value, in plain text as Gitea keeps it (variables are not secret). */
  data: string;
  description: string;
  created: string;
}

const table = new Table<ActionVariableRecord>('action_variables', {
  unique: [{ name: 'owner_repo_name', key: (v) => compositeKey(v.owner_id, v.repo_id, v.name) }],
  indexes: [
    { name: 'repo', key: (v) => (v.repo_id ? String(v.repo_id) : null) },
    { name: 'owner', key: (v) => (v.owner_id ? String(v.owner_id) : null) },
  ],
});

export type { ActionScope };

const keyOf = (scope: ActionScope): [string, string] => ('repoId' in scope ? ['repo', String(scope.repoId)] : ['owner', String(scope.ownerId)]);

/** The variable named `name` (upper case) of the scope. */
export const getByName = (store: Store, scope: ActionScope, name: string) =>
  table.getBy(store, 'owner_repo_name', compositeKey('ownerId' in scope ? scope.ownerId : 0, 'repoId' in scope ? scope.repoId : 0, name));

/** The variables of a scope, by id. */
export const listOf = (store: Store, scope: ActionScope) => table.listBy(store, keyOf(scope)[0], keyOf(scope)[1]);

/** Stores a new variable. */
export const insert = (store: Store, make: (id: number) => ActionVariableRecord) => table.insert(store, make);

/** Changes a variable. */
export const update = (store: Store, id: number, mutate: (v: ActionVariableRecord) => void) => table.update(store, id, mutate);

/** Deletes a variable. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes every variable of a scope (its repository or owner is gone). */
export const removeOf = (store: Store, scope: ActionScope) => table.removeBy(store, keyOf(scope)[0], keyOf(scope)[1]);
