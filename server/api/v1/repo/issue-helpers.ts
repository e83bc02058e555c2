/** What the issue route files share: the issues-unit guards, the operation scope, and the answers' JSON. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { toComment, toIssue, toLabel, toMilestone } from '../../../convert/issue.ts';
import { issueView, userOrGhost } from '../../../services/issue/view.ts';
import { milestoneView, type MilestoneRecord } from '../../../services/issue/milestones.ts';
import type { IssueRecord, IssueScope } from '../../../services/issue/issues.ts';
import type { LabelRecord } from '../../../services/issue/labels.ts';
import type { CommentRecord } from '../../../services/issue/comments.ts';
import { listIssueAttachments } from '../../../services/attachment/attachments.ts';

/** Gitea's answer on every issue route of a repository whose issues unit is off. */
const issuesEnabled: Guard = (ctx) => {
  if (!repoOf(ctx).repo.units.has_issues) throw new NotFoundError();
};

/** Readers of the repository's issues. */
export const issuesRead: Guard[] = [repoAccess('read', 'repo.issues'), issuesEnabled];
/** Signed-in readers writing issues or comments (the services check poster or writer). */
export const issuesComment: Guard[] = [...issuesRead, notArchived];
/** Writers of the repository's issues (labels, milestones). */
export const issuesWrite: Guard[] = [repoAccess('write', 'repo.issues'), issuesEnabled, notArchived];

/** The issue operation's scope from the guarded request. */
export function scopeOf(ctx: ApiContext<unknown, unknown>): IssueScope {
  const { repo, owner, perm } = repoOf(ctx);
  return { repo, owner, perm, doer: ctx.doer };
}

/** `:index` as a number. */
export const indexOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.index);

/** `:id` as a number. */
export const idOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.id);

/** Gitea's `Issue` of a record of the guarded repository. */
export async function issueJson(ctx: ApiContext<unknown, unknown>, issue: IssueRecord) {
  const { repo, owner } = repoOf(ctx);
  return toIssue(await issueView(ctx.app, repo, owner, issue), ctx.doer, ctx.baseUrl);
}

/** Gitea's `Label` of a label of the guarded repository (or its organization). */
export const labelJson = (ctx: ApiContext<unknown, unknown>, l: LabelRecord) => toLabel(l, repoOf(ctx).owner, repoOf(ctx).repo, ctx.baseUrl);

/** Gitea's `Milestone` with its counts. */
export async function milestoneJson(ctx: ApiContext<unknown, unknown>, m: MilestoneRecord) {
  const v = await milestoneView(ctx.app, m);
  return toMilestone(v.m, v.open, v.closed);
}

/** Gitea's `Comment` of a comment of the guarded repository. */
export async function commentJson(ctx: ApiContext<unknown, unknown>, c: CommentRecord) {
  const { repo, owner } = repoOf(ctx);
  return toComment(c, await userOrGhost(ctx.app, c.poster_id), owner, repo, ctx.doer, ctx.baseUrl, await listIssueAttachments(ctx.app, repo.id, c.issue_index, c.id));
}
