/** Gitea's review shapes: `PullReview`, `PullReviewComment`, `CreatePullReviewOptions`, `SubmitPullReviewOptions`, `DismissPullReviewOptions`, `PullReviewRequestOptions`. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Team } from './org.ts';

/** The review event a client gives: APPROVED, REQUEST_CHANGES, COMMENT or PENDING (empty: PENDING, as Gitea reads it); checked by the service. */
export const ReviewEvent = z.string().max(32);

/** Gitea's `CreatePullReviewComment`: a comment on a line of the diff (new_position on the new side, old_position on the old). */
export const CreatePullReviewComment = z.object({
  path: z.string().max(4096).optional(),
  body: z.string().max(65_536).optional(),
  new_position: int.min(0).optional(),
  old_position: int.min(0).optional(),
}).meta({ id: 'CreatePullReviewComment' });

/** `POST .../pulls/{index}/reviews`. */
export const CreatePullReviewOptions = z.object({
  body: z.string().max(65_536).optional(),
  commit_id: z.string().max(64).optional(),
  event: ReviewEvent.optional(),
  comments: z.array(CreatePullReviewComment).max(500).optional(),
}).meta({ id: 'CreatePullReviewOptions' });
export type CreatePullReviewOptions = z.infer<typeof CreatePullReviewOptions>;

/** `POST .../pulls/{index}/reviews/{id}`: submits a pending review. */
export const SubmitPullReviewOptions = z.object({
  body: z.string().max(65_536).optional(),
  event: ReviewEvent.optional(),
}).meta({ id: 'SubmitPullReviewOptions' });
export type SubmitPullReviewOptions = z.infer<typeof SubmitPullReviewOptions>;

/** `POST .../reviews/{id}/dismissals`. */
export const DismissPullReviewOptions = z.object({
  message: z.string().max(65_536).optional(),
  priors: z.boolean().optional(),
}).meta({ id: 'DismissPullReviewOptions' });
export type DismissPullReviewOptions = z.infer<typeof DismissPullReviewOptions>;

/** `POST/DELETE .../pulls/{index}/requested_reviewers`. */
export const PullReviewRequestOptions = z.object({
  reviewers: z.array(z.string().max(255)).max(100).optional(),
  team_reviewers: z.array(z.string().max(255)).max(100).optional(),
}).meta({ id: 'PullReviewRequestOptions' });
export type PullReviewRequestOptions = z.infer<typeof PullReviewRequestOptions>;

/** Gitea's `PullReview`. */
export const PullReview = z.strictObject({
  id: int,
  user: User.nullable(),
  team: Team.nullable(),
  state: z.string(),
  body: z.string(),
  commit_id: z.string(),
  stale: z.boolean(),
  official: z.boolean(),
  dismissed: z.boolean(),
  comments_count: int,
  submitted_at: dateTime,
  updated_at: dateTime,
  html_url: z.string(),
  pull_request_url: z.string(),
}).meta({ id: 'PullReview' });
export type PullReview = z.infer<typeof PullReview>;

/** Gitea's `PullReviewComment`. */
export const PullReviewComment = z.strictObject({
  id: int,
  body: z.string(),
  user: User.nullable(),
  resolver: User.nullable(),
  pull_request_review_id: int,
  created_at: dateTime,
  updated_at: dateTime,
  path: z.string(),
  commit_id: z.string(),
  original_commit_id: z.string(),
  diff_hunk: z.string(),
  position: int,
  original_position: int,
  html_url: z.string(),
  pull_request_url: z.string(),
}).meta({ id: 'PullReviewComment' });
export type PullReviewComment = z.infer<typeof PullReviewComment>;
