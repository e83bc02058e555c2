/** Tag protection rules (Gitea's protected_tag table): one document indexed by repository. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface ProtectedTagRecord {
  id: number;
  repo_id: number;
  /** A glob (Gitea's modules/glob) over tag names. */
  name_pattern: string;
  allowlist_user_ids: number[];
  allowlist_team_ids: number[];
  created: string;
  updated: string;
}

const table = new Table<ProtectedTagRecord>('protected_tags', { indexes: [{ name: 'repo', key: (t) => String(t.repo_id) }] });

/** The rule with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** A repository's rules, by id. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** How many rules a repository has. */
export const countByRepo = (store: Store, repoId: number) => table.countBy(store, 'repo', String(repoId));

/** Stores a new rule. */
export const insert = (store: Store, make: (id: number) => ProtectedTagRecord) => table.insert(store, make);

/** Changes a rule. */
export const update = (store: Store, id: number, mutate: (t: ProtectedTagRecord) => void) => table.update(store, id, mutate);

/** Deletes a rule. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's rules. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
