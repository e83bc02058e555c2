/** Maps a stored notification thread (with its issue, pull request or release) to Gitea's `NotificationThread`. */
import type { NotificationRecord } from '../store/notifications.ts';
import type { IssueRecord } from '../store/issues.ts';
import type { PullRecord } from '../store/pulls.ts';
import type { ReleaseRecord } from '../store/releases.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { Repository } from '../structs/repo.ts';
import type { NotificationSubject, NotificationThread } from '../structs/notification.ts';
import { repoUrls } from './repo.ts';

export interface ThreadParts {
  thread: NotificationRecord;
  repo: RepoRecord;
  owner: UserRecord;
  issue: IssueRecord | null;
  pull: PullRecord | null;
  release: ReleaseRecord | null;
}

/** The subject of an issue or pull request thread: its addresses, state, and the comment that last made it unread. */
function issueSubject(p: ThreadParts, issue: IssueRecord, baseUrl: string): NotificationSubject {
  const urls = repoUrls(p.owner, p.repo, baseUrl);
  const html = `${urls.html}/${issue.is_pull ? 'pulls' : 'issues'}/${issue.index}`;
  const c = p.thread.comment_id;
  return {
    type: issue.is_pull ? 'Pull' : 'Issue', title: issue.title, url: `${urls.api}/issues/${issue.index}`, html_url: html,
    state: p.pull?.has_merged ? 'merged' : issue.is_closed ? 'closed' : 'open',
    latest_comment_url: c ? `${urls.api}/issues/comments/${c}` : '', latest_comment_html_url: c ? `${html}#issuecomment-${c}` : '',
  };
}

/** The subject of a release thread (Gitea's `url` is the release's path on the site, `html_url` its address). */
function releaseSubject(p: ThreadParts, r: ReleaseRecord, baseUrl: string): NotificationSubject {
  const path = `/${encodeURIComponent(p.owner.name)}/${encodeURIComponent(p.repo.name)}/releases/tag/${encodeURIComponent(r.tag_name)}`;
  return { type: 'Release', title: r.title || r.tag_name, url: path, html_url: `${baseUrl}${path}`, state: '', latest_comment_url: '', latest_comment_html_url: '' };
}

/** A subject whose issue or release is gone: its type, and nothing else to show. */
function goneSubject(p: ThreadParts): NotificationSubject {
  const type = p.thread.source === 'pull' ? 'Pull' : p.thread.source === 'release' ? 'Release' : 'Issue';
  return { type, title: '', url: '', html_url: '', state: '', latest_comment_url: '', latest_comment_html_url: '' };
}

/** Gitea's `NotificationThread`; `repository` is converted by the caller for the thread's reader. */
export function toNotificationThread(p: ThreadParts, repository: Repository, baseUrl: string): NotificationThread {
  const subject = p.issue ? issueSubject(p, p.issue, baseUrl) : p.release ? releaseSubject(p, p.release, baseUrl) : goneSubject(p);
  return {
    id: p.thread.id, repository, subject, unread: p.thread.status === 'unread', pinned: p.thread.status === 'pinned',
    updated_at: p.thread.updated, url: `${baseUrl}/api/v1/notifications/threads/${p.thread.id}`,
  };
}
