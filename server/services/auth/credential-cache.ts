/**
 * A short-lived memory of verified passwords, so a git client's burst of requests (ls-refs, fetch, push: each
 * sends the password again) costs one scrypt check instead of one per request. Entries are keyed by an HMAC of
 * login and password under a key that lives only in this process (the password itself is never kept), hold the
 * user id and the stored password hash they were verified against (the same string the store holds), and are
 * ignored as soon as that hash changes. Failures are never remembered. Accounts of a login source (LDAP) are not cached: their directory
 * decides each time. Checks of the same login and password that arrive while one runs wait for it (checkOnce),
 * so the requests of a busy client do not each start an scrypt check when the remembered entry expires.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

interface Entry { uid: number; passwd: string; expires: number }

interface Cache {
  key: Buffer;
  entries: Map<string, Entry>;
  /** The password checks running now, by the same key as the entries. */
  running: Map<string, Promise<UserRecord | null>>;
}

const caches = new WeakMap<AppContext, Cache>();

function cacheOf(app: AppContext): Cache {
  let c = caches.get(app);
  if (!c) caches.set(app, (c = { key: randomBytes(32), entries: new Map(), running: new Map() }));
  return c;
}

const keyOf = (secret: Buffer, login: string, password: string): string =>
  createHmac('sha256', secret).update(login.toLowerCase()).update('\0').update(password).digest('base64');

/** The user a login and password were verified for within the last minute, if the password is unchanged. */
export async function cachedSignIn(app: AppContext, login: string, password: string): Promise<UserRecord | null> {
  const c = cacheOf(app);
  const k = keyOf(c.key, login, password);
  const e = c.entries.get(k);
  if (!e) return null;
  if (e.expires < Date.now()) {
    c.entries.delete(k);
    return null;
  }
  const user = await userStore.peekById(app.store, e.uid);
  // Comparing the hash itself (no fingerprint to compute per request): a new password is a new hash.
  if (!user || user.login_source > 0 || user.passwd !== e.passwd) {
    c.entries.delete(k);
    return null;
  }
  return user;
}

/**
 * Runs `check` for a login and password unless a check of the same pair is running: then its result is shared.
 * Without it, 32 clients sending the same password when the remembered entry expires start 32 scrypt checks
 * (16 MiB and tens of ms of CPU each) where one answers them all.
 */
export function checkOnce(app: AppContext, login: string, password: string, check: () => Promise<UserRecord | null>): Promise<UserRecord | null> {
  const c = cacheOf(app);
  const k = keyOf(c.key, login, password);
  let p = c.running.get(k);
  if (!p) {
    p = check().finally(() => c.running.delete(k));
    c.running.set(k, p);
  }
  return p;
}

/** Forgets every remembered password of a user (after a password change). */
export function forgetUser(app: AppContext, uid: number): void {
  const c = cacheOf(app);
  for (const [k, e] of c.entries) if (e.uid === uid) c.entries.delete(k);
}

/** Remembers a verified local password for a minute. */
export function rememberSignIn(app: AppContext, login: string, password: string, user: UserRecord): void {
  if (user.login_source > 0 || !user.passwd) return;
  const c = cacheOf(app);
  if (c.entries.size >= MAX_ENTRIES) {
    const now = Date.now();
    for (const [k, e] of c.entries) if (e.expires < now) c.entries.delete(k);
    // Still full: the oldest entry goes (a Map iterates in insertion order).
    if (c.entries.size >= MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value ?? '');
  }
  c.entries.set(keyOf(c.key, login, password), { uid: user.id, passwd: user.passwd, expires: Date.now() + TTL_MS });
}
