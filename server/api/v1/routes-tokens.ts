/**
 * Access tokens. The `/users/:username/tokens` routes take basic auth or reverse-proxy auth, never a token
 * (Gitea's reqBasicOrRevProxyAuth); a user manages their own tokens, a site admin anyone's. `/token` is the
 * token the request was made with.
 */
import { route } from './route.ts';
import { json, noContent, paged } from './respond.ts';
import { toAccessToken, toCurrentAccessToken } from '../../convert/token.ts';
import { createToken, currentToken, deleteCurrentToken, deleteToken, listTokens, tokenOwnerFor } from '../../services/tokens.ts';
import { CreateAccessTokenOption } from './schemas-users.ts';

export const tokenRoutes = [
  route({
    method: 'get', path: '/users/:username/tokens', operationId: 'userGetTokens', access: 'basic', scope: 'user',
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      paged(ctx, await listTokens(ctx.app, owner), (t) => toAccessToken(t));
    },
  }),
  route({
    method: 'post', path: '/users/:username/tokens', operationId: 'userCreateToken', access: 'basic', scope: 'user', body: CreateAccessTokenOption,
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      const { record, value } = await createToken(ctx.app, owner, ctx.body.name, ctx.body.scopes ?? []);
      json(ctx, 201, toAccessToken(record, value));
    },
  }),
  route({
    method: 'delete', path: '/users/:username/tokens/:token', operationId: 'userDeleteAccessToken', access: 'basic', scope: 'user',
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      await deleteToken(ctx.app, owner, ctx.params.token!);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/token', operationId: 'getCurrentToken', access: 'signed-in', scope: null,
    handler: async (ctx) => {
      const { token, owner } = await currentToken(ctx.app, ctx.auth!);
      json(ctx, 200, toCurrentAccessToken(token, owner));
    },
  }),
  route({
    method: 'delete', path: '/token', operationId: 'deleteCurrentToken', access: 'signed-in', scope: null,
    handler: async (ctx) => {
      await deleteCurrentToken(ctx.app, ctx.auth!);
      noContent(ctx);
    },
  }),
];
