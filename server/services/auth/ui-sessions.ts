/**
 * The UI's sessions: random values the browser sends as `Authorization: token hfs_…`, kept in memory only (as
 * Gitea's default memory session provider), stored as their sha256. A session expires after
 * `[session] SESSION_LIFE_TIME` seconds without use, ends on sign-out, and stops working as soon as the user's
 * password changes (each session remembers a fingerprint of the password hash it was opened under). Sessions
 * are not personal access tokens: they are never listed among them and carry no scope.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { mapPer } from '../../lib/map-per.ts';
import type { UserRecord } from '../../store/records.ts';
import { hashToken } from '../../lib/crypto.ts';

/** Every session value starts so; no personal token (40 hex digits) can. */
export const SESSION_PREFIX = 'hfs_';

interface SessionRecord {
  uid: number;
  /** Fingerprint of the password hash at sign-in. */
  stamp: string;
  lastSeen: number;
}

const table = mapPer<AppContext, string, SessionRecord>();

/** A fingerprint of the user's stored password hash (empty for accounts without a local password). */
export const passwordStamp = (user: UserRecord): string => createHash('sha256').update(`${user.id}:${user.passwd}`).digest('hex').slice(0, 32);

const lifetimeMs = (app: AppContext): number => app.settings.int('session.SESSION_LIFE_TIME') * 1000;

/** True when the value has the shape of a session value. */
export const isSessionValue = (value: string): boolean => value.startsWith(SESSION_PREFIX);

/** Opens a session for the user; returns the value, shown once. */
export function openSession(app: AppContext, user: UserRecord): string {
  sweep(app);
  const value = `${SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
  table(app).set(hashToken(value), { uid: user.id, stamp: passwordStamp(user), lastSeen: Date.now() });
  return value;
}

/** The user id of a live session, renewing it; undefined when unknown or expired. */
export function sessionUser(app: AppContext, value: string): { uid: number; stamp: string } | undefined {
  const key = hashToken(value);
  const t = table(app);
  const s = t.get(key);
  if (!s) return undefined;
  const now = Date.now();
  if (now - s.lastSeen > lifetimeMs(app)) {
    t.delete(key);
    return undefined;
  }
  s.lastSeen = now;
  return { uid: s.uid, stamp: s.stamp };
}

/** Ends one session. */
export function closeSession(app: AppContext, value: string): void {
  table(app).delete(hashToken(value));
}

/** Ends every other session of a user and gives this one the user's current password fingerprint (after a password change). */
export function keepOnlySession(app: AppContext, value: string, user: UserRecord): void {
  const t = table(app);
  const mine = hashToken(value);
  for (const [k, s] of t) if (s.uid === user.id && k !== mine) t.delete(k);
  const s = t.get(mine);
  if (s && s.uid === user.id) s.stamp = passwordStamp(user);
}

/** Ends every session of a user (sign-out everywhere, a deleted account). */
export function closeUserSessions(app: AppContext, uid: number): void {
  const t = table(app);
  for (const [k, s] of t) if (s.uid === uid) t.delete(k);
}

/** Drops expired sessions; runs at each sign-in, so the table never outgrows the sessions in use. */
function sweep(app: AppContext): void {
  const t = table(app);
  const oldest = Date.now() - lifetimeMs(app);
  for (const [k, s] of t) if (s.lastSeen < oldest) t.delete(k);
}
