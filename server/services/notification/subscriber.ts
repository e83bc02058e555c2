/**
 * Notifications hear the bus: an issue or pull request opened, commented on, closed, reopened (by a commit too),
 * merged or reviewed, and a release published, each queue a job that gives every receiver an unread thread.
 * Deleting an issue or a repository removes its threads at once.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import type { ReleaseRecord } from '../../store/releases.ts';
import * as notificationStore from '../../store/notifications.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { enqueue, type Job } from './queue.ts';
import { timeSlicer } from '../../lib/time-slice.ts';
import { allowedReceivers, issueReceivers, repoWatcherIds } from './receivers.ts';

/** Gitea's issue actions that notify (assignments and edits do not; the assignee is a receiver of the others). */
const ISSUE_ACTIONS = new Set(['opened', 'closed', 'reopened']);

interface IssueEvent {
  repoId: number;
  index: number;
  doerId: number;
  commentId: number;
  mentionText: string;
}

/** The job of events on one issue by one actor; a later one waiting with it adds its comment and mentions. */
class IssueJob implements Job {
  readonly key: string;
  constructor(private readonly app: AppContext, private readonly e: IssueEvent) {
    this.key = `issue:${e.repoId}:${e.index}:${e.doerId}`;
  }

  run(): Promise<void> {
    return notifyIssue(this.app, this.e);
  }

  merge(later: Job): void {
    if (!(later instanceof IssueJob)) return;
    if (later.e.commentId) this.e.commentId = later.e.commentId;
    this.e.mentionText = `${this.e.mentionText}\n${later.e.mentionText}`;
  }
}

/** Loads the repository and its owner as they are when the job runs; null when either is gone. */
async function repoNow(app: AppContext, repoId: number): Promise<{ repo: RepoRecord; owner: UserRecord } | null> {
  const repo = await repoStore.getById(app.store, repoId);
  const owner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
  return repo && owner ? { repo, owner } : null;
}

/**
 * Runs `touch` for every receiver, a batch at a time: each receiver's thread is its own, so a batch shares the
 * store's group commits. Batches are small and sliced, so requests arriving meanwhile are not held up.
 */
async function touchAll(ids: number[], touch: (id: number) => Promise<unknown>): Promise<void> {
  const slice = timeSlicer();
  for (let i = 0; i < ids.length; i += 50) {
    await slice();
    await Promise.all(ids.slice(i, i + 50).map(touch));
  }
}

/** Gives each receiver of an issue event an unread thread. */
async function notifyIssue(app: AppContext, j: IssueEvent): Promise<void> {
  const found = await repoNow(app, j.repoId);
  const issue = found && (await issueStore.get(app.store, j.repoId, j.index));
  if (!found || !issue) return;
  const ids = await issueReceivers(app, issue, j.mentionText);
  const unit = issue.is_pull ? 'repo.pulls' : 'repo.issues';
  const now = new Date().toISOString();
  const subject = { repo_id: j.repoId, source: issue.is_pull ? 'pull' : 'issue', issue_index: j.index, release_id: 0 } as const;
  await touchAll(await allowedReceivers(app, found.repo, found.owner, ids, j.doerId, unit), (id) => notificationStore.touch(app.store, id, subject, j.doerId, j.commentId, now));
}

/** Gives each watcher of the repository an unread thread for a published release. */
async function notifyRelease(app: AppContext, repoId: number, releaseId: number, doerId: number): Promise<void> {
  const found = await repoNow(app, repoId);
  if (!found) return;
  const now = new Date().toISOString();
  const subject = { repo_id: repoId, source: 'release', issue_index: 0, release_id: releaseId } as const;
  const ids = await allowedReceivers(app, found.repo, found.owner, await repoWatcherIds(app, repoId), doerId, 'repo.releases');
  await touchAll(ids, (id) => notificationStore.touch(app.store, id, subject, doerId, 0, now));
}

/** Queues the job of an event on an issue. */
function queueIssue(app: AppContext, issue: IssueRecord, doer: UserRecord, commentId: number, mentionText: string): void {
  enqueue(app, new IssueJob(app, { repoId: issue.repo_id, index: issue.index, doerId: doer.id, commentId, mentionText }));
}

/** Subscribes notifications to the bus. */
export function subscribeNotifications(app: AppContext): void {
  app.bus.subscribe('issue.changed', 'notifications', async (e) => {
    if (e.kind === 'issues' && e.action === 'deleted') await notificationStore.removeByIssue(app.store, e.repo.id, e.issue.index);
    else if (e.kind === 'issues' && ISSUE_ACTIONS.has(e.action)) queueIssue(app, e.issue, e.doer, 0, e.action === 'opened' ? `${e.issue.title} ${e.issue.content}` : '');
  });
  app.bus.subscribe('issue.commented', 'notifications', (e) => {
    if (e.action === 'created') queueIssue(app, e.issue, e.doer, e.comment.id, e.comment.body);
  });
  app.bus.subscribe('pull.merged', 'notifications', (e) => queueIssue(app, e.issue, e.doer, 0, ''));
  app.bus.subscribe('pull.reviewed', 'notifications', (e) => queueIssue(app, e.issue, e.doer, 0, e.review.body));
  app.bus.subscribe('release.changed', 'notifications', async (e) => {
    if (e.action === 'published') queueRelease(app, e.release, e.doer);
    if (e.action === 'deleted') await notificationStore.removeByRelease(app.store, e.release.repo_id, e.release.id);
  });
  app.bus.subscribe('repo.deleted', 'notifications', async (e) => { await notificationStore.removeByRepo(app.store, e.repo.id); });
}

/** Queues the job of a published release. */
function queueRelease(app: AppContext, r: ReleaseRecord, doer: UserRecord): void {
  enqueue(app, { key: `release:${r.id}:${doer.id}`, run: () => notifyRelease(app, r.repo_id, r.id, doer.id) });
}

