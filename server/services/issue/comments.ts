/**
 * Comments on issues: anyone who may read the issues and is signed in may comment (writers only on a locked
 * issue); the poster or a writer edits and deletes. The issue's comment count follows.
 */
import type { AppContext } from '../context.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as issueStore from '../../store/issues.ts';
import * as reactionStore from '../../store/issue-reactions.ts';
import type { CommentRecord } from '../../store/issue-comments.ts';
import type { IssueRecord } from '../../store/issues.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { canWriteIssues } from './view.ts';
import { getIssue, type IssueScope } from './issues.ts';
import { mentionedUsers } from './mentions.ts';
import { neuterCommentReferences, recordReferences } from './references.ts';
import { deleteAttachment, listIssueAttachments } from '../attachment/attachments.ts';

export type { CommentRecord } from '../../store/issue-comments.ts';

function publish(app: AppContext, s: IssueScope, issue: IssueRecord, comment: CommentRecord, action: 'created' | 'edited' | 'deleted', changes?: Record<string, { from: string }>): Promise<void> {
  return app.bus.publish('issue.commented', { repo: s.repo, owner: s.owner, doer: s.doer!, issue, comment, action, ...(changes ? { changes } : {}) });
}

async function countComments(app: AppContext, repoId: number, index: number, delta: number, mentioned: number[] = []): Promise<IssueRecord> {
  return (await issueStore.update(app.store, repoId, index, (r) => {
    r.num_comments = Math.max(0, r.num_comments + delta);
    r.mentioned_ids = [...new Set([...r.mentioned_ids, ...mentioned])];
    r.updated = new Date().toISOString();
  }))!;
}

/** Adds a comment; a locked issue takes comments from writers only. */
export async function createComment(app: AppContext, s: IssueScope, index: number, body: string, opts: { originalAuthor?: string; created?: string; posterId?: number } = {}): Promise<CommentRecord> {
  const issue = await getIssue(app, s.repo.id, index);
  if (issue.is_locked && !canWriteIssues(s.perm)) throw new ForbiddenError('user should have permission to write to the issue or the issue is locked');
  const now = opts.created ?? new Date().toISOString();
  const c = await commentStore.insert(app.store, (id) => ({
    id, repo_id: s.repo.id, issue_index: index, poster_id: opts.posterId ?? s.doer!.id, original_author: opts.originalAuthor ?? '', body, created: now, updated: now,
  }));
  const after = await countComments(app, s.repo.id, index, 1, await mentionedUsers(app, s.repo, s.owner, body, s.doer!.id));
  await publish(app, s, after, c, 'created');
  await recordReferences(app, s, after, body, c.id);
  return c;
}

/** A comment of the repository by id, or 404. */
export async function getComment(app: AppContext, repoId: number, id: number): Promise<CommentRecord> {
  const c = Number.isInteger(id) ? await commentStore.get(app.store, id) : undefined;
  if (!c || c.repo_id !== repoId || !commentStore.isPlain(c)) throw new NotFoundError('comment does not exist');
  return c;
}

function assertCanChange(s: IssueScope, c: CommentRecord): void {
  if (!s.doer || (c.poster_id !== s.doer.id && !canWriteIssues(s.perm))) throw new ForbiddenError('user is not the poster and cannot write issues');
}

/** Edits a comment's body (its poster or a writer). */
export async function editComment(app: AppContext, s: IssueScope, id: number, body: string): Promise<CommentRecord> {
  const c = await getComment(app, s.repo.id, id);
  assertCanChange(s, c);
  const out = (await commentStore.update(app.store, id, (r) => { r.body = body; r.updated = new Date().toISOString(); }))!;
  if (out.body !== c.body) {
    const issue = await getIssue(app, s.repo.id, c.issue_index);
    await publish(app, s, issue, out, 'edited', { body: { from: c.body } });
    await recordReferences(app, s, issue, body, id);
  }
  return out;
}

/** Deletes a comment (its poster or a writer). */
export async function deleteComment(app: AppContext, s: IssueScope, id: number): Promise<void> {
  const c = await getComment(app, s.repo.id, id);
  assertCanChange(s, c);
  await commentStore.remove(app.store, id);
  await reactionStore.removeByComment(app.store, s.repo.id, c.issue_index, id);
  for (const a of await listIssueAttachments(app, s.repo.id, c.issue_index, id)) await deleteAttachment(app, a);
  await neuterCommentReferences(app, await getIssue(app, s.repo.id, c.issue_index), id);
  await publish(app, s, await countComments(app, s.repo.id, c.issue_index, -1), c, 'deleted');
}

/** One page of an issue's comments, or of the repository's when `index` is null, filtered by update time. */
export function listComments(app: AppContext, repoId: number, index: number | null, f: { since?: string | undefined; before?: string | undefined }, page: number, limit: number) {
  const since = f.since ? new Date(f.since).toISOString() : undefined;
  const before = f.before ? new Date(f.before).toISOString() : undefined;
  return commentStore.list(app.store, repoId, index, (c) => (!since || c.updated >= since) && (!before || c.updated <= before), page, limit);
}
