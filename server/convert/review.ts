/** Reviews as Gitea's `PullReview` and their line comments as `PullReviewComment`. */
import type { ReviewCommentRecord, ReviewRecord } from '../store/reviews.ts';
import type { PullReview, PullReviewComment } from '../structs/review.ts';
import type { Team } from '../structs/org.ts';
import type { User } from '../structs/user.ts';

export interface ReviewLinks {
  /** The pull request's web page. */
  html: string;
  /** The pull request's API address. */
  api: string;
}

/** Gitea's ToPullReview. */
export function toPullReview(r: ReviewRecord, user: User | null, team: Team | null, links: ReviewLinks): PullReview {
  return {
    id: r.id, user, team, state: r.type, body: r.body, commit_id: r.commit_id, stale: r.stale, official: r.official, dismissed: r.dismissed,
    comments_count: r.comments.length, submitted_at: r.updated, updated_at: r.updated,
    html_url: `${links.html}#issuecomment-${r.id}`, pull_request_url: links.html,
  };
}

/** Gitea's ToPullReviewCommentList entry. */
export function toPullReviewComment(r: ReviewRecord, c: ReviewCommentRecord, user: User | null, links: ReviewLinks): PullReviewComment {
  return {
    id: c.id, body: c.body, user, resolver: null, pull_request_review_id: r.id, created_at: c.created, updated_at: c.created,
    path: c.path, commit_id: c.commit_id, original_commit_id: c.commit_id, diff_hunk: '',
    position: c.new_position, original_position: c.old_position,
    html_url: `${links.html}/files#issuecomment-${c.id}`, pull_request_url: links.html,
  };
}
