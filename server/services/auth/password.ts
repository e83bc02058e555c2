/**
 * The password step shared by API basic auth, git over HTTP and the UI's sign-in: rate limit, password (local
 * scrypt hash or LDAP bind), then the second factor. One function, so every way in has the same rules.
 */
import type { AppContext } from '../context.ts';
import type { LoginSourceRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as sourceStore from '../../store/login-sources.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { consumeTotp, hasTotp } from './totp.ts';
import { consumeRecoveryCode } from './recovery-codes.ts';
import { ldapSignIn, type LdapIdentity } from './ldap.ts';
import { createUser } from '../user/users.ts';
import { cachedSignIn, checkOnce, rememberSignIn } from './credential-cache.ts';

export interface PasswordAttempt {
  login: string;
  password: string;
  /** The second factor (X-Gitea-OTP header, or the sign-in form's otp field). */
  otp?: string | undefined;
  remoteAddress: string;
  /** `git`: the smart HTTP transport, where two-factor users must use a token (Gitea's rule). */
  purpose?: 'api' | 'git' | undefined;
}

export const OTP_REQUIRED = 'a two-factor authentication code is required (send it in the X-Gitea-OTP header)';
export const OTP_INVALID = 'invalid or already used two-factor authentication code';
/** Gitea's refusal of a password over git for an account with two-factor on. */
export const TWO_FACTOR_GIT =
  'Users with two-factor authentication enabled cannot perform HTTP/HTTPS operations via plain username and password. Please create and use a personal access token on the user settings page';

/** Gitea's 403 answers for accounts that may not sign in. */
export function checkMayLogIn(user: UserRecord): void {
  if (!user.is_active) throw new ForbiddenError('This account is not activated.');
  if (user.prohibit_login) throw new ForbiddenError('This account is prohibited from signing in, please contact your site administrator.');
}

/**
 * Signs in with a password: 429 past the failure limit, 401 for a wrong password or second factor (both count
 * as failures), 403 for an account that may not sign in. A verified password is remembered for a minute
 * (credential-cache.ts), and requests that arrive while it is checked share that check, so a burst of requests
 * costs one scrypt check; the second factor is checked each time.
 */
export async function signInWithPassword(app: AppContext, attempt: PasswordAttempt): Promise<UserRecord> {
  const { login, remoteAddress } = attempt;
  await app.loginLimiter.check(login, remoteAddress);
  const cached = await cachedSignIn(app, login, attempt.password);
  const user = cached ?? (await checkOnce(app, login, attempt.password, () => passwordSignIn(app, login, attempt.password)));
  if (!user) {
    await app.loginLimiter.fail(login, remoteAddress);
    throw new UnauthorizedError();
  }
  checkMayLogIn(user);
  if (!cached) rememberSignIn(app, login, attempt.password, user);
  // git sends the same headers with every request, so a single-use code cannot come with each: Gitea refuses.
  if (attempt.purpose === 'git' && hasTotp(user)) throw new UnauthorizedError(TWO_FACTOR_GIT, true);
  // The second factor is part of this step itself, for every way in that takes a password.
  if (hasTotp(user)) {
    const otp = attempt.otp?.trim();
    if (!otp) throw new UnauthorizedError(OTP_REQUIRED);
    // A recovery code stands in for a TOTP code, once.
    if (!(await consumeTotp(app, user, otp)) && !(await consumeRecoveryCode(app, user, otp))) {
      await app.loginLimiter.fail(login, remoteAddress);
      throw new UnauthorizedError(OTP_INVALID);
    }
  }
  await app.loginLimiter.succeed(login, remoteAddress);
  return user;
}

/** Checks a login name (or email) and password against the local hash or the user's LDAP source; null when wrong. */
export async function passwordSignIn(app: AppContext, login: string, password: string): Promise<UserRecord | null> {
  if (!login || !password) return null;
  const user = login.includes('@') ? await userStore.getByEmail(app.store, login) : await userStore.getByName(app.store, login);
  if (user) {
    if (user.type !== 'individual') return null;
    if (user.login_source > 0) return sourceSignIn(app, user, password);
    return user.passwd && (await verifyPassword(password, user.passwd)) ? user : null;
  }
  return firstLdapSignIn(app, login, password);
}

async function tryLdap(app: AppContext, source: LoginSourceRecord, login: string, password: string): Promise<LdapIdentity | null> {
  // An SSPI source takes no password: its users sign in with a Kerberos ticket (or a password of their own).
  if (source.type !== 'ldap') return null;
  try {
    return await ldapSignIn(app, source, login, password);
  } catch (err) {
    // An unreachable or misconfigured directory is a failed sign-in, not a server error.
    app.log.warn('LDAP sign-in failed', { source: source.name, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

async function sourceSignIn(app: AppContext, user: UserRecord, password: string): Promise<UserRecord | null> {
  const source = await sourceStore.getById(app.store, user.login_source);
  if (!source?.is_active) return null;
  const id = await tryLdap(app, source, user.login_name || user.name, password);
  if (!id) return null;
  // With an admin filter the directory decides who is an admin, at each sign-in (as Gitea does).
  if (source.admin_filter && id.isAdmin !== user.is_admin) {
    return (await userStore.update(app.store, user.id, (u) => { u.is_admin = id.isAdmin; })) ?? null;
  }
  return user;
}

/** Unknown name: an active LDAP source may know it; Gitea creates the account on its first sign-in. */
async function firstLdapSignIn(app: AppContext, login: string, password: string): Promise<UserRecord | null> {
  for (const source of await sourceStore.list(app.store)) {
    if (!source.is_active) continue;
    const id = await tryLdap(app, source, login, password);
    if (!id) continue;
    const existing = await userStore.getByName(app.store, id.username);
    if (existing) {
      // The directory's user name belongs to an account of this host: sign in only if it is that source's.
      return existing.login_source === source.id ? existing : null;
    }
    try {
      return await createUser(app, {
        username: id.username, email: id.email || `${id.username}@localhost.local`, full_name: id.fullName,
        login_source: source.id, login_name: login, is_admin: id.isAdmin,
      });
    } catch (err) {
      if (err instanceof ConflictError) {
        app.log.warn('LDAP user cannot be created', { source: source.name, error: err.message });
        return null;
      }
      throw err;
    }
  }
  return null;
}
