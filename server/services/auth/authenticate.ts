/**
 * Who is making this request. Tries, in Gitea's order: token (header, then query string), basic auth
 * (token as password, then password with the second factor checked inside this step), reverse proxy.
 * Then applies `sudo`. Throws 401/403 for credentials that are given but wrong; returns null for none.
 */
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../context.ts';
import type { AccessTokenRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as tokenStore from '../../store/access-tokens.ts';
import * as sourceStore from '../../store/login-sources.ts';
import { hashToken, verifyPassword } from '../../lib/crypto.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { checkTotp } from './totp.ts';
import { ldapSignIn } from './ldap.ts';
import { createUser } from '../users.ts';

export type AuthMethod = 'token' | 'basic' | 'reverse_proxy' | 'local';

export interface Auth {
  /** The user the request acts as (after sudo). */
  user: UserRecord;
  method: AuthMethod;
  /** The token used, when the credential was a token: its scopes limit the request. */
  token: AccessTokenRecord | null;
  /** The admin who used sudo, when they did. */
  sudoer: UserRecord | null;
}

export interface Credentials {
  authorization?: string | undefined;
  /** `token` or `access_token` from the query string. */
  queryToken?: string | undefined;
  otp?: string | undefined;
  remoteAddress: string;
  proxyUser?: string | undefined;
  proxyEmail?: string | undefined;
  proxyFullName?: string | undefined;
  sudo?: string | undefined;
}

export const QUERY_TOKEN_DISABLED =
  'token and access_token API authentication is disabled on this server (DISABLE_QUERY_AUTH_TOKEN=true): send the token in the Authorization header';
const TOKEN_RE = /^[0-9a-f]{40}$/;

/** Resolves the credentials of one request. */
export async function authenticate(app: AppContext, creds: Credentials): Promise<Auth | null> {
  if (creds.queryToken !== undefined && app.settings.bool('security.DISABLE_QUERY_AUTH_TOKEN')) {
    throw new UnauthorizedError(QUERY_TOKEN_DISABLED);
  }
  let auth: Auth | null = null;
  const header = creds.authorization?.trim() ?? '';
  const scheme = header.slice(0, header.indexOf(' ') >>> 0).toLowerCase();
  const value = header.slice(header.indexOf(' ') + 1).trim();
  if (header && (scheme === 'token' || scheme === 'bearer')) auth = await byToken(app, value);
  else if (header && scheme === 'basic') auth = await byBasic(app, value, creds);
  else if (creds.queryToken !== undefined) auth = await byToken(app, creds.queryToken);
  else if (creds.proxyUser) auth = await byReverseProxy(app, creds);
  if (!auth) return null;
  checkMayLogIn(auth.user);
  return creds.sudo ? applySudo(app, auth, creds.sudo) : auth;
}

async function byToken(app: AppContext, value: string): Promise<Auth> {
  const token = await tokenStore.getByHash(app.store, hashToken(value.trim()));
  const user = token && (await userStore.getById(app.store, token.uid));
  if (!token || !user) throw new UnauthorizedError();
  // Recording use on every request would write the store per request; once a minute is enough.
  const now = Date.now();
  if (!token.last_used || now - Date.parse(token.last_used) > 60_000) {
    await tokenStore.touch(app.store, token.id, new Date(now).toISOString());
  }
  return { user, method: 'token', token, sudoer: null };
}

function decodeBasic(value: string): { login: string; password: string } {
  const text = Buffer.from(value, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) throw new UnauthorizedError();
  return { login: text.slice(0, colon), password: text.slice(colon + 1) };
}

async function byBasic(app: AppContext, value: string, creds: Credentials): Promise<Auth> {
  const { login, password } = decodeBasic(value);
  // Gitea: an empty password (or "x-oauth-basic") means the user name is a token; a token-shaped password is tried as a token.
  if (password === '' || password === 'x-oauth-basic') return byToken(app, login);
  if (TOKEN_RE.test(password)) {
    const token = await tokenStore.getByHash(app.store, hashToken(password));
    if (token) return byToken(app, password);
  }
  if (!app.settings.bool('service.ENABLE_BASIC_AUTHENTICATION')) throw new UnauthorizedError('basic authentication with a password is disabled');
  await app.loginLimiter.check(login, creds.remoteAddress);
  const user = await passwordSignIn(app, login, password);
  if (!user) {
    await app.loginLimiter.fail(login, creds.remoteAddress);
    throw new UnauthorizedError();
  }
  // The second factor is part of the basic-auth step itself, for every route that accepts basic auth.
  if (!(await checkTotp(app, user, creds.otp))) {
    await app.loginLimiter.fail(login, creds.remoteAddress);
    throw new UnauthorizedError();
  }
  await app.loginLimiter.succeed(login);
  await userStore.update(app.store, user.id, (u) => { u.last_login = new Date().toISOString(); });
  return { user, method: 'basic', token: null, sudoer: null };
}

/** Checks a login name (or email) and password against the local hash or the user's LDAP source. */
export async function passwordSignIn(app: AppContext, login: string, password: string): Promise<UserRecord | null> {
  const user = login.includes('@') ? await userStore.getByEmail(app.store, login) : await userStore.getByName(app.store, login);
  if (user && user.type === 'individual') {
    if (user.login_source > 0) {
      const source = await sourceStore.getById(app.store, user.login_source);
      if (!source?.is_active) return null;
      const id = await ldapSignIn(app, source, user.login_name || user.name, password);
      if (id && source.admin_filter && id.isAdmin !== user.is_admin) {
        return (await userStore.update(app.store, user.id, (u) => { u.is_admin = id.isAdmin; })) ?? null;
      }
      return id ? user : null;
    }
    return user.passwd && (await verifyPassword(password, user.passwd)) ? user : null;
  }
  if (user) return null;
  // Unknown name: an active LDAP source may know it; Gitea creates the account on its first sign-in.
  for (const source of await sourceStore.list(app.store)) {
    if (!source.is_active) continue;
    const id = await ldapSignIn(app, source, login, password).catch((err: unknown) => {
      app.log.warn('LDAP sign-in failed', { source: source.name, error: String(err) });
      return null;
    });
    if (!id || !id.email) continue;
    return createUser(app, {
      username: id.username, email: id.email, full_name: id.fullName,
      login_source: source.id, login_name: login, is_admin: id.isAdmin,
    });
  }
  return null;
}

function trusted(app: AppContext, address: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(address);
  } catch {
    return false;
  }
  return app.settings.list('security.REVERSE_PROXY_TRUSTED_PROXIES').some((cidr) => {
    try {
      const [range, bits] = ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`);
      return addr.kind() === range.kind() && addr.match([range, bits] as never);
    } catch {
      return false;
    }
  });
}

async function byReverseProxy(app: AppContext, creds: Credentials): Promise<Auth | null> {
  const s = app.settings;
  // The header is honoured only from a trusted proxy; from anyone else it is ignored, not an error.
  if (!s.bool('service.ENABLE_REVERSE_PROXY_AUTHENTICATION_API') || !trusted(app, creds.remoteAddress)) return null;
  const name = creds.proxyUser?.trim() ?? '';
  let user = s.bool('service.ENABLE_REVERSE_PROXY_EMAIL') && creds.proxyEmail
    ? await userStore.getByEmail(app.store, creds.proxyEmail)
    : await userStore.getByName(app.store, name);
  if (!user && s.bool('service.ENABLE_REVERSE_PROXY_AUTO_REGISTRATION')) {
    const email = s.bool('service.ENABLE_REVERSE_PROXY_EMAIL') && creds.proxyEmail ? creds.proxyEmail : `${crypto.randomUUID()}@localhost`;
    const fullName = s.bool('service.ENABLE_REVERSE_PROXY_FULL_NAME') ? creds.proxyFullName : undefined;
    user = await createUser(app, { username: name, email, full_name: fullName });
  }
  if (!user || user.type !== 'individual') return null;
  return { user, method: 'reverse_proxy', token: null, sudoer: null };
}

function checkMayLogIn(user: UserRecord): void {
  if (!user.is_active) throw new ForbiddenError('This account is not activated.');
  if (user.prohibit_login) throw new ForbiddenError('This account is prohibited from signing in, please contact your site administrator.');
}

async function applySudo(app: AppContext, auth: Auth, name: string): Promise<Auth> {
  if (!auth.user.is_admin) throw new ForbiddenError('Only administrators allowed to sudo.');
  const target = await userStore.getByName(app.store, name);
  if (!target || target.type !== 'individual') throw new NotFoundError(`user does not exist [name: ${name}]`);
  return { ...auth, user: target, sudoer: auth.user };
}
