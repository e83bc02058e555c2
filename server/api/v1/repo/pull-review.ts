/** Reviews and review requests of a pull request (Gitea's /pulls/{index}/reviews and /requested_reviewers). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, noContent } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { ValidationError } from '../../../lib/errors.ts';
import type { ReviewRecord } from '../../../store/reviews.ts';
import {
  CreatePullReviewOptions, DismissPullReviewOptions, PullReview, PullReviewComment, PullReviewRequestOptions, SubmitPullReviewOptions,
} from '../../../structs/review.ts';
import { toPullReview, toPullReviewComment, type ReviewLinks } from '../../../convert/review.ts';
import { toUser } from '../../../convert/user.ts';
import { findUserById } from '../../../services/user/lookup.ts';
import { getTeamOrThrow } from '../../../services/org/teams.ts';
import { createReview, deleteReview, getReview, listReviews, setDismissed, submitReview } from '../../../services/review/reviews.ts';
import { removeReviewRequests, requestReviews } from '../../../services/review/requests.ts';
import { teamJson } from '../org/json.ts';
import { idOf, indexOf, scopeOf } from './issue-helpers.ts';
import { pullsComment, pullsRead } from './pull-helpers.ts';

const R = '/repos/:owner/:repo/pulls/:index';

function linksFor(ctx: ApiContext<unknown, unknown>): ReviewLinks {
  const { owner, repo } = repoOf(ctx);
  const base = ctx.baseUrl.replace(/\/$/, '');
  return { html: `${base}/${owner.name}/${repo.name}/pulls/${indexOf(ctx)}`, api: `${base}/api/v1/repos/${owner.name}/${repo.name}/pulls/${indexOf(ctx)}` };
}

async function reviewJson(ctx: ApiContext<unknown, unknown>, r: ReviewRecord): Promise<PullReview> {
  const user = r.reviewer_id ? await findUserById(ctx.app, r.reviewer_id) : undefined;
  const team = r.reviewer_team_id ? await teamJson(ctx, await getTeamOrThrow(ctx.app, r.reviewer_team_id)) : null;
  return toPullReview(r, user ? toUser(user, ctx.doer, ctx.baseUrl) : null, team ?? null, linksFor(ctx));
}

const reviewsJson = async (ctx: ApiContext<unknown, unknown>, list: ReviewRecord[]) => Promise.all(list.map((r) => reviewJson(ctx, r)));

/** The request body's reviewers; at least one user or team. */
function reviewersOf(b: PullReviewRequestOptions): { users: string[]; teams: string[] } {
  const users = b.reviewers ?? [];
  const teams = b.team_reviewers ?? [];
  if (users.length + teams.length === 0) throw new ValidationError('reviewers: name at least one user or team');
  return { users, teams };
}

export const pullReviewRoutes = [
  route({
    method: 'post', path: `${R}/requested_reviewers`, operationId: 'repoCreatePullReviewRequests', access: 'signed-in', scope: 'repository', status: 201,
    response: z.array(PullReview), body: PullReviewRequestOptions, guards: pullsComment,
    handler: async (ctx) => {
      const { users, teams } = reviewersOf(ctx.body);
      json(ctx, 201, await reviewsJson(ctx, await requestReviews(ctx.app, scopeOf(ctx), indexOf(ctx), users, teams)));
    },
  }),
  route({
    method: 'delete', path: `${R}/requested_reviewers`, operationId: 'repoDeletePullReviewRequests', access: 'signed-in', scope: 'repository', status: 204,
    body: PullReviewRequestOptions, guards: pullsComment,
    handler: async (ctx) => {
      const { users, teams } = reviewersOf(ctx.body);
      await removeReviewRequests(ctx.app, scopeOf(ctx), indexOf(ctx), users, teams);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/reviews`, operationId: 'repoListPullReviews', access: 'public', scope: 'repository', response: z.array(PullReview), guards: pullsRead,
    handler: async (ctx) => {
      const mine = (r: ReviewRecord): boolean => r.type !== 'PENDING' || r.reviewer_id === ctx.doer?.id;
      json(ctx, 200, await reviewsJson(ctx, (await listReviews(ctx.app, repoOf(ctx).repo.id, indexOf(ctx))).filter(mine)));
    },
  }),
  route({
    method: 'post', path: `${R}/reviews`, operationId: 'repoCreatePullReview', access: 'signed-in', scope: 'repository', status: 200, response: PullReview,
    body: CreatePullReviewOptions, guards: pullsComment,
    handler: async (ctx) => json(ctx, 200, await reviewJson(ctx, await createReview(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/reviews/:id`, operationId: 'repoGetPullReview', access: 'public', scope: 'repository', response: PullReview, guards: pullsRead,
    handler: async (ctx) => json(ctx, 200, await reviewJson(ctx, await getReview(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx)))),
  }),
  route({
    method: 'post', path: `${R}/reviews/:id`, operationId: 'repoSubmitPullReview', access: 'signed-in', scope: 'repository', status: 200, response: PullReview,
    body: SubmitPullReviewOptions, guards: pullsComment,
    handler: async (ctx) => json(ctx, 200, await reviewJson(ctx, await submitReview(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/reviews/:id`, operationId: 'repoDeletePullReview', access: 'signed-in', scope: 'repository', status: 204, guards: pullsComment,
    handler: async (ctx) => {
      await deleteReview(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/reviews/:id/comments`, operationId: 'repoGetPullReviewComments', access: 'public', scope: 'repository', response: z.array(PullReviewComment), guards: pullsRead,
    handler: async (ctx) => {
      const r = await getReview(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx));
      const user = await findUserById(ctx.app, r.reviewer_id);
      const u = user ? toUser(user, ctx.doer, ctx.baseUrl) : null;
      json(ctx, 200, r.comments.map((c) => toPullReviewComment(r, c, u, linksFor(ctx))));
    },
  }),
  route({
    method: 'post', path: `${R}/reviews/:id/dismissals`, operationId: 'repoDismissPullReview', access: 'signed-in', scope: 'repository', status: 200, response: PullReview,
    body: DismissPullReviewOptions, guards: pullsComment,
    handler: async (ctx) => json(ctx, 200, await reviewJson(ctx, await setDismissed(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx), true))),
  }),
  route({
    method: 'post', path: `${R}/reviews/:id/undismissals`, operationId: 'repoUnDismissPullReview', access: 'signed-in', scope: 'repository', status: 200, response: PullReview,
    guards: pullsComment,
    handler: async (ctx) => json(ctx, 200, await reviewJson(ctx, await setDismissed(ctx.app, scopeOf(ctx), indexOf(ctx), idOf(ctx), false))),
  }),
];
