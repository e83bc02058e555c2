/** The reviews of a pull request with their line comments, loaded once and shared by the conversation and the files tab. */
import type { PullReview, PullReviewComment } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { useLoad, type Loaded } from '../../../use-load.ts';

export interface ReviewThread {
  review: PullReview;
  comments: PullReviewComment[];
}

/** Every review of the pull request at `path` (the viewer's own pending one included) with its line comments. */
export function useReviews(path: string): Loaded<ReviewThread[]> {
  const { api } = useAuth();
  return useLoad(async () => {
    const reviews = await api.get<PullReview[]>(`${path}/reviews`);
    return Promise.all(reviews.map(async (review) => ({
      review, comments: review.comments_count ? await api.get<PullReviewComment[]>(`${path}/reviews/${review.id}/comments`) : [],
    })));
  }, `${path}|reviews`);
}

/** The viewer's pending review, if any. */
export const pendingOf = (threads: ReviewThread[] | null, login: string | undefined): PullReview | undefined =>
  threads?.find((t) => t.review.state === 'PENDING' && t.review.user?.login === login)?.review;

/** A review's state in words (Gitea's timeline wording). */
export function reviewWords(r: PullReview): string {
  switch (r.state) {
    case 'APPROVED': return 'approved these changes';
    case 'REQUEST_CHANGES': return 'requested changes';
    case 'PENDING': return 'started a review (pending, only you see it)';
    default: return 'reviewed';
  }
}

/** Where a line comment sits, in words. */
export const lineWords = (c: PullReviewComment): string => (c.position ? `line ${c.position}` : `old line ${c.original_position}`);

/** A line comment is outdated when it was made on another commit than the head's. */
export const isOutdated = (c: PullReviewComment, headSha: string): boolean => !!c.commit_id && c.commit_id !== headSha;
