/**
 * Pull request reviews and review requests (Gitea's review table: a request is a review of type REQUEST_REVIEW),
 * with their line comments kept inside the review. Kept in append-only logs (LogTable), as they grow with every pull.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';

/** Gitea's ReviewStateType names. */
export type ReviewState = 'APPROVED' | 'PENDING' | 'COMMENT' | 'REQUEST_CHANGES' | 'REQUEST_REVIEW';

export interface ReviewCommentRecord {
  id: number;
  path: string;
  /** Line in the new file (0: on the old side). */
  new_position: number;
  old_position: number;
  body: string;
  commit_id: string;
  created: string;
}

export interface ReviewRecord {
  id: number;
  repo_id: number;
  /** The pull request's index in the repository. */
  index: number;
  type: ReviewState;
  /** The user who reviews (or whose review is requested); 0 for a team request. */
  reviewer_id: number;
  /** The team whose review is requested; 0 otherwise. */
  reviewer_team_id: number;
  body: string;
  commit_id: string;
  /** Counts towards the rules (an official reviewer's latest review). */
  official: boolean;
  /** The head moved since (the review was made on an older commit). */
  stale: boolean;
  dismissed: boolean;
  comments: ReviewCommentRecord[];
  created: string;
  updated: string;
}

const table = new LogTable<ReviewRecord>('reviews', {
  indexes: [{ name: 'pull', key: (r) => compositeKey(r.repo_id, r.index) }, { name: 'repo', key: (r) => String(r.repo_id) }],
});

/** The reviews and requests of a pull request, oldest first. */
export async function listByPull(store: Store, repoId: number, index: number): Promise<ReviewRecord[]> {
  return (await table.listBy(store, 'pull', compositeKey(repoId, index))).sort((a, b) => a.id - b.id);
}

/** The review with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** Stores a new review. */
export const insert = (store: Store, make: (id: number) => ReviewRecord) => table.insert(store, make);

/** Changes a review. */
export const update = (store: Store, id: number, mutate: (r: ReviewRecord) => void) => table.update(store, id, mutate);

/** Deletes a review. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's reviews. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
