/**
 * Comments on issues (Gitea's comment table: plain comments and timeline events), indexed by repository and issue.
 * Kept in append-only logs (LogTable): every comment and issue change adds a row, and a one-document table rewrote
 * all of them, of every repository, each time. The plain comments' text goes to the issue text index (issue-text.ts)
 * with each write.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';
import { noteText } from './issue-text.ts';

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

const table = new LogTable<CommentRecord>('issue_comments', {
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

/** The text a comment gives its issue's text index (timeline events give none). */
const textOf = (c: CommentRecord | undefined): string | null => (c && isPlain(c) ? c.body : null);

/** The text of every plain comment of a repository, by issue index (to build its text index). */
export async function plainTextsOfRepo(store: Store, repoId: number): Promise<[number, string][]> {
  return (await table.listBy(store, 'repo', String(repoId), isPlain)).map((c) => [c.issue_index, c.body]);
}

/** Stores a new comment. */
export async function insert(store: Store, make: (id: number) => CommentRecord): Promise<CommentRecord> {
  const c = await table.insert(store, make);
  noteText(store, c.repo_id, c.issue_index, null, textOf(c));
  return c;
}

/** Changes a comment. */
export async function update(store: Store, id: number, mutate: (c: CommentRecord) => void): Promise<CommentRecord | undefined> {
  const before = await table.get(store, id);
  const after = await table.update(store, id, mutate);
  if (before && after) noteText(store, after.repo_id, after.issue_index, textOf(before), textOf(after));
  return after;
}

/** Deletes a comment. */
export async function remove(store: Store, id: number): Promise<void> {
  const before = await table.get(store, id);
  await table.remove(store, id);
  if (before) noteText(store, before.repo_id, before.issue_index, textOf(before), null);
}

/** Deletes a repository's comments. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Deletes an issue's comments (and their text). */
export async function removeByIssue(store: Store, repoId: number, index: number): Promise<number> {
  const gone = await table.listBy(store, 'issue', compositeKey(repoId, index), isPlain);
  const n = await table.removeBy(store, 'issue', compositeKey(repoId, index));
  for (const c of gone) noteText(store, repoId, index, c.body, null);
  return n;
}
