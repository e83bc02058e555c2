/** Issue labels of repositories and organizations (Gitea's label table): one document, small on a desktop. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface LabelRecord {
  id: number;
  /** The repository of a repository label, else 0. */
  repo_id: number;
  /** The organization of an organization label, else 0. */
  org_id: number;
  name: string;
  exclusive: boolean;
  is_archived: boolean;
  /** `#rrggbb`. */
  color: string;
  description: string;
  created: string;
  updated: string;
}

const table = new Table<LabelRecord>('labels', {
  indexes: [{ name: 'repo', key: (l) => String(l.repo_id) }, { name: 'org', key: (l) => String(l.org_id) }],
});

/** The label with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** The labels with these ids, in the order given. */
export const getMany = (store: Store, ids: number[]) => table.getMany(store, ids);

/** A repository's own labels, by id. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** An organization's labels, by id. */
export const listByOrg = (store: Store, orgId: number) => table.listBy(store, 'org', String(orgId));

/** Stores a new label. */
export const insert = (store: Store, make: (id: number) => LabelRecord) => table.insert(store, make);

/** Changes a label. */
export const update = (store: Store, id: number, mutate: (l: LabelRecord) => void) => table.update(store, id, mutate);

/** Deletes a label. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's labels. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
