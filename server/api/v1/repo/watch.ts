/** Watching repositories: the acting user's subscription (token required, as Gitea's reqToken), watchers, watched repositories. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, pageOf, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { linksOf } from './http-helpers.ts';
import { sendUserList } from '../user/user-text.ts';
import { sendRepoPage } from './json.ts';
import { toWatchInfo } from '../../../convert/content.ts';
import { User } from '../../../structs/user.ts';
import { Repository } from '../../../structs/repo.ts';
import { WatchInfo } from '../../../structs/watch.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { listWatched, listWatchers, requireWatching, unwatchRepo, watchRepo } from '../../../services/repository/watch.ts';

const R = '/repos/:owner/:repo';
const read = [repoAccess('read')];

export const watchRoutes = [
  route({
    method: 'get', path: `${R}/subscribers`, operationId: 'repoListSubscribers', access: 'public', scope: 'repository', response: z.array(User), guards: read,
    handler: async (ctx) => {
      const all = await listWatchers(ctx.app, repoOf(ctx).repo);
      setPageHeaders(ctx, all.length);
      sendUserList(ctx, pageOf(ctx, all));
    },
  }),
  route({
    method: 'get', path: `${R}/subscription`, operationId: 'userCurrentCheckSubscription', access: 'signed-in', scope: 'repository', response: WatchInfo, guards: read,
    handler: async (ctx) => {
      await requireWatching(ctx.app, ctx.doer!, repoOf(ctx).repo);
      json(ctx, 200, toWatchInfo(repoOf(ctx).repo.created, linksOf(ctx)));
    },
  }),
  route({
    method: 'put', path: `${R}/subscription`, operationId: 'userCurrentPutSubscription', access: 'signed-in', scope: 'repository', response: WatchInfo, guards: read,
    handler: async (ctx) => {
      await watchRepo(ctx.app, ctx.doer!.id, repoOf(ctx).repo.id);
      json(ctx, 200, toWatchInfo(repoOf(ctx).repo.created, linksOf(ctx)));
    },
  }),
  route({
    method: 'delete', path: `${R}/subscription`, operationId: 'userCurrentDeleteSubscription', access: 'signed-in', scope: 'repository', status: 204, guards: read,
    handler: async (ctx) => {
      await unwatchRepo(ctx.app, ctx.doer!.id, repoOf(ctx).repo.id);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/user/subscriptions', operationId: 'userCurrentListSubscriptions', access: 'signed-in', scope: 'user', response: z.array(Repository),
    handler: async (ctx) => sendRepoPage(ctx, await listWatched(ctx.app, ctx.doer!, ctx.doer, ctx.paging)),
  }),
  route({
    method: 'get', path: '/users/:username/subscriptions', operationId: 'userListSubscriptions', access: 'public', scope: 'user', response: z.array(Repository),
    handler: async (ctx) => {
      const user = await getVisibleUser(ctx.app, ctx.params.username!, ctx.doer, ctx.auth?.token?.scopes);
      sendRepoPage(ctx, await listWatched(ctx.app, user, ctx.doer, ctx.paging));
    },
  }),
];
