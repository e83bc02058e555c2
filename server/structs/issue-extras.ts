/** Gitea's wire shapes for reactions, subscriptions, the timeline and attachments of issues and comments. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Label, Milestone } from './issue-label.ts';
import { Comment, Issue } from './issue.ts';

/** Gitea's `Reaction`. */
export const Reaction = z.strictObject({ user: User, content: z.string(), created_at: dateTime }).meta({ id: 'Reaction' });
export type Reaction = z.infer<typeof Reaction>;

/** `POST`/`DELETE .../reactions`: a missing content is no allowed reaction (403, as Gitea). */
export const EditReactionOption = z.object({ content: z.string().max(64).optional() }).meta({ id: 'EditReactionOption' });
export type EditReactionOption = z.infer<typeof EditReactionOption>;

/** Gitea's `WatchInfo`, of an issue too (`GET .../subscriptions/check`). */
export { WatchInfo } from './watch.ts';

/** Gitea's `TimelineComment`: a comment or an event of an issue's timeline. */
export const TimelineComment = z.strictObject({
  id: int, type: z.string(), html_url: z.string(), issue_url: z.string(), pull_request_url: z.string(), user: User, body: z.string(),
  created_at: dateTime, updated_at: dateTime,
  old_project_id: int, project_id: int, old_title: z.string(), new_title: z.string(), old_ref: z.string(), new_ref: z.string(),
  old_milestone: Milestone.nullable(), milestone: Milestone.nullable(), label: Label.nullable(),
  assignee: User.nullable(), assignee_team: z.null(), removed_assignee: z.boolean(), resolve_doer: User.nullable(),
  ref_action: z.string(), ref_commit_sha: z.string(), ref_issue: Issue.nullable(), ref_comment: Comment.nullable(),
  dependent_issue: Issue.nullable(), review_id: int, tracked_time: z.null(),
}).meta({ id: 'TimelineComment' });
export type TimelineComment = z.infer<typeof TimelineComment>;

export { Attachment } from './issue.ts';

/** `PATCH .../assets/{attachment_id}`. */
/** A file name must be well-formed text (a lone surrogate cannot be put in a URL). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const fileName = z.string().refine((s) => !LONE_SURROGATE.test(s), 'must be valid text');
export const EditAttachmentOptions = z.object({ name: fileName.min(1).max(255).optional() }).meta({ id: 'EditAttachmentOptions' });
export type EditAttachmentOptions = z.infer<typeof EditAttachmentOptions>;

/** Query of the timeline. */
export const TimelineQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  before: z.iso.datetime({ offset: true }).optional(),
}).loose();
export type TimelineQuery = z.infer<typeof TimelineQuery>;

/** Query of an attachment upload: the name to store it under. */
export const AttachmentQuery = z.object({ name: fileName.max(255).optional() }).loose();
export type AttachmentQuery = z.infer<typeof AttachmentQuery>;
