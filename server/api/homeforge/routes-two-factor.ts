/**
 * Two-factor (TOTP) enrolment of the signed-in user, for the UI: status, start (secret, otpauth URI, QR code),
 * confirm with a code, remove with a current code. Only the account owner may change it, never through sudo.
 */
import { route, type Guard } from '../router/route.ts';
import { json, noContent } from '../router/respond.ts';
import { confirmEnrolment, newRecoverySet, removeTwoFactor, startEnrolment, twoFactorStatus } from '../../services/auth/two-factor.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { RemoveTwoFactorOption, TwoFactorCodeOption, TwoFactorEnrolment, TwoFactorStatus } from '../../structs/homeforge.ts';


const ownerOnly: Guard = (ctx) => {
  if (ctx.auth?.sudoer) throw new ForbiddenError('two-factor authentication cannot be changed through sudo');
};

export const twoFactorRoutes = [
  route({
    method: 'get', path: '/user/two-factor', operationId: 'homeforgeTwoFactorStatus', access: 'signed-in', scope: 'user', response: TwoFactorStatus,
    handler: async (ctx) => json(ctx, 200, await twoFactorStatus(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'post', path: '/user/two-factor/enrolment', operationId: 'homeforgeTwoFactorStart', access: 'signed-in', scope: 'user', status: 201, response: TwoFactorEnrolment,
    guards: [ownerOnly],
    handler: async (ctx) => json(ctx, 201, await startEnrolment(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'post', path: '/user/two-factor/confirm', operationId: 'homeforgeTwoFactorConfirm', access: 'signed-in', scope: 'user',
    body: TwoFactorCodeOption, response: TwoFactorStatus, guards: [ownerOnly],
    handler: async (ctx) => json(ctx, 200, await confirmEnrolment(ctx.app, ctx.doer!, ctx.body.code)),
  }),
  route({
    method: 'post', path: '/user/two-factor/recovery-codes', operationId: 'homeforgeTwoFactorRecoveryCodes', access: 'signed-in', scope: 'user', status: 201,
    response: TwoFactorStatus, guards: [ownerOnly],
    handler: async (ctx) => json(ctx, 201, await newRecoverySet(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'delete', path: '/user/two-factor', operationId: 'homeforgeTwoFactorRemove', access: 'signed-in', scope: 'user',
    body: RemoveTwoFactorOption, status: 204, guards: [ownerOnly],
    handler: async (ctx) => {
      // The code may come in the body or, like basic auth's, in the X-Gitea-OTP header.
      const code = ctx.body.code ?? ctx.req.get('x-gitea-otp');
      if (!code) throw new ValidationError('code is required: a code from your authenticator or a recovery code.', [{ field: 'code', code: 'required', message: 'code is required' }]);
      await removeTwoFactor(ctx.app, ctx.doer!, code);
      noContent(ctx);
    },
  }),
];
