/**
 * The signed-in user's own account where Gitea has only web pages: changing one's password (old and new; the
 * one thing a user who must change the password may do), choosing the primary email address, and what the host
 * lets the user do (create organizations).
 */
import { z } from 'zod';
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { ChangePasswordOption, Email, PrimaryEmailOption } from '../../structs/user.ts';
import { UserCapabilities } from '../../structs/homeforge.ts';
import { changeOwnPassword, setPrimaryEmail } from '../../services/user/settings.ts';
import { keepOnlySession, closeUserSessions } from '../../services/auth/ui-sessions.ts';
import { forgetUser } from '../../services/auth/credential-cache.ts';
import { canCreateOrganization } from '../../services/org/orgs.ts';
import { toUser } from '../../convert/user.ts';
import { User } from '../../structs/user.ts';
import { ForbiddenError } from '../../lib/errors.ts';

export const accountRoutes = [
  route({
    method: 'post', path: '/user/password', operationId: 'homeforgeChangePassword', access: 'signed-in', scope: 'user', body: ChangePasswordOption,
    response: User, beforePasswordChange: true,
    handler: async (ctx) => {
      if (ctx.auth?.sudoer) throw new ForbiddenError('A password cannot be changed through sudo.');
      const user = await changeOwnPassword(ctx.app, ctx.doer!, ctx.body.old_password, ctx.body.new_password);
      // Remembered credentials and every other UI session end; the session this request came with stays open.
      forgetUser(ctx.app, user.id);
      if (ctx.auth?.method === 'session' && ctx.auth.sessionValue) keepOnlySession(ctx.app, ctx.auth.sessionValue, user);
      else closeUserSessions(ctx.app, user.id);
      json(ctx, 200, toUser(user, user, ctx.baseUrl));
    },
  }),
  route({
    method: 'post', path: '/user/emails/primary', operationId: 'homeforgeSetPrimaryEmail', access: 'signed-in', scope: 'user', body: PrimaryEmailOption,
    response: z.array(Email),
    handler: async (ctx) => json(ctx, 200, await setPrimaryEmail(ctx.app, ctx.doer!, ctx.body.email)),
  }),
  route({
    method: 'get', path: '/user/capabilities', operationId: 'homeforgeUserCapabilities', access: 'signed-in', scope: 'user', response: UserCapabilities,
    handler: (ctx) => json(ctx, 200, { can_create_organization: canCreateOrganization(ctx.app, ctx.doer!) }),
  }),
];
