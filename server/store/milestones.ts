/** Milestones of repositories (Gitea's milestone table): one document. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface MilestoneRecord {
  id: number;
  repo_id: number;
  title: string;
  description: string;
  is_closed: boolean;
  due_on: string | null;
  created: string;
  updated: string;
  closed_at: string | null;
}

const table = new Table<MilestoneRecord>('milestones', { indexes: [{ name: 'repo', key: (m) => String(m.repo_id) }] });

/** The milestone with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** A repository's milestones, by id. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** Stores a new milestone. */
export const insert = (store: Store, make: (id: number) => MilestoneRecord) => table.insert(store, make);

/** Changes a milestone. */
export const update = (store: Store, id: number, mutate: (m: MilestoneRecord) => void) => table.update(store, id, mutate);

/** Deletes a milestone. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's milestones. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
