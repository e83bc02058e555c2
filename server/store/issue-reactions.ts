/** Reactions on issues and comments (Gitea's reaction table): one per user, target and content. */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface ReactionRecord {
  id: number;
  repo_id: number;
  /** The issue's index in its repository. */
  issue_index: number;
  /** The comment reacted to, or 0 for the issue itself. */
  comment_id: number;
  user_id: number;
  /** One of `[ui] REACTIONS`. */
  content: string;
  created: string;
}

const targetKey = (r: Pick<ReactionRecord, 'repo_id' | 'issue_index' | 'comment_id'>) => compositeKey(r.repo_id, r.issue_index, r.comment_id);

const table = new LogTable<ReactionRecord>('issue_reactions', {
  unique: [{ name: 'one', key: (r) => compositeKey(r.repo_id, r.issue_index, r.comment_id, r.user_id, r.content) }],
  indexes: [{ name: 'target', key: targetKey }, { name: 'repo', key: (r) => String(r.repo_id) }],
});

/** Reactions on an issue (`commentId` 0) or on one of its comments, oldest first. */
export const listOf = (store: Store, repoId: number, index: number, commentId: number) =>
  table.listBy(store, 'target', targetKey({ repo_id: repoId, issue_index: index, comment_id: commentId }));

/** The user's reaction of this content on the target, if any. */
export const find = (store: Store, r: Omit<ReactionRecord, 'id' | 'created'>) =>
  table.getBy(store, 'one', compositeKey(r.repo_id, r.issue_index, r.comment_id, r.user_id, r.content));

/** Records a reaction; an existing one is a UniqueViolation. */
export const insert = (store: Store, r: Omit<ReactionRecord, 'id' | 'created'>) => table.insert(store, (id) => ({ ...r, id, created: new Date().toISOString() }));

/** Removes the user's reaction of this content on the target. */
export const remove = (store: Store, r: Omit<ReactionRecord, 'id' | 'created'>) =>
  table.removeBy(store, 'one', compositeKey(r.repo_id, r.issue_index, r.comment_id, r.user_id, r.content));

/** Removes the reactions on an issue and its comments. */
export const removeByIssue = (store: Store, repoId: number, index: number) => table.removeBy(store, 'repo', String(repoId), (r) => r.issue_index === index);

/** Removes the reactions on one comment. */
export const removeByComment = (store: Store, repoId: number, index: number, commentId: number) =>
  table.removeBy(store, 'target', targetKey({ repo_id: repoId, issue_index: index, comment_id: commentId }));

/** Removes a repository's reactions. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
