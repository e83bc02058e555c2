/**
 * Two-factor recovery codes: a set of ten single-use codes made when two-factor is confirmed and again on
 * demand (a new set replaces the old one). Only their sha256 is stored; a code is accepted in place of a TOTP
 * code wherever one is asked for, and is gone once used.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';

/** How many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A fresh code such as `k3m9q-7xw2a` (about 49 bits). */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The stored form of a code: spaces and case do not matter, the dash is optional. */
const hashOf = (code: string): string => createHash('sha256').update(code.trim().toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** A new set of codes; only their hashes are kept, replacing any earlier set. Returns the codes, to show once. */
export async function regenerateRecoveryCodes(app: AppContext, user: UserRecord): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await userStore.update(app.store, user.id, (u) => { u.totp_recovery_hashes = codes.map(hashOf); });
  return codes;
}

/** The hashes for a set of codes (for writing them together with other changes). */
export const recoveryHashes = (codes: string[]): string[] => codes.map(hashOf);

/** A fresh set of codes, not yet stored. */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/**
 * Uses one recovery code: true when it is one of the user's unused codes, which is then removed in the same
 * synchronous store update, so two requests with one code cannot both pass.
 */
export async function consumeRecoveryCode(app: AppContext, user: UserRecord, code: string): Promise<boolean> {
  if (!user.totp_secret || !/^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim())) return false;
  const hash = hashOf(code);
  let used = false;
  await userStore.update(app.store, user.id, (u) => {
    const left = u.totp_recovery_hashes ?? [];
    if (!left.includes(hash)) return;
    u.totp_recovery_hashes = left.filter((h) => h !== hash);
    used = true;
  });
  return used;
}
