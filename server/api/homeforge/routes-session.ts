/**
 * The UI's sign-in and first-run setup. `POST /session` trades a password (and second factor) for a UI session;
 * `DELETE /session` ends the session the request used. `/setup` creates the first administrator, from this
 * machine or with the one-time code printed at start.
 */
import { route } from '../router/route.ts';
import { json, noContent } from '../router/respond.ts';
import { toUser } from '../../convert/user.ts';
import { needsAdmin, negotiateSession, setupFirstAdmin, signIn, signOut, type Session } from '../../services/auth/sessions.ts';
import type { ApiContext } from '../router/context.ts';
import { SessionAnswer, SetupOption, SetupStatus, SignInOption } from '../../structs/homeforge.ts';

const answer = (ctx: ApiContext<unknown, unknown>, status: number, s: Session): void => {
  const body: SessionAnswer = { token: s.token, user: toUser(s.user, s.user, ctx.baseUrl), must_change_password: s.user.must_change_password };
  json(ctx, status, body);
};

export const sessionRoutes = [
  route({
    method: 'post', path: '/session', operationId: 'homeforgeSignIn', access: 'public', scope: null, body: SignInOption, status: 201, response: SessionAnswer,
    handler: async (ctx) => answer(ctx, 201, await signIn(ctx.app, ctx.body, ctx.req.socket.remoteAddress ?? '')),
  }),
  route({
    method: 'delete', path: '/session', operationId: 'homeforgeSignOut', access: 'signed-in', scope: null, status: 204, beforePasswordChange: true,
    handler: (ctx) => {
      signOut(ctx.app, ctx.auth!);
      noContent(ctx);
    },
  }),
  route({
    // The UI calls this with the browser's credentials: a browser on a Windows domain or Kerberos realm answers
    // the Negotiate challenge of the 401 by itself, and the answer is a session as from the password form.
    method: 'get', path: '/auth/negotiate', operationId: 'homeforgeNegotiateSignIn', access: 'public', scope: null, response: SessionAnswer,
    handler: async (ctx) => answer(ctx, 200, await negotiateSession(ctx.app, ctx.auth)),
  }),
  route({
    method: 'get', path: '/setup', operationId: 'homeforgeSetupStatus', access: 'public', scope: null, response: SetupStatus,
    handler: async (ctx) => json(ctx, 200, { needs_admin: await needsAdmin(ctx.app) }),
  }),
  route({
    method: 'post', path: '/setup', operationId: 'homeforgeSetup', access: 'public', scope: null, body: SetupOption, status: 201, response: SessionAnswer,
    handler: async (ctx) => answer(ctx, 201, await setupFirstAdmin(ctx.app, ctx.body, ctx.req.socket.remoteAddress ?? '')),
  }),
];
