/** The signed-in user, public user lookups and the user search. `/users/search` comes before `/users/:username`. */
import { route } from '../../router/route.ts';
import { json, pageOf, setPageHeaders } from '../../router/respond.ts';
import { toUser } from '../../../convert/user.ts';
import { sendUserList } from './user-text.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { countStarred } from '../../../services/repository/star.ts';
import { searchUsers } from '../../../services/user/search.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';
import { User, UserSearchQuery, UserSearchResults } from '../../../structs/user.ts';

export const userRoutes = [
  route({
    method: 'get', path: '/user', operationId: 'userGetCurrent', access: 'signed-in', scope: 'user', response: User, beforePasswordChange: true,
    handler: async (ctx) => json(ctx, 200, toUser(ctx.doer!, ctx.doer, ctx.baseUrl, { starred: await countStarred(ctx.app, ctx.doer!.id) })),
  }),
  route({
    method: 'get', path: '/users/search', operationId: 'userSearch', access: 'public', scope: 'user', query: UserSearchQuery, response: UserSearchResults,
    handler: async (ctx) => {
      const publicOnly = !!ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes);
      const users = await searchUsers(ctx.app, ctx.doer, ctx.query, publicOnly);
      setPageHeaders(ctx, users.length);
      sendUserList(ctx, pageOf(ctx, users), 'search');
    },
  }),
  route({
    method: 'get', path: '/users/:username', operationId: 'userGet', access: 'public', scope: 'user', response: User,
    handler: async (ctx) => {
      const user = await getVisibleUser(ctx.app, ctx.params.username!, ctx.doer, ctx.auth?.token?.scopes);
      json(ctx, 200, toUser(user, ctx.doer, ctx.baseUrl, { starred: await countStarred(ctx.app, user.id) }));
    },
  }),
];
