/**
 * Who is making this request. Tries, in Gitea's order: token (Authorization header, then query string), basic
 * auth (a token as user name or password, else a password with the second factor checked inside this step),
 * Negotiate (Gitea's SSPI: a Kerberos ticket, no second factor, no token scopes), reverse proxy. Then applies `sudo`. Throws 401/403/429 for credentials that are given but wrong or refused;
 * returns null for none. API requests and git over HTTP both come through here.
 */
import type { AppContext } from '../context.ts';
import type { AccessTokenRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as tokenStore from '../../store/access-tokens.ts';
import { hashToken } from '../../lib/crypto.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { checkMayLogIn, signInWithPassword } from './password.ts';
import { isSessionValue, passwordStamp, sessionUser } from './ui-sessions.ts';
import { reverseProxyUser } from './reverse-proxy.ts';
import { negotiateSignIn } from './negotiate.ts';
import { actionsTokenUser } from './actions-token.ts';

export { checkMayLogIn, passwordSignIn } from './password.ts';

export type AuthMethod = 'token' | 'basic' | 'reverse_proxy' | 'session' | 'negotiate';

export interface Auth {
  /** The user the request acts as (after sudo). */
  user: UserRecord;
  method: AuthMethod;
  /** The token used, when the credential was a token: its scopes limit the request. */
  token: AccessTokenRecord | null;
  /** The admin who used sudo, when they did. */
  sudoer: UserRecord | null;
  /** True when the credential came in a Basic header (a password, or a token as the password): Gitea's IsBasicAuth. */
  viaBasic?: boolean;
  /** The UI session value, when the request was made with one (to end it on sign-out). */
  sessionValue?: string;
  /** Negotiate's mutual-authentication token, for `WWW-Authenticate: Negotiate <token>` on the answer. */
  negotiateResponse?: string;
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
  /** `git` for the smart HTTP transport, where a password cannot come with a fresh second factor. */
  purpose?: 'api' | 'git';
}

/** The spec rejects query-string tokens outright when they are disabled (Gitea ignores them). */
export const QUERY_TOKEN_DISABLED =
  'token and access_token API authentication is disabled on this server (DISABLE_QUERY_AUTH_TOKEN=true): send the token in the Authorization header';

/** Splits an Authorization header into its scheme (lower case) and value, as Gitea's httpauth does. */
export function parseAuthorization(header: string | undefined): { scheme: string; value: string } | null {
  const text = header?.trim() ?? '';
  const space = text.indexOf(' ');
  if (!text || space < 0) return null;
  return { scheme: text.slice(0, space).toLowerCase(), value: text.slice(space + 1).trim() };
}

/** Resolves the credentials of one request. */
export async function authenticate(app: AppContext, creds: Credentials): Promise<Auth | null> {
  if (creds.queryToken !== undefined && app.settings.bool('security.DISABLE_QUERY_AUTH_TOKEN')) {
    throw new UnauthorizedError(QUERY_TOKEN_DISABLED);
  }
  const header = parseAuthorization(creds.authorization);
  let auth: Auth | null;
  if (header && (header.scheme === 'token' || header.scheme === 'bearer')) auth = await byToken(app, header.value);
  else if (header?.scheme === 'basic') auth = await byBasic(app, header.value, creds);
  else if (header?.scheme === 'negotiate') auth = await byNegotiate(app, header.value);
  else if (creds.queryToken !== undefined) auth = await byToken(app, creds.queryToken);
  else auth = await byReverseProxy(app, creds);
  if (auth) checkMayLogIn(auth.user);
  if (creds.sudo) return applySudo(app, auth, creds.sudo);
  return auth;
}

/** Every access token is 40 lower-case hex digits (newToken). */
const TOKEN_SHAPE = /^[0-9a-f]{40}$/;

/** The stored token for a value, or undefined. */
async function findToken(app: AppContext, value: string): Promise<AccessTokenRecord | undefined> {
  const v = value.trim();
  // Anything else (a password in Basic credentials, above all) cannot be one: no hash to compute and look up.
  return TOKEN_SHAPE.test(v) ? tokenStore.peekByHash(app.store, hashToken(v)) : undefined;
}

async function tokenAuth(app: AppContext, token: AccessTokenRecord): Promise<Auth> {
  // Read-only from here on: the frozen shared record (no copy per request).
  const user = await userStore.peekById(app.store, token.uid);
  if (!user) throw new UnauthorizedError();
  // Recording use on every request would write the store per request; once a minute is enough.
  const now = Date.now();
  if (!token.last_used || now - Date.parse(token.last_used) > 60_000) {
    await tokenStore.touch(app.store, token.id, new Date(now).toISOString());
  }
  return { user, method: 'token', token, sudoer: null };
}

async function bySession(app: AppContext, value: string): Promise<Auth> {
  const s = sessionUser(app, value);
  const user = s ? await userStore.peekById(app.store, s.uid) : undefined;
  // A password changed since sign-in ends the session.
  if (!s || !user || passwordStamp(user) !== s.stamp) throw new UnauthorizedError();
  return { user, method: 'session', token: null, sudoer: null, sessionValue: value };
}

async function byToken(app: AppContext, value: string, sessions = true): Promise<Auth> {
  if (isSessionValue(value.trim())) {
    // A session travels only in the token header, never inside Basic credentials a browser might keep.
    if (!sessions) throw new UnauthorizedError();
    return bySession(app, value.trim());
  }
  const token = await findToken(app, value);
  if (token) return tokenAuth(app, token);
  const actions = await byActionsToken(app, value);
  if (!actions) throw new UnauthorizedError();
  return actions;
}

/** Gitea tries a running action task's token after the access tokens; it acts as the actions user, without scopes. */
async function byActionsToken(app: AppContext, value: string): Promise<Auth | null> {
  const user = await actionsTokenUser(app, value);
  return user ? { user, method: 'token', token: null, sudoer: null } : null;
}

function decodeBasic(value: string): { login: string; password: string } {
  const text = Buffer.from(value, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) throw new UnauthorizedError();
  return { login: text.slice(0, colon), password: text.slice(colon + 1) };
}

async function byBasic(app: AppContext, value: string, creds: Credentials): Promise<Auth> {
  const { login, password } = decodeBasic(value);
  // Gitea: an empty password (or "x-oauth-basic") means the user name is a token; otherwise the password is
  // tried as a token first. Tokens skip the second factor, as in Gitea.
  if (password === '' || password === 'x-oauth-basic') return { ...(await byToken(app, login, false)), viaBasic: true };
  const token = await findToken(app, password);
  if (token) return { ...(await tokenAuth(app, token)), viaBasic: true };
  const actions = await byActionsToken(app, password);
  if (actions) return { ...actions, viaBasic: true };
  if (!app.settings.bool('service.ENABLE_BASIC_AUTHENTICATION')) throw new UnauthorizedError('basic authentication with a password is disabled');
  const user = await signInWithPassword(app, { login, password, otp: creds.otp, remoteAddress: creds.remoteAddress, purpose: creds.purpose });
  return { user, method: 'basic', token: null, sudoer: null, viaBasic: true };
}

/** As Gitea's SSPI method: the ticket is the sign-in, so no second factor is asked, and no token scope applies. */
async function byNegotiate(app: AppContext, value: string): Promise<Auth> {
  const { user, response } = await negotiateSignIn(app, value);
  return { user, method: 'negotiate', token: null, sudoer: null, ...(response ? { negotiateResponse: response } : {}) };
}

async function byReverseProxy(app: AppContext, creds: Credentials): Promise<Auth | null> {
  if (!creds.proxyUser && !creds.proxyEmail) return null;
  const user = await reverseProxyUser(app, { user: creds.proxyUser, email: creds.proxyEmail, fullName: creds.proxyFullName }, creds.remoteAddress);
  return user ? { user, method: 'reverse_proxy', token: null, sudoer: null } : null;
}

/** Gitea's sudo: admins act as another user; anyone else (anonymous included) gets 403; an unknown user 404. */
async function applySudo(app: AppContext, auth: Auth | null, name: string): Promise<Auth> {
  if (!auth?.user.is_admin) throw new ForbiddenError('Only administrators allowed to sudo.');
  const target = await userStore.getByName(app.store, name);
  if (!target || target.type !== 'individual') throw new NotFoundError(`The user ${name} does not exist.`);
  return { ...auth, user: target, sudoer: auth.user };
}
