/** TOTP (RFC 6238) second factor: 6 digits, 30 s steps, one step of clock drift allowed, each step used once. */
import { TOTP, Secret } from 'otpauth';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';

const PERIOD = 30;

/** A TOTP for the user's name and a base32 secret. */
export function totpFor(userName: string, secretBase32: string): TOTP {
  return new TOTP({ issuer: 'Homeforge', label: userName, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh random secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** True when `code` is valid now for the user and was not used before; remembers the step it used. */
export async function checkTotp(app: AppContext, user: UserRecord, code: string | undefined): Promise<boolean> {
  if (!user.totp_secret) return true;
  if (!code || !/^\d{6}$/.test(code.trim())) return false;
  const totp = totpFor(user.name, app.secrets.decrypt(user.totp_secret));
  const delta = totp.validate({ token: code.trim(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
  if (step <= user.totp_last_step) return false; // replay of a code already accepted
  await userStore.update(app.store, user.id, (u) => { u.totp_last_step = step; });
  return true;
}
