/** Gitea's `Activity` (an entry of an activity feed) and the feed queries. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Repository } from './repo.ts';
import { Comment } from './issue.ts';

/** Gitea's ActionType names, as `op_type` carries them. */
export const ActivityOpType = z.enum([
  'create_repo', 'rename_repo', 'star_repo', 'watch_repo', 'commit_repo', 'create_issue', 'create_pull_request', 'transfer_repo', 'push_tag',
  'comment_issue', 'merge_pull_request', 'close_issue', 'reopen_issue', 'close_pull_request', 'reopen_pull_request', 'delete_tag', 'delete_branch',
  'mirror_sync_push', 'mirror_sync_create', 'mirror_sync_delete', 'approve_pull_request', 'reject_pull_request', 'comment_pull', 'publish_release',
  'pull_review_dismissed', 'pull_request_ready_for_review', 'auto_merge_pull_request',
]);

/** Gitea's `Activity`. */
export const Activity = z.strictObject({
  id: int,
  user_id: int,
  op_type: ActivityOpType,
  act_user_id: int,
  act_user: User,
  repo_id: int,
  repo: Repository,
  comment_id: int,
  comment: Comment.optional(),
  ref_name: z.string(),
  is_private: z.boolean(),
  content: z.string(),
  created: dateTime,
}).meta({ id: 'Activity' });
export type Activity = z.infer<typeof Activity>;

/** Gitea's ParseBool as FormBool uses it: anything else is false. */
const queryBool = z.string().transform((v) => ['1', 't', 'true'].includes(v.toLowerCase())).optional();

/** Query of the feed routes (`page` and `limit` are read by the router). */
export const ActivityFeedQuery = z.object({ date: z.string().optional() }).loose();
export type ActivityFeedQuery = z.infer<typeof ActivityFeedQuery>;

/** Query of GET /users/{username}/activities/feeds. */
export const UserActivityFeedQuery = ActivityFeedQuery.extend({ 'only-performed-by': queryBool }).loose();
export type UserActivityFeedQuery = z.infer<typeof UserActivityFeedQuery>;
