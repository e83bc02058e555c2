/**
 * The UI's sign-in: a password (and second factor) gets a fresh access token with scope `all`, which the browser
 * sends as `Authorization: token ...`; signing out deletes that token. Also the first-run setup that creates the
 * first administrator when the host has no user at all.
 */
import type { AppContext } from './context.ts';
import type { UserRecord } from '../store/records.ts';
import type { Auth } from './auth/authenticate.ts';
import * as tokenStore from '../store/access-tokens.ts';
import * as userStore from '../store/users.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { ConflictError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import { signInWithPassword } from './auth/password.ts';
import { createUser } from './users.ts';

export interface Session {
  /** The access token for the browser; shown once, stored only as its hash. */
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
}

/** UI tokens are named `homeforge-ui-<time>`, so a user can tell them apart in their token list. */
export const UI_TOKEN_PREFIX = 'homeforge-ui-';

/** Creates a UI access token (scope `all`) for the user. */
export async function issueUiToken(app: AppContext, user: UserRecord): Promise<Session> {
  const taken = new Set((await tokenStore.listByUser(app.store, user.id)).map((t) => t.name));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let name = `${UI_TOKEN_PREFIX}${stamp}`;
  for (let n = 2; taken.has(name); n++) name = `${UI_TOKEN_PREFIX}${stamp}-${n}`;
  const value = newToken();
  await tokenStore.insert(app.store, (id) => ({
    id, uid: user.id, name, token_hash: hashToken(value), token_last_eight: value.slice(-8),
    scopes: ['all'], created: new Date().toISOString(), last_used: null,
  }));
  return { token: value, user };
}

/** Signs in with the same rate limit and second-factor rules as basic auth; returns a fresh UI token. */
export async function signIn(app: AppContext, form: SignInForm, remoteAddress: string): Promise<Session> {
  if (!app.settings.bool('service.ENABLE_BASIC_AUTHENTICATION')) {
    throw new UnauthorizedError('signing in with a password is disabled');
  }
  const user = await signInWithPassword(app, { login: form.username.trim(), password: form.password, otp: form.otp, remoteAddress });
  return issueUiToken(app, user);
}

/** Deletes the token the request was made with. */
export async function signOut(app: AppContext, auth: Auth): Promise<void> {
  if (!auth.token) throw new ValidationError('signing out needs the session token in the Authorization header');
  await tokenStore.remove(app.store, auth.token.id);
}

/** True while the host has no user at all: the UI then shows its first-run page. */
export async function needsAdmin(app: AppContext): Promise<boolean> {
  return (await userStore.count(app.store, () => true)) === 0;
}

// Two first-run requests racing must not both create an admin: setups of one host run one after another.
const setupQueues = new WeakMap<AppContext, Promise<unknown>>();

/** Creates the first administrator, only when no user exists (409 otherwise), and signs them in. */
export function setupFirstAdmin(app: AppContext, form: SetupForm): Promise<Session> {
  const run = async (): Promise<Session> => {
    if (!(await needsAdmin(app))) throw new ConflictError('the first administrator already exists');
    const user = await createUser(app, { username: form.username.trim(), email: form.email.trim(), password: form.password, is_admin: true });
    app.log.info('created the first administrator from the setup page', { username: user.name });
    return issueUiToken(app, user);
  };
  const previous = setupQueues.get(app) ?? Promise.resolve();
  const next = previous.then(run, run);
  setupQueues.set(app, next.catch(() => undefined));
  return next;
}
