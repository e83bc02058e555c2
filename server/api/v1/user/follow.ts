/** Following users and organizations, as Gitea's routers/api/v1/user/follower.go: lists, checks, follow and unfollow. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { noContent, setPageHeaders } from '../../router/respond.ts';
import type { KeptPage } from '../../router/kept-pages.ts';
import { sendJsonText } from '../../router/send-json.ts';
import { keptUserList, sendUserList } from './user-text.ts';
import { User } from '../../../structs/user.ts';
import type { UserRecord } from '../../../store/records.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';
import { isActionsUser } from '../../../services/auth/actions-token.ts';
import { keptRead } from '../../../services/kept-reads.ts';
import type { UserPage } from '../../../services/user/follow.ts';
import { followTarget, followUser, listFollowers, listFollowing, requireFollowing, unfollowUser } from '../../../services/user/follow.ts';

const Users = z.array(User);
const F = '/user/following/:username';

const scopesOf = (ctx: ApiContext<unknown, unknown>) => ctx.auth?.token?.scopes;
const publicOnly = (ctx: ApiContext<unknown, unknown>) => !!scopesOf(ctx) && isPublicOnly(scopesOf(ctx)!);
const visible = (ctx: ApiContext<unknown, unknown>, name: string) => getVisibleUser(ctx.app, name, ctx.doer, scopesOf(ctx));

/** A follow list's page with its bytes when every listed record has a kept text. */
interface FollowAnswer extends UserPage { text: KeptPage | undefined }

const lists = { followers: listFollowers, following: listFollowing };

/**
 * One page of `user`'s followers or followings as the viewer may see it. The answer (filtered page and its bytes) is
 * kept for the same viewer, token reach, page and base URL until the store changes (services/kept-reads.ts): the
 * filter reads every follower's record, and clients poll these lists.
 */
async function sendFollowList(ctx: ApiContext<unknown, unknown>, kind: keyof typeof lists, user: UserRecord): Promise<void> {
  const reach = publicOnly(ctx);
  const { page, limit } = ctx.paging;
  const key = isActionsUser(ctx.doer) ? null : `${kind}|${user.id}|${ctx.doer?.id ?? 0}|${reach}|${page}|${limit}|${ctx.baseUrl}`;
  const answer = await keptRead<FollowAnswer>(ctx.app, key, async () => {
    const p = await lists[kind](ctx.app, user, ctx.doer, reach, ctx.paging);
    return { ...p, text: keptUserList(ctx, p.users, 'plain') };
  });
  setPageHeaders(ctx, answer.total);
  if (answer.text && sendJsonText(ctx.res, 200, answer.text.body, answer.text.etag)) return;
  sendUserList(ctx, answer.users);
}

export const followRoutes = [
  route({
    method: 'get', path: '/user/followers', operationId: 'userCurrentListFollowers', access: 'signed-in', scope: 'user', response: Users,
    handler: (ctx) => sendFollowList(ctx, 'followers', ctx.doer!),
  }),
  route({
    method: 'get', path: '/user/following', operationId: 'userCurrentListFollowing', access: 'signed-in', scope: 'user', response: Users,
    handler: (ctx) => sendFollowList(ctx, 'following', ctx.doer!),
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
    handler: async (ctx) => sendFollowList(ctx, 'followers', await visible(ctx, ctx.params.username!)),
  }),
  route({
    method: 'get', path: '/users/:username/following', operationId: 'userListFollowing', access: 'public', scope: 'user', response: Users,
    handler: async (ctx) => sendFollowList(ctx, 'following', await visible(ctx, ctx.params.username!)),
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
