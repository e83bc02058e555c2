/** Forks of a repository (Gitea's routers/api/v1/repo/fork.go): list and create. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { Repository } from '../../../structs/repo.ts';
import { CreateForkOption } from '../../../structs/pull.ts';
import { forkRepository, listForks } from '../../../services/repository/fork.ts';
import { viewOf } from '../../../services/repository/repos.ts';
import { repoJson } from './json.ts';

const R = '/repos/:owner/:repo/forks';

export const forkRoutes = [
  route({
    method: 'get', path: R, operationId: 'listForks', access: 'public', scope: 'repository', response: z.array(Repository), guards: [repoAccess('read')],
    handler: async (ctx) => {
      const views = [];
      for (const r of await listForks(ctx.app, repoOf(ctx).repo)) {
        const v = await viewOf(ctx.app, ctx.doer, r);
        if (v) views.push(v);
      }
      setPageHeaders(ctx, views.length);
      const { page, limit } = ctx.paging;
      json(ctx, 200, views.slice((page - 1) * limit, page * limit).map((v) => repoJson(ctx, v)));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'createFork', access: 'signed-in', scope: 'repository', body: CreateForkOption, response: Repository, status: 202, guards: [repoAccess('read', 'repo.code')],
    handler: async (ctx) => {
      const fork = await forkRepository(ctx.app, ctx.doer!, repoOf(ctx).repo, ctx.body, ctx.baseUrl);
      const v = await viewOf(ctx.app, ctx.doer, fork);
      json(ctx, 202, repoJson(ctx, v!));
    },
  }),
];
