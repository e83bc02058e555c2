/**
 * Notifications hear the bus: an issue or pull request opened, commented on, closed, reopened (by a commit too),
 * merged or reviewed, and a release published, each queue a job that gives every receiver an unread thread; an
 * assignment and a review request give the assignee or the requested reviewer one (Gitea's IssueChangeAssignee and
 * PullRequestReviewRequest). Each job is journalled before the request answers (jobs.ts). Deleting an issue or a
 * repository removes its threads at once.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as notificationStore from '../../store/notifications.ts';
import { queueJob } from './jobs.ts';

/** Gitea's issue actions that notify everyone concerned (edits do not; an assignment tells the assignee alone). */
const ISSUE_ACTIONS = new Set(['opened', 'closed', 'reopened']);

/** Queues the job of an event on an issue (`receiverId`: for that user alone). */
function queueIssue(app: AppContext, issue: IssueRecord, doer: UserRecord, commentId: number, mentionText: string, receiverId = 0): Promise<void> {
  return queueJob(app, {
    subject: 'issue', repo_id: issue.repo_id, issue_index: issue.index, doer_id: doer.id, comment_id: commentId, mention_text: mentionText, receiver_id: receiverId,
  });
}

/** Subscribes notifications to the bus. */
export function subscribeNotifications(app: AppContext): void {
  app.bus.subscribe('issue.changed', 'notifications', async (e) => {
    if (e.kind === 'issues' && e.action === 'deleted') await notificationStore.removeByIssue(app.store, e.repo.id, e.issue.index);
    else if (e.kind === 'issues' && ISSUE_ACTIONS.has(e.action)) await queueIssue(app, e.issue, e.doer, 0, e.action === 'opened' ? `${e.issue.title} ${e.issue.content}` : '');
    // Gitea: not when unassigned, nor when the actor assigned themselves
    else if (e.kind === 'issue_assign' && e.action === 'assigned' && e.assigneeId && e.assigneeId !== e.doer.id) await queueIssue(app, e.issue, e.doer, 0, '', e.assigneeId);
  });
  app.bus.subscribe('issue.commented', 'notifications', async (e) => {
    if (e.action === 'created') await queueIssue(app, e.issue, e.doer, e.comment.id, e.comment.body);
  });
  app.bus.subscribe('pull.merged', 'notifications', (e) => queueIssue(app, e.issue, e.doer, 0, ''));
  app.bus.subscribe('pull.reviewed', 'notifications', (e) => queueIssue(app, e.issue, e.doer, 0, e.review.body));
  app.bus.subscribe('pull.review_requested', 'notifications', async (e) => {
    if (!e.removed) await queueIssue(app, e.issue, e.doer, 0, '', e.reviewer.id);
  });
  app.bus.subscribe('release.changed', 'notifications', async (e) => {
    if (e.action === 'published') await queueJob(app, { subject: 'release', repo_id: e.release.repo_id, release_id: e.release.id, doer_id: e.doer.id });
    if (e.action === 'deleted') await notificationStore.removeByRelease(app.store, e.release.repo_id, e.release.id);
  });
  app.bus.subscribe('repo.deleted', 'notifications', async (e) => { await notificationStore.removeByRepo(app.store, e.repo.id); });
}
