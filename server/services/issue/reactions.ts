/**
 * Reactions on issues and comments (Gitea's issue reactions): any reader may list them; a signed-in reader adds
 * or removes their own, one of `[ui] REACTIONS` (403 for any other, as Gitea), writers only on a locked issue.
 */
import type { AppContext } from '../context.ts';
import * as reactionStore from '../../store/issue-reactions.ts';
import type { ReactionRecord } from '../../store/issue-reactions.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { canWriteIssues } from './view.ts';
import { getIssue, type IssueScope } from './issues.ts';
import { getComment } from './comments.ts';

export type { ReactionRecord } from '../../store/issue-reactions.ts';

/** What a reaction is on: the issue (comment 0) or one of its comments. */
export interface ReactionTarget { index?: number; commentId?: number }

async function resolve(app: AppContext, s: IssueScope, t: ReactionTarget): Promise<{ index: number; commentId: number; locked: boolean }> {
  if (t.commentId !== undefined) {
    const c = await getComment(app, s.repo.id, t.commentId);
    const issue = await getIssue(app, s.repo.id, c.issue_index);
    return { index: issue.index, commentId: c.id, locked: issue.is_locked };
  }
  const issue = await getIssue(app, s.repo.id, t.index ?? 0);
  return { index: issue.index, commentId: 0, locked: issue.is_locked };
}

/** The reactions on the target, oldest first. */
export async function listReactions(app: AppContext, s: IssueScope, t: ReactionTarget): Promise<ReactionRecord[]> {
  const r = await resolve(app, s, t);
  return reactionStore.listOf(app.store, s.repo.id, r.index, r.commentId);
}

/** Adds the doer's reaction; `created` false when it existed already (Gitea answers 200 then). */
export async function addReaction(app: AppContext, s: IssueScope, t: ReactionTarget, content: string): Promise<{ reaction: ReactionRecord; created: boolean }> {
  const r = await resolve(app, s, t);
  if (r.locked && !canWriteIssues(s.perm)) throw new ForbiddenError('no permission to change reaction');
  if (!app.settings.list('ui.REACTIONS').includes(content)) throw new ForbiddenError(`'${content}' is not an allowed reaction`);
  const key = { repo_id: s.repo.id, issue_index: r.index, comment_id: r.commentId, user_id: s.doer!.id, content };
  const had = await reactionStore.find(app.store, key);
  if (had) return { reaction: had, created: false };
  try {
    return { reaction: await reactionStore.insert(app.store, key), created: true };
  } catch (err) {
    const raced = isUniqueViolation(err) ? await reactionStore.find(app.store, key) : undefined;
    if (raced) return { reaction: raced, created: false };
    throw err;
  }
}

/** Removes the doer's reaction of this content (nothing to remove is no error, as Gitea). */
export async function removeReaction(app: AppContext, s: IssueScope, t: ReactionTarget, content: string): Promise<void> {
  const r = await resolve(app, s, t);
  if (r.locked && !canWriteIssues(s.perm)) throw new ForbiddenError('no permission to change reaction');
  await reactionStore.remove(app.store, { repo_id: s.repo.id, issue_index: r.index, comment_id: r.commentId, user_id: s.doer!.id, content });
}
