/** What the issue route files share: the issues-unit guards, the operation scope, and the answers' JSON. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf, type RepoLocals } from '../../guards/access.ts';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.ts';
import { atLeast, unitMode, type AccessMode } from '../../../services/permission/permissions.ts';
import { toComment, toIssue, toLabel, toMilestone } from '../../../convert/issue.ts';
import { isPullItem, issueView, userOrGhost } from '../../../services/issue/view.ts';
import { milestoneView, type MilestoneRecord } from '../../../services/issue/milestones.ts';
import type { IssueRecord, IssueScope } from '../../../services/issue/issues.ts';
import type { LabelRecord } from '../../../services/issue/labels.ts';
import type { CommentRecord } from '../../../services/issue/comments.ts';
import { listIssueAttachments } from '../../../services/attachment/attachments.ts';

/** The unit an issue route acts in: the issue's own (`item`: `:index`, or the comment `:id`), the issues unit, or either. */
type UnitChoice = 'item' | 'comment' | 'issues' | 'either';

/** Whether the unit (issues, or pull requests when `pull`) is on and `perm` reaches `need` in it. */
function unitAllows(locals: RepoLocals, pull: boolean, need: AccessMode): boolean {
  const on = pull ? locals.repo.units.has_pull_requests : locals.repo.units.has_issues;
  return on && atLeast(unitMode(locals.perm, pull ? 'repo.pulls' : 'repo.issues'), need);
}

/**
 * Gitea's unit rules on issue routes: some of the two units must be on and readable (mustEnableIssuesOrPulls, else
 * 404); an issue route used with a pull request's number is guarded by the pull-request unit, with an issue's by the
 * issues unit (CanReadIssuesOrPulls / CanWriteIssuesOrPulls). Unreadable answers 404, readable but not `need` 403.
 * For a pull request the services then see the pull-request unit's mode as the issues mode.
 */
function unitGuard(need: AccessMode, choice: UnitChoice): Guard {
  return async (ctx) => {
    const locals = repoOf(ctx);
    const item = choice === 'item' && ctx.params.index !== undefined ? { index: Number(ctx.params.index) }
      : choice === 'comment' ? { commentId: Number(ctx.params.id) } : null;
    const pull = item ? await isPullItem(ctx.app, locals.repo.id, item) : choice === 'issues' || choice === 'item' ? false : null;
    const kinds = pull === null ? [false, true] : [pull];
    if (!kinds.some((k) => unitAllows(locals, k, 'read'))) throw new NotFoundError();
    if (!kinds.some((k) => unitAllows(locals, k, need))) throw new ForbiddenError(`user should have ${need} access to the repository`);
    if (pull) ctx.locals.repo = { ...locals, perm: { ...locals.perm, units: { ...locals.perm.units, 'repo.issues': unitMode(locals.perm, 'repo.pulls') } } } satisfies RepoLocals;
  };
}

/** Readers of the issue (or pull request) the route names, or of the repository's issues. */
export const issuesRead: Guard[] = [repoAccess('none', 'repo.issues'), unitGuard('read', 'item')];
/** Signed-in readers writing issues or comments (the services check poster or writer). */
export const issuesComment: Guard[] = [...issuesRead, notArchived];
/** Writers of the repository's issues (labels, milestones). */
export const issuesWrite: Guard[] = [repoAccess('none', 'repo.issues'), unitGuard('write', 'item'), notArchived];
/** Readers of the issue or pull request a comment (`:id`) belongs to. */
export const commentRead: Guard[] = [repoAccess('none', 'repo.issues'), unitGuard('read', 'comment')];
/** Signed-in readers acting on a comment (`:id`); the services check poster or writer. */
export const commentWrite: Guard[] = [...commentRead, notArchived];
/** Readers of either unit (labels, milestones, the issue list; Gitea's reqRepoReader of issues or pull requests). */
export const issuesOrPullsRead: Guard[] = [repoAccess('none', 'repo.issues'), unitGuard('read', 'either')];
/** Writers of either unit (Gitea's reqRepoWriter(unit.TypeIssues, unit.TypePullRequests)). */
export const issuesOrPullsWrite: Guard[] = [repoAccess('none', 'repo.issues'), unitGuard('write', 'either'), notArchived];

/**
 * The kind of item an issue list may show (Gitea's ListIssues): a `type` whose unit the viewer may not read is 404;
 * without one, only the readable unit's items.
 */
export function listedType(ctx: ApiContext<unknown, unknown>, type: 'issues' | 'pulls' | undefined): 'issues' | 'pulls' | undefined {
  const locals = repoOf(ctx);
  const issues = unitAllows(locals, false, 'read');
  const pulls = unitAllows(locals, true, 'read');
  if ((type === 'issues' && !issues) || (type === 'pulls' && !pulls)) throw new NotFoundError();
  return type ?? (issues && pulls ? undefined : issues ? 'issues' : 'pulls');
}

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
