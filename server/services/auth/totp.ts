/** TOTP (RFC 6238) second factor: 6 digits, 30 s steps, one step of clock drift allowed, each step used once. */
import type * as OtpAuth from 'otpauth';
import { lazyRequire } from '../../lib/lazy-require.ts';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';

// The TOTP library loads with the first second-factor check or enrolment, not at start.
const otp = lazyRequire<typeof OtpAuth>('otpauth');
const PERIOD = 30;
const CODE = /^\d{6}$/;

/** A TOTP for the user's name and a base32 secret. */
export function totpFor(userName: string, secretBase32: string): OtpAuth.TOTP {
  const { TOTP, Secret } = otp();
  return new TOTP({ issuer: 'Homeforge', label: userName, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new (otp().Secret)({ size: 20 }).base32;
}

/** True when the user has two-factor authentication on. */
export const hasTotp = (user: UserRecord): boolean => !!user.totp_secret;

/** The time step `code` is valid for (now, or one step either side), or null when it is not valid. */
export function totpStep(userName: string, secretBase32: string, code: string): number | null {
  const token = code.trim();
  if (!CODE.test(token)) return null;
  const delta = totpFor(userName, secretBase32).validate({ token, window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 1000 / PERIOD) + delta;
}

/**
 * Accepts `code` once: true when it is valid for the user's secret and its time step is later than the last
 * accepted one. The check and the write happen in one synchronous store update, so two requests racing with
 * the same code cannot both pass.
 */
export async function consumeTotp(app: AppContext, user: UserRecord, code: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = totpStep(user.name, app.secrets.decrypt(user.totp_secret), code);
  if (step === null) return false;
  let accepted = false;
  await userStore.update(app.store, user.id, (u) => {
    if (step > u.totp_last_step) {
      u.totp_last_step = step;
      accepted = true;
    }
  });
  return accepted;
}
