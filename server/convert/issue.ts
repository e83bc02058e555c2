/** Maps stored issues, labels, milestones and comments to Gitea's `Issue`, `Label`, `Milestone` and `Comment`. */
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { IssueRecord } from '../store/issues.ts';
import type { LabelRecord } from '../store/labels.ts';
import type { MilestoneRecord } from '../store/milestones.ts';
import type { CommentRecord } from '../store/issue-comments.ts';
import type { PullRecord } from '../store/pulls.ts';
import type { Issue, Comment } from '../structs/issue.ts';
import type { Label, Milestone } from '../structs/issue-label.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';

/** An issue with the records its answer shows (the issue service's IssueView). */
export interface IssueParts {
  issue: IssueRecord;
  repo: RepoRecord;
  owner: UserRecord;
  poster: UserRecord;
  assignees: UserRecord[];
  labels: LabelRecord[];
  milestone: { m: MilestoneRecord; open: number; closed: number } | null;
  /** The pull part when the issue is a pull request. */
  pull?: PullRecord | null;
}

/** Gitea's `Label`; an organization label's URL names the organization (the repository's owner). */
export function toLabel(l: LabelRecord, owner: Pick<UserRecord, 'name'>, repo: Pick<RepoRecord, 'name'> | null, baseUrl: string): Label {
  const url = l.org_id
    ? `${baseUrl}/api/v1/orgs/${encodeURIComponent(owner.name)}/labels/${l.id}`
    : `${repoUrls(owner, repo ?? { name: '' }, baseUrl).api}/labels/${l.id}`;
  return { id: l.id, name: l.name, exclusive: l.exclusive, is_archived: l.is_archived, color: l.color.replace(/^#/, ''), description: l.description, url };
}

/** Gitea's `Milestone` with its counts. */
export function toMilestone(m: MilestoneRecord, open: number, closed: number): Milestone {
  return {
    id: m.id, title: m.title, description: m.description, state: m.is_closed ? 'closed' : 'open', open_issues: open, closed_issues: closed,
    created_at: m.created, updated_at: m.updated, closed_at: m.closed_at, due_on: m.due_on,
  };
}

/** Gitea's `Issue` as `viewer` sees it. */
export function toIssue(p: IssueParts, viewer: UserRecord | null, baseUrl: string): Issue {
  const { issue: i, repo, owner } = p;
  const urls = repoUrls(owner, repo, baseUrl);
  const assignees = p.assignees.map((u) => toUser(u, viewer, baseUrl));
  return {
    id: i.id, url: `${urls.api}/issues/${i.index}`, html_url: `${urls.html}/${i.is_pull ? 'pulls' : 'issues'}/${i.index}`, number: i.index,
    user: toUser(p.poster, viewer, baseUrl), original_author: i.original_author, original_author_id: 0,
    title: i.title, body: i.content, ref: i.ref, assets: [], labels: p.labels.map((l) => toLabel(l, owner, repo, baseUrl)),
    milestone: p.milestone ? toMilestone(p.milestone.m, p.milestone.open, p.milestone.closed) : null,
    assignee: assignees[0] ?? null, assignees: assignees.length ? assignees : null,
    state: i.is_closed ? 'closed' : 'open', is_locked: i.is_locked, comments: i.num_comments,
    created_at: i.created, updated_at: i.updated, closed_at: i.closed_at,
    due_date: i.deadline ? new Date(i.deadline * 1000).toISOString().replace('.000Z', 'Z') : null,
    time_estimate: 0,
    pull_request: p.pull ? { merged: p.pull.has_merged, merged_at: p.pull.merged_at, draft: false, html_url: `${urls.html}/pulls/${i.index}` } : null,
    repository: { id: repo.id, name: repo.name, owner: owner.name, full_name: `${owner.name}/${repo.name}` },
    pin_order: i.pin_order, content_version: 0,
  };
}

/** Gitea's `Comment`. */
export function toComment(c: CommentRecord, poster: UserRecord, owner: UserRecord, repo: RepoRecord, viewer: UserRecord | null, baseUrl: string): Comment {
  const issueHtml = `${repoUrls(owner, repo, baseUrl).html}/issues/${c.issue_index}`;
  return {
    id: c.id, html_url: `${issueHtml}#issuecomment-${c.id}`, pull_request_url: '', issue_url: issueHtml,
    user: toUser(poster, viewer, baseUrl), original_author: c.original_author, original_author_id: 0, body: c.body, assets: [],
    created_at: c.created, updated_at: c.updated,
  };
}

/** The stand-in for a related issue the viewer may not read: nothing of it but the message that says so. */
export function hiddenIssue(ghost: UserRecord, message: string, baseUrl: string): Issue {
  return {
    id: 0, url: '', html_url: '', number: 0, user: toUser(ghost, null, baseUrl), original_author: '', original_author_id: 0,
    title: 'HIDDEN', body: message, ref: '', assets: [], labels: [], milestone: null, assignee: null, assignees: null,
    state: 'open', is_locked: false, comments: 0, created_at: ghost.created, updated_at: ghost.created, closed_at: null, due_date: null,
    time_estimate: 0, pull_request: null, repository: { id: 0, name: '', owner: '', full_name: '' }, pin_order: 0, content_version: 0,
  };
}
