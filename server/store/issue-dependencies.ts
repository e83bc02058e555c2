/** Issue dependencies (Gitea's issue_dependency table): issue `issue_id` depends on (is blocked by) `dep_id`. */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface DependencyRecord {
  id: number;
  /** Global id, repository and index of the blocked issue. */
  issue_id: number;
  repo_id: number;
  index: number;
  /** Global id, repository and index of the blocking issue. */
  dep_id: number;
  dep_repo_id: number;
  dep_index: number;
  created: string;
}

const table = new LogTable<DependencyRecord>('issue_dependencies', {
  unique: [{ name: 'pair', key: (d) => compositeKey(d.issue_id, d.dep_id) }],
  indexes: [{ name: 'issue', key: (d) => String(d.issue_id) }, { name: 'dep', key: (d) => String(d.dep_id) }],
});

/** What blocks the issue. */
export const blockersOf = (store: Store, issueId: number) => table.listBy(store, 'issue', String(issueId));

/** What the issue blocks. */
export const blockedBy = (store: Store, issueId: number) => table.listBy(store, 'dep', String(issueId));

/** The dependency of the pair, if any. */
export const get = (store: Store, issueId: number, depId: number) => table.getBy(store, 'pair', compositeKey(issueId, depId));

/** Records a dependency; an existing pair is a UniqueViolation. */
export const insert = (store: Store, d: Omit<DependencyRecord, 'id' | 'created'>) =>
  table.insert(store, (id) => ({ ...d, id, created: new Date().toISOString() }));

/** Removes the dependency of the pair. */
export const remove = (store: Store, issueId: number, depId: number) => table.removeBy(store, 'pair', compositeKey(issueId, depId));

/** Deletes the dependencies of one issue, either side (it is being deleted). */
export const removeByIssue = (store: Store, issueId: number) => table.removeWhere(store, (d) => d.issue_id === issueId || d.dep_id === issueId);

/** Deletes the dependencies where either side is in the repository (it is being deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeWhere(store, (d) => d.repo_id === repoId || d.dep_repo_id === repoId);
