/** Pull requests of a repository (Gitea's routers/api/v1/repo/pull.go): list, create, get, get by base and head, edit. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { PullRequest, CreatePullRequestOption, EditPullRequestOption, PullListQuery } from '../../../structs/pull.ts';
import { createPull, editPull, getPull, getPullByBaseHead, listPulls } from '../../../services/pull/pulls.ts';
import { indexOf, scopeOf } from './issue-helpers.ts';
import { wildcard } from './http-helpers.ts';
import { pullJson, pullsComment, pullsRead } from './pull-helpers.ts';

const R = '/repos/:owner/:repo/pulls';

export const pullRoutes = [
  route({
    method: 'get', path: R, operationId: 'repoListPullRequests', access: 'public', scope: 'repository', query: PullListQuery, response: z.array(PullRequest), guards: pullsRead,
    handler: async (ctx) => {
      const q = ctx.query;
      const labels = q.labels === undefined ? undefined : Array.isArray(q.labels) ? q.labels : [q.labels];
      const { rows, total } = await listPulls(ctx.app, repoOf(ctx).repo, { ...q, labels }, ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, await Promise.all(rows.map((p) => pullJson(ctx, p))));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'repoCreatePullRequest', access: 'signed-in', scope: 'repository', body: CreatePullRequestOption, response: PullRequest, status: 201, guards: pullsComment,
    handler: async (ctx) => json(ctx, 201, await pullJson(ctx, await createPull(ctx.app, scopeOf(ctx), ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/:index`, operationId: 'repoGetPullRequest', access: 'public', scope: 'repository', response: PullRequest, guards: pullsRead,
    handler: async (ctx) => json(ctx, 200, await pullJson(ctx, await getPull(ctx.app, repoOf(ctx).repo.id, indexOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/:index`, operationId: 'repoEditPullRequest', access: 'signed-in', scope: 'repository', body: EditPullRequestOption, response: PullRequest, status: 201, guards: pullsComment,
    handler: async (ctx) => json(ctx, 201, await pullJson(ctx, await editPull(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body))),
  }),
];

/** Registered after every `pulls/{index}/...` route, which this path would otherwise take. */
export const pullByBaseHeadRoutes = [
  route({
    method: 'get', path: `${R}/:base/*head`, operationId: 'repoGetPullRequestByBaseHead', access: 'public', scope: 'repository', response: PullRequest, guards: pullsRead,
    handler: async (ctx) => json(ctx, 200, await pullJson(ctx, await getPullByBaseHead(ctx.app, repoOf(ctx).repo, ctx.params.base ?? '', wildcard(ctx, 'head')))),
  }),
];
