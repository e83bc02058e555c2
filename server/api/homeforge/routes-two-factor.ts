/**
 * Two-factor (TOTP) enrolment of the signed-in user, for the UI: status, start (secret, otpauth URI, QR code),
 * confirm with a code, remove with a current code. Only the account owner may change it, never through sudo.
 */
import { z } from 'zod';
import { route, type Guard } from '../v1/route.ts';
import { json, noContent } from '../v1/respond.ts';
import { confirmEnrolment, removeTwoFactor, startEnrolment, twoFactorStatus } from '../../services/two-factor.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';

const CodeOption = z.object({ code: z.string().min(1).max(16) });
const RemoveOption = z.object({ code: z.string().max(16).optional() });

const ownerOnly: Guard = (ctx) => {
  if (ctx.auth?.sudoer) throw new ForbiddenError('two-factor authentication cannot be changed through sudo');
};

export const twoFactorRoutes = [
  route({
    method: 'get', path: '/user/two-factor', operationId: 'homeforgeTwoFactorStatus', access: 'signed-in', scope: 'user',
    handler: async (ctx) => json(ctx, 200, await twoFactorStatus(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'post', path: '/user/two-factor/enrolment', operationId: 'homeforgeTwoFactorStart', access: 'signed-in', scope: 'user',
    guards: [ownerOnly],
    handler: async (ctx) => json(ctx, 201, await startEnrolment(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'post', path: '/user/two-factor/confirm', operationId: 'homeforgeTwoFactorConfirm', access: 'signed-in', scope: 'user',
    body: CodeOption, guards: [ownerOnly],
    handler: async (ctx) => json(ctx, 200, await confirmEnrolment(ctx.app, ctx.doer!, ctx.body.code)),
  }),
  route({
    method: 'delete', path: '/user/two-factor', operationId: 'homeforgeTwoFactorRemove', access: 'signed-in', scope: 'user',
    body: RemoveOption, guards: [ownerOnly],
    handler: async (ctx) => {
      // The code may come in the body or, like basic auth's, in the X-Gitea-OTP header.
      const code = ctx.body.code ?? ctx.req.get('x-gitea-otp');
      if (!code) throw new ValidationError('[code]: Required');
      await removeTwoFactor(ctx.app, ctx.doer!, code);
      noContent(ctx);
    },
  }),
];
