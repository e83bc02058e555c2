/** Starring repositories: stargazers, the acting user's stars (token required, as Gitea's reqToken), starred repositories. */
import { z } from 'zod';
import { route, type Guard } from '../../router/route.ts';
import { noContent, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { sendUserList } from '../user/user-text.ts';
import { sendRepoPage } from './json.ts';
import { User } from '../../../structs/user.ts';
import { Repository } from '../../../structs/repo.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { listStargazers, listStarred, requireStarring, requireStarsEnabled, starRepo, unstarRepo } from '../../../services/repository/star.ts';

const starsOn: Guard = (ctx) => requireStarsEnabled(ctx.app);
const readRepo = [starsOn, repoAccess('read')];
const S = '/user/starred/:owner/:repo';

export const starRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/stargazers', operationId: 'repoListStargazers', access: 'public', scope: 'repository', response: z.array(User), guards: readRepo,
    handler: async (ctx) => {
      const { users, total } = await listStargazers(ctx.app, repoOf(ctx).repo, ctx.paging);
      setPageHeaders(ctx, total);
      sendUserList(ctx, users);
    },
  }),
  route({
    method: 'get', path: '/user/starred', operationId: 'userCurrentListStarred', access: 'signed-in', scope: 'user', response: z.array(Repository), guards: [starsOn],
    handler: async (ctx) => sendRepoPage(ctx, await listStarred(ctx.app, ctx.doer!, ctx.doer, ctx.paging)),
  }),
  route({
    method: 'get', path: S, operationId: 'userCurrentCheckStarring', access: 'signed-in', scope: 'user', status: 204, guards: readRepo,
    handler: async (ctx) => {
      await requireStarring(ctx.app, ctx.doer!, repoOf(ctx).repo);
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: S, operationId: 'userCurrentPutStar', access: 'signed-in', scope: 'user', status: 204, guards: readRepo,
    handler: async (ctx) => {
      await starRepo(ctx.app, ctx.doer!.id, repoOf(ctx).repo.id);
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: S, operationId: 'userCurrentDeleteStar', access: 'signed-in', scope: 'user', status: 204, guards: readRepo,
    handler: async (ctx) => {
      await unstarRepo(ctx.app, ctx.doer!.id, repoOf(ctx).repo.id);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/users/:username/starred', operationId: 'userListStarred', access: 'public', scope: 'user', response: z.array(Repository), guards: [starsOn],
    handler: async (ctx) => {
      const user = await getVisibleUser(ctx.app, ctx.params.username!, ctx.doer, ctx.auth?.token?.scopes);
      sendRepoPage(ctx, await listStarred(ctx.app, user, ctx.doer, ctx.paging));
    },
  }),
];
