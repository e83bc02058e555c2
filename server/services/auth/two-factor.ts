/**
 * TOTP enrolment for the signed-in user: start (a new secret, its otpauth:// URI and a QR code), confirm with a
 * code (only then is two-factor on), status, and removal (needs a current code). Secrets are stored encrypted.
 */
import type { AppContext } from '../context.ts';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../../structs/homeforge.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { consumeTotp, newTotpSecret, totpFor, totpStep } from './totp.ts';
import { consumeRecoveryCode, newRecoveryCodes, recoveryHashes, regenerateRecoveryCodes } from './recovery-codes.ts';

const INVALID_CODE = 'invalid or already used two-factor authentication code';
const codeRefused = (): ValidationError => new ValidationError(INVALID_CODE, [{ field: 'code', code: 'invalid', message: INVALID_CODE }]);

async function fresh(app: AppContext, user: UserRecord): Promise<UserRecord> {
  const u = await userStore.getById(app.store, user.id);
  if (!u) throw new NotFoundError(`The user ${user.name} does not exist.`);
  return u;
}

/** Whether the user has two-factor on, or an enrolment waiting. */
export async function twoFactorStatus(app: AppContext, user: UserRecord): Promise<TwoFactorStatus> {
  const u = await fresh(app, user);
  return { enabled: !!u.totp_secret, pending: !!u.totp_pending_secret, recovery_codes_left: u.totp_secret ? (u.totp_recovery_hashes ?? []).length : 0 };
}

/** Starts (or restarts) an enrolment: a new secret waits, encrypted, for a confirming code. 409 when already on. */
export async function startEnrolment(app: AppContext, user: UserRecord): Promise<TwoFactorEnrolment> {
  const u = await fresh(app, user);
  if (u.totp_secret) throw new ConflictError('two-factor authentication is already enabled');
  const secret = newTotpSecret();
  await userStore.update(app.store, u.id, (r) => { r.totp_pending_secret = app.secrets.encrypt(secret); });
  const uri = totpFor(u.name, secret).toString();
  // Loaded on first use: only enrolment draws a QR code.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
  return { secret, uri, qr_code: qr };
}

/** Confirms the waiting enrolment with a code from the authenticator; from then on two-factor is on. Answers the first recovery codes. */
export async function confirmEnrolment(app: AppContext, user: UserRecord, code: string): Promise<TwoFactorStatus> {
  const u = await fresh(app, user);
  if (u.totp_secret) throw new ConflictError('two-factor authentication is already enabled');
  if (!u.totp_pending_secret) throw new ValidationError('no two-factor enrolment was started');
  const pending = u.totp_pending_secret;
  const step = totpStep(u.name, app.secrets.decrypt(pending), code);
  if (step === null) throw codeRefused();
  let done = false;
  const codes = newRecoveryCodes();
  await userStore.update(app.store, u.id, (r) => {
    if (r.totp_pending_secret !== pending || r.totp_secret) return;
    r.totp_secret = pending;
    r.totp_pending_secret = null;
    // The confirming code is spent: it cannot also be used to sign in.
    r.totp_last_step = Math.max(r.totp_last_step, step);
    r.totp_recovery_hashes = recoveryHashes(codes);
    done = true;
  });
  if (!done) throw new ConflictError('the two-factor enrolment changed meanwhile; start again');
  return { enabled: true, pending: false, recovery_codes_left: codes.length, recovery_codes: codes };
}

/** A new set of recovery codes (the old set stops working); 404 when two-factor is not on. */
export async function newRecoverySet(app: AppContext, user: UserRecord): Promise<TwoFactorStatus> {
  const u = await fresh(app, user);
  if (!u.totp_secret) throw new NotFoundError('Two-factor authentication is not enabled, so there are no recovery codes.');
  const codes = await regenerateRecoveryCodes(app, u);
  return { enabled: true, pending: false, recovery_codes_left: codes.length, recovery_codes: codes };
}

/** Turns two-factor off; needs a current, unused code or a recovery code. 404 when it is not on. */
export async function removeTwoFactor(app: AppContext, user: UserRecord, code: string): Promise<void> {
  const u = await fresh(app, user);
  if (!u.totp_secret) throw new NotFoundError('two-factor authentication is not enabled');
  if (!(await consumeTotp(app, u, code)) && !(await consumeRecoveryCode(app, u, code))) throw codeRefused();
  await userStore.update(app.store, u.id, (r) => {
    r.totp_recovery_hashes = [];
    r.totp_secret = null;
    r.totp_pending_secret = null;
  });
}
