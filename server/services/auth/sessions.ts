/**
 * The UI's sign-in: a password (and second factor) opens a session (`ui-sessions.ts`), which the browser sends
 * as `Authorization: token hfs_...`; signing out ends it. Also the first-run setup that creates the first
 * administrator when the host has no user at all.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { Auth } from './authenticate.ts';
import * as userStore from '../../store/users.ts';
import { closeSession, openSession } from './ui-sessions.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ConflictError, ForbiddenError, NotFoundError, ServiceError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { isLoopback } from './login-limiter.ts';
import { signInWithPassword } from './password.ts';
import { createUser } from '../user/users.ts';
import { negotiateStatus } from './negotiate.ts';

export interface Session {
  /** The session value for the browser; shown once, kept only as its hash. */
  token: string;
  user: UserRecord;
}

export interface SignInForm {
  username: string;
  password: string;
  otp?: string | undefined;
}

export interface SetupForm {
  username: string;
  email: string;
  password: string;
  /** The one-time code the host printed at start; needed only from another machine. */
  code?: string | undefined;
}

/** Opens a UI session for the user. */
export function createSession(app: AppContext, user: UserRecord): Session {
  return { token: openSession(app, user), user };
}

/** Signs in with the same rate limit and second-factor rules as basic auth; returns a fresh UI session. */
export async function signIn(app: AppContext, form: SignInForm, remoteAddress: string): Promise<Session> {
  if (!app.settings.bool('service.ENABLE_BASIC_AUTHENTICATION')) {
    throw new UnauthorizedError('signing in with a password is disabled');
  }
  const user = await signInWithPassword(app, { login: form.username.trim(), password: form.password, otp: form.otp, remoteAddress });
  // A real sign-in, the one place that records the sign-in time (as Gitea's web sign-in does; API calls do not).
  const stamped = await userStore.update(app.store, user.id, (u) => { u.last_login = new Date().toISOString(); });
  return createSession(app, stamped ?? user);
}

/**
 * The UI's Negotiate sign-in: a request that came with a valid Kerberos ticket gets a session; otherwise 401 (the
 * error answer offers Negotiate, which a browser on the domain answers by itself), 404 when no SSPI source is on,
 * 503 when this host cannot accept Negotiate.
 */
export async function negotiateSession(app: AppContext, auth: Auth | null): Promise<Session> {
  if (auth?.method !== 'negotiate' || auth.sudoer) {
    const status = await negotiateStatus(app);
    if (!status.enabled) throw new NotFoundError('Negotiate sign-in is not enabled on this host');
    if (!status.available) throw new ServiceError(503, `Negotiate sign-in is unavailable on this host: ${status.reason}`);
    throw new UnauthorizedError('Negotiate authentication required');
  }
  const stamped = await userStore.update(app.store, auth.user.id, (u) => { u.last_login = new Date().toISOString(); });
  return createSession(app, stamped ?? auth.user);
}

/** Ends the session the request was made with. */
export function signOut(app: AppContext, auth: Auth): void {
  if (auth.method !== 'session' || !auth.sessionValue) throw new ValidationError('signing out needs the session in the Authorization header');
  closeSession(app, auth.sessionValue);
}

/** True while the host has no user at all: the UI then shows its first-run page. */
export async function needsAdmin(app: AppContext): Promise<boolean> {
  return (await userStore.count(app.store, () => true)) === 0;
}

// Two first-run requests racing must not both create an admin: setups of one host run one after another.
const setupQueues = new WeakMap<AppContext, Promise<unknown>>();

const setupCodes = new WeakMap<AppContext, string>();

/** The one-time first-run code of this run of the host (made on first use; the host prints it at start). */
export function firstRunCode(app: AppContext): string {
  let code = setupCodes.get(app);
  if (!code) setupCodes.set(app, (code = randomBytes(6).toString('hex')));
  return code;
}

export const SETUP_NEEDS_CODE =
  'the first administrator can be created on this machine, or from another one with the one-time code the host printed when it started';

/**
 * Only the local owner finishes first-run: a request from this machine (loopback; cross-site pages and other
 * host names are refused before this), or one that brings the code printed at start.
 */
function checkSetupAllowed(app: AppContext, remoteAddress: string, code: string | undefined): void {
  if (isLoopback(remoteAddress)) return;
  const expected = Buffer.from(firstRunCode(app));
  const given = Buffer.from(code?.trim() ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError(SETUP_NEEDS_CODE);
}

/** Creates the first administrator, only when no user exists (409 otherwise), and signs them in. */
export function setupFirstAdmin(app: AppContext, form: SetupForm, remoteAddress: string): Promise<Session> {
  const run = async (): Promise<Session> => {
    if (!(await needsAdmin(app))) throw new ConflictError('the first administrator already exists');
    checkSetupAllowed(app, remoteAddress, form.code);
    const user = await createUser(app, { username: form.username.trim(), email: form.email.trim(), password: form.password, is_admin: true });
    app.log.info('created the first administrator from the setup page', { username: user.name });
    return createSession(app, user);
  };
  const previous = setupQueues.get(app) ?? Promise.resolve();
  const next = previous.then(run, run);
  setupQueues.set(app, next.catch(() => undefined));
  return next;
}
