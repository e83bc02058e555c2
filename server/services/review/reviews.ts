/**
 * Pull request reviews (Gitea's CreatePullReview, SubmitPullReview, DeletePullReview, DismissPullReview): an
 * approval or a change request counts when its reviewer is an official one (the approval allow-list of the base
 * branch's rule, or anyone who writes code), and only a reviewer's latest one does.
 */
import type { AppContext } from '../context.ts';
import type { IssueScope } from '../issue/issues.ts';
import type { ReviewRecord, ReviewState } from '../../store/reviews.ts';
import type { CreatePullReviewOptions, SubmitPullReviewOptions } from '../../structs/review.ts';
import * as reviewStore from '../../store/reviews.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { atLeast, unitMode } from '../permission/permissions.ts';
import { isOfficialReviewer, protectionOf } from '../repository/protection-rules.ts';
import { getPull, type Pull } from '../pull/pulls.ts';

/** The reviews of a pull request (review requests left out), oldest first. */
export async function listReviews(app: AppContext, repoId: number, index: number): Promise<ReviewRecord[]> {
  await getPull(app, repoId, index);
  return (await reviewStore.listByPull(app.store, repoId, index)).filter((r) => r.type !== 'REQUEST_REVIEW');
}

/** One review of the pull request; a pending one only for its author. */
export async function getReview(app: AppContext, s: IssueScope, index: number, id: number): Promise<ReviewRecord> {
  const r = Number.isInteger(id) && id > 0 ? await reviewStore.get(app.store, id) : undefined;
  if (!r || r.repo_id !== s.repo.id || r.index !== index || r.type === 'REQUEST_REVIEW') throw new NotFoundError('review does not exist');
  if (r.type === 'PENDING' && r.reviewer_id !== s.doer?.id) throw new NotFoundError('review does not exist');
  return r;
}

const EVENTS = new Set(['APPROVED', 'REQUEST_CHANGES', 'COMMENT', 'PENDING', '']);

function stateOf(event: string | undefined): ReviewState {
  if (event !== undefined && !EVENTS.has(event)) throw new ValidationError(`event: unknown review event ${event}`);
  return event === 'APPROVED' || event === 'REQUEST_CHANGES' || event === 'COMMENT' ? event : 'PENDING';
}

/** Gitea's checks of a submitted review: no approving or rejecting one's own pull request, and words for a comment or change request. */
function checkState(p: Pull, s: IssueScope, state: ReviewState, body: string, comments: number): void {
  if (state === 'APPROVED' && s.doer!.id === p.issue.poster_id) throw new ValidationError('approve your own pull is not allowed');
  if (state === 'REQUEST_CHANGES' && s.doer!.id === p.issue.poster_id) throw new ValidationError('reject your own pull is not allowed');
  if ((state === 'REQUEST_CHANGES' || state === 'COMMENT') && !body.trim() && comments === 0) throw new ValidationError(`review event ${state} requires a body or a comment`);
}

/** Marks `review` submitted: official when its reviewer counts, the reviewer's earlier reviews no longer official. */
async function finish(app: AppContext, s: IssueScope, p: Pull, review: ReviewRecord): Promise<ReviewRecord> {
  const rule = await protectionOf(app, s.repo.id, p.pr.base_branch);
  const official = (review.type === 'APPROVED' || review.type === 'REQUEST_CHANGES') && (await isOfficialReviewer(app, s.repo, rule, s.doer!));
  if (official) {
    for (const r of await reviewStore.listByPull(app.store, s.repo.id, p.pr.index)) {
      if (r.reviewer_id === s.doer!.id && r.official && r.id !== review.id) await reviewStore.update(app.store, r.id, (x) => { x.official = false; });
    }
  }
  const saved = (await reviewStore.update(app.store, review.id, (r) => { r.official = official; r.updated = new Date().toISOString(); }))!;
  await app.bus.publish('pull.reviewed', { repo: s.repo, owner: s.owner, doer: s.doer!, issue: p.issue, review: saved });
  return saved;
}

function mayReview(s: IssueScope): void {
  if (!s.doer) throw new ForbiddenError('sign in to review');
  if (!atLeast(unitMode(s.perm, 'repo.pulls'), 'read')) throw new ForbiddenError('user cannot review this pull request');
}

/** The doer's pending review of the pull request, if any (Gitea's GetCurrentReview). */
async function pendingOf(app: AppContext, s: IssueScope, index: number): Promise<ReviewRecord | undefined> {
  return (await reviewStore.listByPull(app.store, s.repo.id, index)).find((r) => r.type === 'PENDING' && r.reviewer_id === s.doer!.id);
}

const MAX_COMMENTS = 999;

/**
 * Creates a review; a PENDING one waits for its author to submit it. As Gitea does, the author's pending review
 * is reused: new line comments join it, and a non-pending event submits it with them.
 */
export async function createReview(app: AppContext, s: IssueScope, index: number, o: CreatePullReviewOptions): Promise<ReviewRecord> {
  mayReview(s);
  const p = await getPull(app, s.repo.id, index);
  const state = stateOf(o.event);
  const comments = o.comments ?? [];
  const pending = await pendingOf(app, s, index);
  const body = o.body ?? '';
  if (state !== 'PENDING') checkState(p, s, state, body, comments.length + (pending?.comments.length ?? 0));
  const commitId = o.commit_id || p.pr.head_sha;
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commitId)) throw new ValidationError('commit_id: not a commit id');
  for (const c of comments) {
    if (!c.path) throw new ValidationError('comments: a line comment needs a path');
    if (!c.new_position && !c.old_position) throw new ValidationError(`comments: ${c.path} needs new_position or old_position`);
  }
  if ((pending?.comments.length ?? 0) + comments.length > MAX_COMMENTS) throw new ValidationError(`comments: a review holds at most ${MAX_COMMENTS} line comments`);
  const now = new Date().toISOString();
  const lines = (id: number, from: number) => comments.map((c, i) => ({
    id: id * 1000 + from + i + 1, path: c.path ?? '', new_position: c.new_position ?? 0, old_position: c.old_position ?? 0, body: c.body ?? '', commit_id: commitId, created: now,
  }));
  const review = pending
    ? (await reviewStore.update(app.store, pending.id, (r) => {
      r.comments.push(...lines(r.id, r.comments.length));
      r.type = state;
      if (o.body !== undefined || state !== 'PENDING') r.body = body;
      r.commit_id = commitId;
      r.stale = commitId !== p.pr.head_sha;
      r.updated = now;
    }))!
    : await reviewStore.insert(app.store, (id) => ({
      id, repo_id: s.repo.id, index, type: state, reviewer_id: s.doer!.id, reviewer_team_id: 0, body, commit_id: commitId,
      official: false, stale: commitId !== p.pr.head_sha, dismissed: false, created: now, updated: now, comments: lines(id, 0),
    }));
  return state === 'PENDING' ? review : finish(app, s, p, review);
}

/** Submits the doer's pending review with its final state. */
export async function submitReview(app: AppContext, s: IssueScope, index: number, id: number, o: SubmitPullReviewOptions): Promise<ReviewRecord> {
  mayReview(s);
  const p = await getPull(app, s.repo.id, index);
  const r = await getReview(app, s, index, id);
  if (r.type !== 'PENDING') throw new ValidationError('only a pending review can be submitted');
  const state = stateOf(o.event);
  if (state === 'PENDING') throw new ValidationError('event: a review is submitted as APPROVED, REQUEST_CHANGES or COMMENT');
  const body = o.body ?? r.body;
  checkState(p, s, state, body, r.comments.length);
  const saved = (await reviewStore.update(app.store, r.id, (x) => { x.type = state; x.body = body; x.commit_id = p.pr.head_sha; x.stale = false; }))!;
  return finish(app, s, p, saved);
}

/** Deletes a review: its author, or a repository admin. */
export async function deleteReview(app: AppContext, s: IssueScope, index: number, id: number): Promise<void> {
  const r = await getReview(app, s, index, id);
  if (r.reviewer_id !== s.doer?.id && !atLeast(s.perm.mode, 'admin')) throw new ForbiddenError('only the reviewer or an admin may delete a review');
  await reviewStore.remove(app.store, r.id);
}

/** Dismisses (or takes back the dismissal of) an approval or change request: repository admins only, as Gitea. */
export async function setDismissed(app: AppContext, s: IssueScope, index: number, id: number, dismissed: boolean): Promise<ReviewRecord> {
  if (!atLeast(s.perm.mode, 'admin')) throw new ForbiddenError('Must be repo admin');
  const p = await getPull(app, s.repo.id, index);
  const r = await getReview(app, s, index, id);
  if (r.type !== 'APPROVED' && r.type !== 'REQUEST_CHANGES') throw new ValidationError('not supported for this review type');
  if (p.pr.has_merged || p.issue.is_closed) throw new ValidationError('pull request is closed');
  return (await reviewStore.update(app.store, r.id, (x) => { x.dismissed = dismissed; x.updated = new Date().toISOString(); }))!;
}

/**
 * After a new head commit: every earlier review is stale; with the rule's dismiss_stale_approvals, earlier
 * official approvals are dismissed too (Gitea's MarkReviewsAsStale, DismissApprovalReviews, MarkReviewsAsNotStale).
 */
export async function onNewHead(app: AppContext, repoId: number, index: number, baseBranch: string, headSha: string): Promise<void> {
  const rule = await protectionOf(app, repoId, baseBranch);
  for (const r of await reviewStore.listByPull(app.store, repoId, index)) {
    if (r.type === 'REQUEST_REVIEW' || r.type === 'PENDING') continue;
    const stale = r.commit_id !== headSha;
    const dismiss = stale && !!rule?.dismiss_stale_approvals && r.type === 'APPROVED' && r.official && !r.dismissed;
    if (r.stale !== stale || dismiss) await reviewStore.update(app.store, r.id, (x) => { x.stale = stale; if (dismiss) x.dismissed = true; });
  }
}
