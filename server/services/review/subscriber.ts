/**
 * Reviews follow the bus: a review request or removal becomes Gitea's `pull_request_review_request` hook event
 * (a pull_request payload with `requested_reviewer`), a submitted review its `pull_request_review_*` event, and a
 * new head commit makes earlier reviews stale (dismissing approvals where the branch's rule says so).
 */
import type { AppContext } from '../context.ts';
import type { HookEventName } from '../events/bus.ts';
import * as pullStore from '../../store/pulls.ts';
import { pullPayload } from '../pull/payloads.ts';
import { eventBaseUrl, payloadUser, type PayloadBase } from '../repository/payloads.ts';
import { onNewHead } from './reviews.ts';

const REVIEW_EVENT: Record<string, HookEventName> = {
  APPROVED: 'pull_request_review_approved',
  REQUEST_CHANGES: 'pull_request_review_rejected',
  COMMENT: 'pull_request_review_comment',
};

/** Subscribes reviews to the bus (hook events and stale reviews). */
export function subscribeReviews(app: AppContext): void {
  app.bus.subscribe('pull.review_requested', 'reviews', async (e) => {
    const action = e.removed ? 'review_request_removed' : 'review_requested';
    const payload = await pullPayload(app, { repo: e.repo, owner: e.owner, doer: e.doer, issue: e.issue, kind: 'issues', action });
    if (!payload) return;
    const base: PayloadBase = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.doer };
    payload.requested_reviewer = payloadUser(base, e.reviewer);
    await app.events.emit({ name: 'pull_request_review_request', repoId: e.repo.id, ownerId: e.owner.id, payload });
  });
  app.bus.subscribe('pull.reviewed', 'reviews', async (e) => {
    const name = REVIEW_EVENT[e.review.type];
    if (!name) return;
    const payload = await pullPayload(app, { repo: e.repo, owner: e.owner, doer: e.doer, issue: e.issue, kind: 'issues', action: 'reviewed' });
    if (!payload) return;
    payload.review = { type: name, content: e.review.body };
    await app.events.emit({ name, repoId: e.repo.id, ownerId: e.owner.id, payload });
  });
  app.bus.subscribe('issue.changed', 'reviews', async (e) => {
    if (e.kind !== 'pull_request_sync') return;
    const pr = await pullStore.getByIndex(app.store, e.repo.id, e.issue.index);
    if (pr) await onNewHead(app, e.repo.id, pr.index, pr.base_branch, pr.head_sha);
  });
}
