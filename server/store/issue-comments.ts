/** Comments on issues (Gitea's comment table, plain comments): one document indexed by repository and issue. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';

export interface CommentRecord {
  id: number;
  repo_id: number;
  /** The issue's index in its repository. */
  issue_index: number;
  poster_id: number;
  /** The author's name on the source of an imported comment, else ''. */
  original_author: string;
  body: string;
  created: string;
  updated: string;
  /** Gitea's comment type: absent or `comment` for a comment, else a timeline event (`label`, `close`, `issue_ref`, ...). */
  type?: string;
  /** What a timeline event refers to. */
  meta?: TimelineMeta;
}

/** The references of a timeline event (Gitea's comment columns for them). */
export interface TimelineMeta {
  label_id?: number;
  milestone_id?: number;
  old_milestone_id?: number;
  assignee_id?: number;
  removed_assignee?: boolean;
  old_title?: string;
  new_title?: string;
  /** A cross reference: the referencing issue (and comment) in its repository. */
  ref_repo_id?: number;
  ref_issue_index?: number;
  ref_comment_id?: number;
  ref_action?: string;
  /** The commit of a `commit_ref` event, or that closed or reopened the issue (Gitea's commit_sha). */
  commit_sha?: string;
  /** A dependency event: the other issue. */
  dep_repo_id?: number;
  dep_index?: number;
}

/** True for a plain comment (not a timeline event). */
export const isPlain = (c: CommentRecord): boolean => !c.type || c.type === 'comment';

const table = new Table<CommentRecord>('issue_comments', {
  indexes: [
    { name: 'repo', key: (c) => String(c.repo_id) }, { name: 'issue', key: (c) => compositeKey(c.repo_id, c.issue_index) },
    { name: 'ref', key: (c) => (c.meta?.ref_repo_id && c.meta.ref_issue_index ? compositeKey(c.meta.ref_repo_id, c.meta.ref_issue_index) : null) },
  ],
});

/** The comment with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** One page of an issue's comments (or every comment of the repository when `index` is null), oldest first. */
export function list(store: Store, repoId: number, index: number | null, where: (c: CommentRecord) => boolean, page: number, limit: number): Promise<Page<CommentRecord>> {
  const ix = index === null ? { name: 'repo', key: String(repoId) } : { name: 'issue', key: compositeKey(repoId, index) };
  return table.query(store, { index: ix, where: (c) => isPlain(c) && where(c), page, limit });
}

/** Every comment and timeline event of an issue, oldest first. */
export const listTimeline = (store: Store, repoId: number, index: number) => table.listBy(store, 'issue', compositeKey(repoId, index));

/** The cross-reference events that issue (or pull request) `index` of `repoId` made on other issues, oldest first. */
export const listByRef = (store: Store, repoId: number, index: number) => table.listBy(store, 'ref', compositeKey(repoId, index));

/** Stores a new comment. */
export const insert = (store: Store, make: (id: number) => CommentRecord) => table.insert(store, make);

/** Changes a comment. */
export const update = (store: Store, id: number, mutate: (c: CommentRecord) => void) => table.update(store, id, mutate);

/** Deletes a comment. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's comments. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Deletes an issue's comments. */
export const removeByIssue = (store: Store, repoId: number, index: number) => table.removeBy(store, 'issue', compositeKey(repoId, index));
