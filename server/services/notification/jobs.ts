/**
 * Notification jobs and their durability. What a job needs (the event's subject, actor, comment, the text that may
 * mention users, and a single receiver for an assignment or a review request) is recorded in the store's journal
 * before the publishing request answers (one line in a group commit), and the intent ends once the job has written
 * its threads. A host killed in between finds the intent at start and queues the job again (`recoverJob`).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { Intent } from '../../store/engine/journal.ts';
import * as notificationStore from '../../store/notifications.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { enqueue, type Job } from './queue.ts';
import { allowedReceivers, issueReceivers, repoWatcherIds } from './receivers.ts';
import { timeSlicer } from '../../lib/time-slice.ts';

/** The journal kind of a notification job not yet run. */
export const NOTIFY_INTENT = 'notification-job';

/** An event on an issue or pull request; `receiver_id` set: only that user is told (an assignee, a requested reviewer). */
export type IssueJobData = {
  subject: 'issue';
  repo_id: number;
  issue_index: number;
  doer_id: number;
  comment_id: number;
  mention_text: string;
  receiver_id: number;
};

/** A published release. */
export type ReleaseJobData = {
  subject: 'release';
  repo_id: number;
  release_id: number;
  doer_id: number;
};

export type JobData = IssueJobData | ReleaseJobData;

/** The job of events on one issue by one actor; a later one waiting with it adds its comment and mentions. */
class IssueJob implements Job {
  readonly key: string;
  private readonly e: IssueJobData;
  constructor(private readonly app: AppContext, e: IssueJobData) {
    this.e = { ...e };
    this.key = `issue:${e.repo_id}:${e.issue_index}:${e.doer_id}:${e.receiver_id}`;
  }

  run(): Promise<void> {
    return notifyIssue(this.app, this.e);
  }

  merge(later: Job): void {
    if (!(later instanceof IssueJob)) return;
    if (later.e.comment_id) this.e.comment_id = later.e.comment_id;
    this.e.mention_text = `${this.e.mention_text}\n${later.e.mention_text}`;
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

/** Gives each receiver of an issue event an unread thread (the one receiver of a directed event, if they may read it). */
async function notifyIssue(app: AppContext, j: IssueJobData): Promise<void> {
  const found = await repoNow(app, j.repo_id);
  const issue = found && (await issueStore.get(app.store, j.repo_id, j.issue_index));
  if (!found || !issue) return;
  // Gitea's ReceiverID: the named user alone, without the watch and unwatch lists.
  const ids = j.receiver_id ? [j.receiver_id] : await issueReceivers(app, issue, j.mention_text);
  const unit = issue.is_pull ? 'repo.pulls' : 'repo.issues';
  const now = new Date().toISOString();
  const subject = { repo_id: j.repo_id, source: issue.is_pull ? 'pull' : 'issue', issue_index: j.issue_index, release_id: 0 } as const;
  await touchAll(await allowedReceivers(app, found.repo, found.owner, ids, j.doer_id, unit), (id) => notificationStore.touch(app.store, id, subject, j.doer_id, j.comment_id, now));
}

/** Gives each watcher of the repository an unread thread for a published release. */
async function notifyRelease(app: AppContext, j: ReleaseJobData): Promise<void> {
  const found = await repoNow(app, j.repo_id);
  if (!found) return;
  const now = new Date().toISOString();
  const subject = { repo_id: j.repo_id, source: 'release', issue_index: 0, release_id: j.release_id } as const;
  const ids = await allowedReceivers(app, found.repo, found.owner, await repoWatcherIds(app, j.repo_id), j.doer_id, 'repo.releases');
  await touchAll(ids, (id) => notificationStore.touch(app.store, id, subject, j.doer_id, 0, now));
}

/** The job of `data`; undefined for data this version does not know. */
function jobOf(app: AppContext, data: Record<string, unknown>): Job | undefined {
  if (data.subject === 'issue') {
    const i = data as Partial<IssueJobData>;
    return new IssueJob(app, {
      subject: 'issue', repo_id: Number(i.repo_id), issue_index: Number(i.issue_index), doer_id: Number(i.doer_id),
      comment_id: i.comment_id ?? 0, mention_text: i.mention_text ?? '', receiver_id: i.receiver_id ?? 0,
    });
  }
  if (data.subject === 'release') {
    const r: ReleaseJobData = { subject: 'release', repo_id: Number(data.repo_id), release_id: Number(data.release_id), doer_id: Number(data.doer_id) };
    return { key: `release:${r.release_id}:${r.doer_id}`, run: () => notifyRelease(app, r) };
  }
  return undefined;
}

/**
 * Journals and queues the job of `data`; resolves once its intent is on disk (the publishing request answers after
 * that). The job is queued only then, so its work does not compete with that write. When the journal cannot be
 * written the job still runs; only a kill before it would lose it.
 */
export async function queueJob(app: AppContext, data: JobData): Promise<void> {
  const job = jobOf(app, data)!;
  const { intent, durable } = app.store.journal.record(NOTIFY_INTENT, data);
  await durable.catch((err: unknown) => {
    app.log.error('a notification job was not journalled', { key: job.key, error: String(err) });
  });
  enqueue(app, job, intent);
}

/** The journal handler of NOTIFY_INTENT: queues the job again; it ends the intent once it has run. */
export function recoverJob(app: AppContext, intent: Intent): 'queued' | undefined {
  const job = jobOf(app, intent.data);
  if (!job) return undefined;
  enqueue(app, job, intent);
  return 'queued';
}
