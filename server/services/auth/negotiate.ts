/**
 * Negotiate (SPNEGO, RFC 4559) sign-in, Gitea's SSPI method: `Authorization: Negotiate <token>` is accepted
 * through the kerberos binding with the keytab of the host's service principal (`KRB5_KTNAME`), the client's
 * principal becomes a user name by the SSPI source's rules, and the account is created (and activated) when the
 * source says so. Off while no active SSPI source exists; unavailable, but never fatal, when the binding cannot load.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { LoginSourceRecord, UserRecord } from '../../store/records.ts';
import * as sourceStore from '../../store/login-sources.ts';
import * as userStore from '../../store/users.ts';
import { ConflictError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { loadKerberos, type BindingState } from './kerberos-binding.ts';
import { principalToUsername, SSPI_DEFAULTS } from './sspi-source.ts';
import { createUser } from '../user/users.ts';

interface NegotiateState {
  importer: (() => Promise<unknown>) | undefined;
  /** The active SSPI source, as last read. */
  source: LoginSourceRecord | null;
  /** Loaded once, on the first need. */
  binding: BindingState | null;
}

const states = new WeakMap<AppContext, NegotiateState>();

function stateOf(app: AppContext): NegotiateState {
  let s = states.get(app);
  if (!s) states.set(app, (s = { importer: undefined, source: null, binding: null }));
  return s;
}

/** What the admin page shows: whether a source is on, and whether this host can accept Negotiate at all. */
export interface NegotiateStatus { enabled: boolean; available: boolean; reason: string }

/** Reads the active SSPI source again and loads the binding when one is on; logs when the method is unavailable. */
export async function refreshNegotiate(app: AppContext): Promise<void> {
  const state = stateOf(app);
  state.source = (await sourceStore.list(app.store)).find((s) => s.type === 'sspi' && s.is_active) ?? null;
  if (!state.source || state.binding) return;
  state.binding = await loadKerberos(state.importer);
  if (state.binding.ok) app.log.info('Negotiate (SSPI) sign-in is on', { source: state.source.name });
  else app.log.warn(`Negotiate (SSPI) sign-in is unavailable: the kerberos binding cannot load (${state.binding.reason})`, { source: state.source.name });
}

/** At host start: the binding to load (tests pass one that fails), then the first read of the sources. */
export async function startNegotiate(app: AppContext, importer?: () => Promise<unknown>): Promise<void> {
  stateOf(app).importer = importer;
  await refreshNegotiate(app);
}

/** True when 401 answers should offer `WWW-Authenticate: Negotiate`. */
export function offersNegotiate(app: AppContext): boolean {
  const s = states.get(app);
  return !!s?.source && s.binding?.ok === true;
}

/** Whether Negotiate is on, and why it cannot work when it cannot. */
export async function negotiateStatus(app: AppContext): Promise<NegotiateStatus> {
  const s = stateOf(app);
  if (s.source && !s.binding) await refreshNegotiate(app);
  const reason = s.binding && !s.binding.ok ? s.binding.reason : '';
  return { enabled: !!s.source, available: s.binding?.ok === true, reason };
}

export interface NegotiateResult {
  user: UserRecord;
  /** The server's mutual-authentication token for `WWW-Authenticate: Negotiate <token>`, or ''. */
  response: string;
}

/** Accepts one Negotiate token: 401 when it is not valid here, or names no account that may sign in. */
export async function negotiateSignIn(app: AppContext, token: string): Promise<NegotiateResult> {
  const s = stateOf(app);
  if (!s.source) throw new UnauthorizedError('Negotiate authentication is not enabled on this host');
  if (!s.binding) await refreshNegotiate(app);
  if (!s.binding?.ok) throw new UnauthorizedError('Negotiate authentication is unavailable on this host');
  const server = await s.binding.binding.initializeServer('');
  try {
    await server.step(token);
  } catch (err) {
    app.log.debug('Negotiate token refused', { error: err instanceof Error ? err.message : String(err) });
    throw new UnauthorizedError('invalid Negotiate token');
  }
  // Only one leg (Kerberos); a ticket for another service of a shared keytab is not a sign-in to this one.
  if (!server.contextComplete || !server.username) throw new UnauthorizedError('invalid Negotiate token');
  if (server.targetName && !server.targetName.startsWith('HTTP/')) throw new UnauthorizedError('the Negotiate ticket is not for an HTTP service');
  const user = await userFor(app, s.source, server.username);
  return { user, response: server.response ?? '' };
}

async function userFor(app: AppContext, source: LoginSourceRecord, principal: string): Promise<UserRecord> {
  const cfg = source.sspi ?? SSPI_DEFAULTS;
  const name = principalToUsername(principal, cfg);
  const user = name ? await userStore.getByName(app.store, name) : undefined;
  if (user) {
    if (user.type !== 'individual') throw new UnauthorizedError(`${name} is an organization, not a user`);
    return user;
  }
  if (!cfg.auto_create_users) throw new UnauthorizedError(`user ${name} does not exist on this host`);
  try {
    const created = await createUser(app, {
      username: name, email: `${randomUUID()}@localhost.localdomain`, is_active: cfg.auto_activate_users, language: cfg.default_language,
    });
    app.log.info('user created from a Negotiate sign-in', { user: name, principal });
    return created;
  } catch (err) {
    if (err instanceof ConflictError) return (await userStore.getByName(app.store, name)) ?? Promise.reject(err);
    if (err instanceof ValidationError) throw new UnauthorizedError(`the principal ${principal} gives the user name ${name}, which is not valid here`);
    throw err;
  }
}
