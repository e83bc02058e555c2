/**
 * Access tokens. The `/users/:username/tokens` routes take basic auth, reverse-proxy auth or a UI session, never
 * a token header (Gitea's reqBasicOrRevProxyAuth); creating one needs a password (with the second factor), never
 * a token, not even as the Basic password. A user manages their own tokens, a site admin anyone's. `/token`
 * is the token the request was made with.
 */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { toAccessToken, toCurrentAccessToken } from '../../../convert/token.ts';
import { createToken, currentToken, deleteCurrentToken, deleteToken, listTokens, tokenOwnerFor } from '../../../services/token/tokens.ts';
import { CreateAccessTokenOption } from '../../../structs/user.ts';
import { AccessToken, CurrentAccessToken } from '../../../structs/token.ts';

export const tokenRoutes = [
  route({
    method: 'get', path: '/users/:username/tokens', operationId: 'userGetTokens', access: 'basic', scope: 'user', response: z.array(AccessToken),
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      paged(ctx, await listTokens(ctx.app, owner), (t) => toAccessToken(t));
    },
  }),
  route({
    method: 'post', path: '/users/:username/tokens', operationId: 'userCreateToken', access: 'password', scope: 'user', body: CreateAccessTokenOption, status: 201, response: AccessToken,
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      const { record, value } = await createToken(ctx.app, owner, ctx.body.name, ctx.body.scopes ?? []);
      json(ctx, 201, toAccessToken(record, value));
    },
  }),
  route({
    method: 'delete', path: '/users/:username/tokens/:token', operationId: 'userDeleteAccessToken', access: 'basic', scope: 'user', status: 204,
    handler: async (ctx) => {
      const owner = await tokenOwnerFor(ctx.app, ctx.doer!, ctx.params.username!);
      await deleteToken(ctx.app, owner, ctx.params.token!);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/token', operationId: 'getCurrentToken', access: 'signed-in', scope: null, response: CurrentAccessToken,
    handler: async (ctx) => {
      const { token, owner } = await currentToken(ctx.app, ctx.auth!);
      json(ctx, 200, toCurrentAccessToken(token, owner));
    },
  }),
  route({
    method: 'delete', path: '/token', operationId: 'deleteCurrentToken', access: 'signed-in', scope: null, status: 204,
    handler: async (ctx) => {
      await deleteCurrentToken(ctx.app, ctx.auth!);
      noContent(ctx);
    },
  }),
];
