/** Gitea's wire shapes for issues and comments (requests and answers); the TS types are inferred from them. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Label, Milestone } from './issue-label.ts';
import { PullRequestMeta } from './pull.ts';

/** Gitea's `RepositoryMeta`: the repository an issue belongs to. */
export const RepositoryMeta = z.strictObject({ id: int, name: z.string(), owner: z.string(), full_name: z.string() }).meta({ id: 'RepositoryMeta' });

/** Gitea's `Issue`. */
export const Issue = z.strictObject({
  id: int,
  url: z.string(),
  html_url: z.string(),
  number: int,
  user: User,
  original_author: z.string(),
  original_author_id: int,
  title: z.string(),
  body: z.string(),
  ref: z.string(),
  assets: z.array(z.unknown()),
  labels: z.array(Label),
  milestone: Milestone.nullable(),
  assignee: User.nullable(),
  assignees: z.array(User).nullable(),
  state: z.enum(['open', 'closed']),
  is_locked: z.boolean(),
  comments: int,
  created_at: dateTime,
  updated_at: dateTime,
  closed_at: dateTime.nullable(),
  due_date: dateTime.nullable(),
  time_estimate: int,
  pull_request: PullRequestMeta.nullable(),
  repository: RepositoryMeta,
  pin_order: int,
  content_version: int,
}).meta({ id: 'Issue' });
export type Issue = z.infer<typeof Issue>;

const dueDate = z.iso.datetime({ offset: true });

/** `POST /repos/{owner}/{repo}/issues`: only `title` is required. */
export const CreateIssueOption = z.object({
  title: z.string().min(1).max(255),
  body: z.string().optional(),
  ref: z.string().optional(),
  assignee: z.string().optional(),
  assignees: z.array(z.string()).optional(),
  due_date: dueDate.optional(),
  milestone: int.optional(),
  labels: z.array(int).optional(),
  closed: z.boolean().optional(),
  projects: z.array(int).optional(),
}).meta({ id: 'CreateIssueOption' });
export type CreateIssueOption = z.infer<typeof CreateIssueOption>;

/** `PATCH .../issues/{index}`: fields applied when present. */
export const EditIssueOption = z.object({
  title: z.string().min(1).max(255).optional(),
  body: z.string().optional(),
  ref: z.string().optional(),
  assignee: z.string().optional(),
  assignees: z.array(z.string()).optional(),
  milestone: int.nullable().optional(),
  state: z.enum(['open', 'closed']).optional(),
  due_date: dueDate.nullable().optional(),
  unset_due_date: z.boolean().optional(),
  content_version: int.optional(),
  projects: z.array(int).optional(),
}).meta({ id: 'EditIssueOption' });
export type EditIssueOption = z.infer<typeof EditIssueOption>;

/** `POST .../issues/{index}/deadline`. */
export const EditDeadlineOption = z.object({ due_date: dueDate.nullable() }).meta({ id: 'EditDeadlineOption' });
export type EditDeadlineOption = z.infer<typeof EditDeadlineOption>;

/** Gitea's `IssueDeadline`. */
export const IssueDeadline = z.strictObject({ due_date: dateTime.nullable() }).meta({ id: 'IssueDeadline' });

const intParam = z.string().regex(/^-?\d+$/, 'expected an integer').transform(Number);

/** Query of GET .../issues (Gitea's ListIssues). */
export const IssueListQuery = z.object({
  state: z.enum(['open', 'closed', 'all']).optional(),
  labels: z.string().optional(),
  q: z.string().optional(),
  type: z.enum(['issues', 'pulls']).optional(),
  milestones: z.string().optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  created_by: z.string().optional(),
  assigned_by: z.string().optional(),
  mentioned_by: z.string().optional(),
}).loose();
export type IssueListQuery = z.infer<typeof IssueListQuery>;

/** Query of GET /repos/issues/search. */
export const IssueSearchQuery = IssueListQuery.extend({
  owner: z.string().optional(),
  team: z.string().optional(),
  assigned: z.enum(['true', 'false']).optional(),
  created: z.enum(['true', 'false']).optional(),
  mentioned: z.string().optional(),
  priority_repo_id: intParam.optional(),
}).loose();
export type IssueSearchQuery = z.infer<typeof IssueSearchQuery>;

/** Gitea's `Comment`. */
export const Comment = z.strictObject({
  id: int,
  html_url: z.string(),
  pull_request_url: z.string(),
  issue_url: z.string(),
  user: User,
  original_author: z.string(),
  original_author_id: int,
  body: z.string(),
  assets: z.array(z.unknown()),
  created_at: dateTime,
  updated_at: dateTime,
}).meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

/** `POST .../comments` and `PATCH .../comments/{id}`. */
export const CreateIssueCommentOption = z.object({ body: z.string().min(1) }).meta({ id: 'CreateIssueCommentOption' });
export type CreateIssueCommentOption = z.infer<typeof CreateIssueCommentOption>;
export const EditIssueCommentOption = z.object({ body: z.string().min(1) }).meta({ id: 'EditIssueCommentOption' });
export type EditIssueCommentOption = z.infer<typeof EditIssueCommentOption>;

/** Query of the comment lists. */
export const CommentListQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  before: z.iso.datetime({ offset: true }).optional(),
}).loose();
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** Gitea's `IssueMeta`: the other issue of a dependency (its repository defaults to the path's). */
export const IssueMeta = z.object({ index: int, owner: z.string().optional(), repo: z.string().optional() }).meta({ id: 'IssueMeta' });
export type IssueMeta = z.infer<typeof IssueMeta>;
