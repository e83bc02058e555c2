/** Following users and organizations, as Gitea's routers/api/v1/user/follower.go: lists, checks, follow and unfollow. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { noContent, setPageHeaders } from '../../router/respond.ts';
import { sendUserList } from './user-text.ts';
import { User } from '../../../structs/user.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';
import type { UserPage } from '../../../services/user/follow.ts';
import { followTarget, followUser, listFollowers, listFollowing, requireFollowing, unfollowUser } from '../../../services/user/follow.ts';

const Users = z.array(User);
const F = '/user/following/:username';

const scopesOf = (ctx: ApiContext<unknown, unknown>) => ctx.auth?.token?.scopes;
const publicOnly = (ctx: ApiContext<unknown, unknown>) => !!scopesOf(ctx) && isPublicOnly(scopesOf(ctx)!);
const visible = (ctx: ApiContext<unknown, unknown>, name: string) => getVisibleUser(ctx.app, name, ctx.doer, scopesOf(ctx));

function sendUsers(ctx: ApiContext<unknown, unknown>, p: UserPage): void {
  setPageHeaders(ctx, p.total);
  sendUserList(ctx, p.users);
}

export const followRoutes = [
  route({
    method: 'get', path: '/user/followers', operationId: 'userCurrentListFollowers', access: 'signed-in', scope: 'user', response: Users,
    handler: async (ctx) => sendUsers(ctx, await listFollowers(ctx.app, ctx.doer!, ctx.doer, publicOnly(ctx), ctx.paging)),
  }),
  route({
    method: 'get', path: '/user/following', operationId: 'userCurrentListFollowing', access: 'signed-in', scope: 'user', response: Users,
    handler: async (ctx) => sendUsers(ctx, await listFollowing(ctx.app, ctx.doer!, ctx.doer, publicOnly(ctx), ctx.paging)),
  }),
  route({
    method: 'get', path: F, operationId: 'userCurrentCheckFollowing', access: 'signed-in', scope: 'user', status: 204,
    handler: async (ctx) => {
      await requireFollowing(ctx.app, ctx.doer!, await followTarget(ctx.app, ctx.params.username!, ctx.doer!, scopesOf(ctx)));
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: F, operationId: 'userCurrentPutFollow', access: 'signed-in', scope: 'user', status: 204,
    handler: async (ctx) => {
      await followUser(ctx.app, ctx.doer!, await followTarget(ctx.app, ctx.params.username!, ctx.doer!, scopesOf(ctx)));
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: F, operationId: 'userCurrentDeleteFollow', access: 'signed-in', scope: 'user', status: 204,
    handler: async (ctx) => {
      await unfollowUser(ctx.app, ctx.doer!, await followTarget(ctx.app, ctx.params.username!, ctx.doer!, scopesOf(ctx), true));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/users/:username/followers', operationId: 'userListFollowers', access: 'public', scope: 'user', response: Users,
    handler: async (ctx) => sendUsers(ctx, await listFollowers(ctx.app, await visible(ctx, ctx.params.username!), ctx.doer, publicOnly(ctx), ctx.paging)),
  }),
  route({
    method: 'get', path: '/users/:username/following', operationId: 'userListFollowing', access: 'public', scope: 'user', response: Users,
    handler: async (ctx) => sendUsers(ctx, await listFollowing(ctx.app, await visible(ctx, ctx.params.username!), ctx.doer, publicOnly(ctx), ctx.paging)),
  }),
  route({
    method: 'get', path: '/users/:username/following/:target', operationId: 'userCheckFollowing', access: 'public', scope: 'user', status: 204,
    handler: async (ctx) => {
      const user = await visible(ctx, ctx.params.username!);
      await requireFollowing(ctx.app, user, await visible(ctx, ctx.params.target!));
      noContent(ctx);
    },
  }),
];
