/** Maps a pull request (its issue record, pull part and the records its answer shows) to Gitea's `PullRequest`. */
import type { UserRecord } from '../store/records.ts';
import type { PullRecord } from '../store/pulls.ts';
import type { TeamRecord } from '../store/teams.ts';
import type { PullRequest, PRBranchInfo, PullRequestMeta } from '../structs/pull.ts';
import type { Repository } from '../structs/repo.ts';
import { toIssue, type IssueParts } from './issue.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';
import { toTeam } from './team.ts';
import { toOrganization } from './org.ts';

/** A pull request with what its answer shows. */
export interface PullParts {
  issue: IssueParts;
  pr: PullRecord;
  /** The base and head repositories as the viewer sees them (null when the viewer may not see the head's). */
  baseRepo: Repository;
  headRepo: Repository | null;
  headOwnerName: string;
  /** The base branch head now. */
  baseSha: string;
  merger: UserRecord | null;
  requested: { users: UserRecord[]; teams: TeamRecord[] };
  /** Why a merge is refused now. */
  blockers: string[];
}

/** Gitea's `PullRequestMeta` of a pull request's issue. */
export function toPullMeta(pr: PullRecord, html: string): PullRequestMeta {
  return { merged: pr.has_merged, merged_at: pr.merged_at, draft: false, html_url: html };
}

/** Whether Gitea would call the pull request mergeable (no conflict, not checking, not failed). */
export const isMergeable = (pr: PullRecord): boolean => pr.status !== 'checking' && pr.status !== 'conflict' && pr.status !== 'error';

/** Gitea's `PullRequest` as `viewer` sees it. */
export function toPull(p: PullParts, viewer: UserRecord | null, baseUrl: string): PullRequest {
  const { pr } = p;
  const i = toIssue(p.issue, viewer, baseUrl);
  const urls = repoUrls(p.issue.owner, p.issue.repo, baseUrl);
  const html = `${urls.html}/pulls/${pr.index}`;
  const base: PRBranchInfo = { label: pr.base_branch, ref: pr.base_branch, sha: p.baseSha, repo_id: pr.repo_id, repo: p.baseRepo };
  const sameRepo = pr.head_repo_id === pr.repo_id;
  const head: PRBranchInfo = {
    label: sameRepo ? pr.head_branch : `${p.headOwnerName}:${pr.head_branch}`, ref: pr.head_branch, sha: pr.head_sha, repo_id: pr.head_repo_id, repo: p.headRepo,
  };
  return {
    id: i.id, url: html, number: pr.index, user: i.user, title: i.title, body: i.body, labels: i.labels, milestone: i.milestone,
    assignee: i.assignee, assignees: i.assignees,
    requested_reviewers: p.requested.users.map((u) => toUser(u, viewer, baseUrl)),
    requested_reviewers_teams: p.requested.teams.map((t) => toTeam(t, toOrganization(p.issue.owner, viewer, baseUrl, false))),
    state: i.state, draft: false, is_locked: i.is_locked, comments: i.comments, review_comments: 0,
    additions: pr.additions, deletions: pr.deletions, changed_files: pr.changed_files,
    html_url: html, diff_url: `${html}.diff`, patch_url: `${html}.patch`,
    mergeable: isMergeable(pr), merged: pr.has_merged, merged_at: pr.merged_at, merge_commit_sha: pr.has_merged ? pr.merged_sha : null,
    merged_by: p.merger ? toUser(p.merger, viewer, baseUrl) : null, allow_maintainer_edit: pr.allow_maintainer_edit,
    base, head, merge_base: pr.merge_base,
    due_date: i.due_date, created_at: i.created_at, updated_at: i.updated_at, closed_at: i.closed_at,
    pin_order: i.pin_order, content_version: 0,
    conflicted_files: pr.conflicted_files, mergeable_reasons: p.blockers,
  };
}
