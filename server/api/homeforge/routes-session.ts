/**
 * The UI's sign-in and first-run setup. `POST /session` trades a password (and second factor) for an access
 * token; `DELETE /session` deletes the token the request used. `/setup` creates the first administrator.
 */
import { z } from 'zod';
import { route } from '../v1/route.ts';
import { json, noContent } from '../v1/respond.ts';
import { toUser } from '../../convert/user.ts';
import { needsAdmin, setupFirstAdmin, signIn, signOut, type Session } from '../../services/sessions.ts';
import type { ApiContext } from '../v1/context.ts';

const SignInOption = z.object({
  username: z.string().min(1).max(255),
  password: z.string().min(1).max(255),
  otp: z.string().max(16).optional(),
});

const SetupOption = z.object({
  username: z.string().min(1).max(40),
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(255),
});

const answer = (ctx: ApiContext<unknown, unknown>, status: number, s: Session): void =>
  json(ctx, status, { token: s.token, user: toUser(s.user, s.user, ctx.baseUrl) });

export const sessionRoutes = [
  route({
    method: 'post', path: '/session', operationId: 'homeforgeSignIn', access: 'public', scope: null, body: SignInOption,
    handler: async (ctx) => answer(ctx, 201, await signIn(ctx.app, ctx.body, ctx.req.socket.remoteAddress ?? '')),
  }),
  route({
    method: 'delete', path: '/session', operationId: 'homeforgeSignOut', access: 'signed-in', scope: null,
    handler: async (ctx) => {
      await signOut(ctx.app, ctx.auth!);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/setup', operationId: 'homeforgeSetupStatus', access: 'public', scope: null,
    handler: async (ctx) => json(ctx, 200, { needs_admin: await needsAdmin(ctx.app) }),
  }),
  route({
    method: 'post', path: '/setup', operationId: 'homeforgeSetup', access: 'public', scope: null, body: SetupOption,
    handler: async (ctx) => answer(ctx, 201, await setupFirstAdmin(ctx.app, ctx.body)),
  }),
];
