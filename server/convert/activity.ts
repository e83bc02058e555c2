/** Maps a feed row to Gitea's `Activity` (convert.ToActivity). */
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { FeedActionRecord } from '../store/feed-actions.ts';
import type { CommentRecord } from '../store/issue-comments.ts';
import type { Activity } from '../structs/activity.ts';
import type { Repository } from '../structs/repo.ts';
import { toUser } from './user.ts';
import { toComment } from './issue.ts';

/** A listed action with the records its answer shows. */
export interface ActivityParts {
  action: FeedActionRecord;
  repo: RepoRecord;
  owner: UserRecord;
  actor: UserRecord;
  comment?: { record: CommentRecord; poster: UserRecord } | undefined;
}

/** Gitea's `Activity` of a listed action; `repo` is the repository's JSON as the viewer sees it. */
export function toActivity(item: ActivityParts, repo: Repository, viewer: UserRecord | null, baseUrl: string): Activity {
  const a = item.action;
  return {
    id: a.id, user_id: a.user_id, op_type: a.op_type, act_user_id: a.act_user_id, act_user: toUser(item.actor, viewer, baseUrl),
    repo_id: a.repo_id, repo, ref_name: a.ref_name, is_private: item.repo.is_private, content: a.content, created: a.created,
    comment_id: item.comment ? a.comment_id : 0,
    ...(item.comment ? { comment: toComment(item.comment.record, item.comment.poster, item.owner, item.repo, viewer, baseUrl) } : {}),
  };
}
