/**
 * Commit statuses (Gitea's commit_status table), indexed by repository and by commit. Kept in append-only logs
 * (LogTable): CI adds rows with every run, and a one-document table rewrote all of them, of every repository, each time.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';

export type CommitStatusState = 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped';

export interface CommitStatusRecord {
  id: number;
  repo_id: number;
  /** The full commit id. */
  sha: string;
  /** 1, 2, ... per repository and commit (Gitea's `index`). */
  index: number;
  state: CommitStatusState;
  target_url: string;
  description: string;
  context: string;
  creator_id: number;
  created: string;
  updated: string;
}

const table = new LogTable<CommitStatusRecord>('commit_statuses', {
  indexes: [{ name: 'repo', key: (s) => String(s.repo_id) }, { name: 'commit', key: (s) => compositeKey(s.repo_id, s.sha) }],
});

/** One page of a commit's statuses matching `where`, in `sort` order. */
export function list(store: Store, repoId: number, sha: string, q: { where?: (s: CommitStatusRecord) => boolean; sort?: (a: CommitStatusRecord, b: CommitStatusRecord) => number; page?: number; limit?: number }): Promise<Page<CommitStatusRecord>> {
  return table.query(store, { index: { name: 'commit', key: compositeKey(repoId, sha) }, ...q });
}

/** Every status of a commit, by id. */
export const listOfCommit = (store: Store, repoId: number, sha: string) => table.listBy(store, 'commit', compositeKey(repoId, sha));

/** How many statuses a commit has. */
export const countOfCommit = (store: Store, repoId: number, sha: string) => table.countBy(store, 'commit', compositeKey(repoId, sha));

/** Stores a new status. */
export const insert = (store: Store, make: (id: number) => CommitStatusRecord) => table.insert(store, make);

/** Deletes a repository's statuses. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
