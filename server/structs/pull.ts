/** Gitea's wire shapes for pull requests and forks (requests and answers); the TS types are inferred from them. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Label, Milestone } from './issue-label.ts';
import { Repository } from './repo.ts';
import { Team } from './org.ts';

/** Gitea's `PRBranchInfo`: one side of a pull request. */
export const PRBranchInfo = z.strictObject({
  label: z.string(), ref: z.string(), sha: z.string(), repo_id: int, repo: Repository.nullable(),
}).meta({ id: 'PRBranchInfo' });
export type PRBranchInfo = z.infer<typeof PRBranchInfo>;

/** Gitea's `PullRequest`. `mergeable_reasons` is Homeforge's: why a merge is refused now (the merge box shows them). */
export const PullRequest = z.strictObject({
  id: int, url: z.string(), number: int, user: User, title: z.string(), body: z.string(), labels: z.array(Label),
  milestone: Milestone.nullable(), assignee: User.nullable(), assignees: z.array(User).nullable(),
  requested_reviewers: z.array(User), requested_reviewers_teams: z.array(Team),
  state: z.enum(['open', 'closed']), draft: z.boolean(), is_locked: z.boolean(), comments: int, review_comments: int,
  additions: int, deletions: int, changed_files: int,
  html_url: z.string(), diff_url: z.string(), patch_url: z.string(),
  mergeable: z.boolean(), merged: z.boolean(), merged_at: dateTime.nullable(), merge_commit_sha: z.string().nullable(),
  merged_by: User.nullable(), allow_maintainer_edit: z.boolean(),
  base: PRBranchInfo, head: PRBranchInfo, merge_base: z.string(),
  due_date: dateTime.nullable(), created_at: dateTime, updated_at: dateTime, closed_at: dateTime.nullable(),
  pin_order: int, content_version: int,
  conflicted_files: z.array(z.string()).optional(),
  mergeable_reasons: z.array(z.string()).optional(),
}).meta({ id: 'PullRequest' });
export type PullRequest = z.infer<typeof PullRequest>;

/** Gitea's `PullRequestMeta`, the `pull_request` of an issue that is one. */
export const PullRequestMeta = z.strictObject({ merged: z.boolean(), merged_at: dateTime.nullable(), draft: z.boolean(), html_url: z.string() }).meta({ id: 'PullRequestMeta' });
export type PullRequestMeta = z.infer<typeof PullRequestMeta>;

const dueDate = z.iso.datetime({ offset: true });

/** `POST /repos/{owner}/{repo}/pulls`. `head` is `branch` or `owner:branch` (a fork's). */
export const CreatePullRequestOption = z.object({
  head: z.string().min(1), base: z.string().min(1), title: z.string().min(1).max(255), body: z.string().optional(),
  assignee: z.string().optional(), assignees: z.array(z.string()).optional(), milestone: int.optional(), labels: z.array(int).optional(),
  due_date: dueDate.optional(), reviewers: z.array(z.string()).optional(), team_reviewers: z.array(z.string()).optional(),
  allow_maintainer_edit: z.boolean().optional(),
}).meta({ id: 'CreatePullRequestOption' });
export type CreatePullRequestOption = z.infer<typeof CreatePullRequestOption>;

/** `PATCH /repos/{owner}/{repo}/pulls/{index}`. */
export const EditPullRequestOption = z.object({
  title: z.string().min(1).max(255).optional(), body: z.string().optional(), base: z.string().min(1).optional(),
  assignee: z.string().optional(), assignees: z.array(z.string()).optional(), milestone: int.optional(), labels: z.array(int).optional(),
  state: z.enum(['open', 'closed']).optional(), due_date: dueDate.optional(), unset_due_date: z.boolean().optional(),
  allow_maintainer_edit: z.boolean().optional(), content_version: int.optional(),
}).meta({ id: 'EditPullRequestOption' });
export type EditPullRequestOption = z.infer<typeof EditPullRequestOption>;

/** Gitea's merge styles (`Do` of MergePullRequestOption). */
export const MergeStyle = z.enum(['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged']);

/** `POST .../pulls/{index}/merge`. */
export const MergePullRequestOption = z.object({
  Do: MergeStyle, MergeTitleField: z.string().optional(), MergeMessageField: z.string().optional(), MergeCommitID: z.string().optional(),
  head_commit_id: z.string().optional(), force_merge: z.boolean().optional(), merge_when_checks_succeed: z.boolean().optional(),
  delete_branch_after_merge: z.boolean().optional(),
}).meta({ id: 'MergePullRequestOption' });
export type MergePullRequestOption = z.infer<typeof MergePullRequestOption>;

/** `GET /repos/{owner}/{repo}/pulls`: Gitea's filters. */
export const PullListQuery = z.object({
  state: z.enum(['open', 'closed', 'all']).optional(),
  sort: z.enum(['oldest', 'recentupdate', 'recentclose', 'leastupdate', 'mostcomment', 'leastcomment', 'priority']).optional(),
  milestone: z.coerce.number().int().optional(),
  labels: z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).optional(),
  poster: z.string().optional(),
  base_branch: z.string().optional(),
}).meta({ id: 'PullListQuery' });
export type PullListQuery = z.infer<typeof PullListQuery>;

/** `POST .../pulls/{index}/update?style=merge|rebase`. */
export const PullUpdateQuery = z.object({ style: z.enum(['merge', 'rebase']).optional() }).meta({ id: 'PullUpdateQuery' });

/** Gitea's `ChangedFile`. */
export const ChangedFile = z.strictObject({
  filename: z.string(), previous_filename: z.string().optional(), status: z.string(), additions: int, deletions: int, changes: int,
  html_url: z.string(), contents_url: z.string(), raw_url: z.string(),
}).meta({ id: 'ChangedFile' });
export type ChangedFile = z.infer<typeof ChangedFile>;

/** `POST /repos/{owner}/{repo}/forks`. */
export const CreateForkOption = z.object({ organization: z.string().optional(), name: z.string().optional() }).meta({ id: 'CreateForkOption' });
export type CreateForkOption = z.infer<typeof CreateForkOption>;
