/**
 * Remote addresses of mirrors and migrations: parsing (Gitea's ParseRemoteAddr), the outbound policy
 * (`[migrations] ALLOWED_DOMAINS` / `BLOCKED_DOMAINS` / `ALLOW_LOCALNETWORKS`, Gitea's IsMigrateURLAllowed, with
 * the one address classification of lib/host-matcher), local paths (only with `IMPORT_LOCAL_PATHS` on and for
 * those allowed to import them, never reaching into the data dir), and the credentials, which are kept apart
 * from the address and sealed at rest. The address that was checked is the one git connects to: it is pinned
 * (`http.curloptResolve`, or written into a `git://` URL), so git never asks DNS a second time.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import { BlockedHostError, migrationPolicy, parseIpLiteral, resolveChecked, type OutboundPolicy, type Resolver } from '../../lib/host-matcher.ts';
import { LocalPathError, checkedLocalGitDir } from './local-path.ts';

export type RemoteProblem = 'url' | 'protocol' | 'local-denied' | 'local-invalid' | 'local-data' | 'host-denied' | 'unresolved';

/** A remote address that may not be used; `kind` lets each caller answer with Gitea's status and words. */
export class RemoteAddressError extends Error {
  readonly kind: RemoteProblem;
  constructor(kind: RemoteProblem, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface RemoteAuth {
  username: string;
  password: string;
}

export interface Remote {
  /** What git is given: the URL without credentials, or the resolved absolute path of a local repository. */
  target: string;
  /** The address to show and store: without credentials. */
  display: string;
  local: boolean;
  auth: RemoteAuth | null;
  /** http(s) by name: git's `http.curloptResolve` entry (`host:port:address`) pinning the checked address. */
  pin: string | null;
}

export interface RemoteInput {
  address: string;
  username?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
}

const NETWORK_SCHEMES = new Set(['http:', 'https:', 'git:']);

const notAllowed = (host: string, why: string): string => `migration/cloning from '${host}' is not allowed${why}`;

/** The credentials of an address: the URL's own, replaced by explicit ones, a token as the password. */
function credentialsOf(u: URL, input: RemoteInput): RemoteAuth | null {
  let username = decodeURIComponent(u.username);
  let password = decodeURIComponent(u.password);
  if (input.username || input.password) {
    username = input.username ?? '';
    password = input.password ?? '';
  }
  if (input.token) {
    password = input.token;
    username ||= 'oauth2';
  }
  if (u.protocol === 'git:' || (!username && !password)) return null;
  return { username, password };
}

/** The resolver used for remote addresses; tests may replace it for a host. */
const resolvers = new WeakMap<AppContext, Resolver>();

/** Answers DNS for the remote addresses of `app` (tests: a name that resolves to a chosen address). */
export function setResolver(app: AppContext, resolver: Resolver): void {
  resolvers.set(app, resolver);
}

/** The migrations policy of the host's settings and its resolver, for the guarded outbound client. */
export function migrationOutbound(app: AppContext): { policy: OutboundPolicy; resolver: Resolver | undefined } {
  const s = app.settings;
  const policy = migrationPolicy({
    allowedDomains: s.list('migrations.ALLOWED_DOMAINS'), blockedDomains: s.list('migrations.BLOCKED_DOMAINS'),
    allowLocalNetworks: s.bool('migrations.ALLOW_LOCALNETWORKS'),
  });
  return { policy, resolver: resolvers.get(app) };
}

/** Checks `hostname` and every address it resolves to against the migrations policy; returns the address to pin. */
export async function checkHostAllowed(app: AppContext, hostname: string): Promise<string> {
  const { policy, resolver } = migrationOutbound(app);
  try {
    return await resolveChecked(policy, hostname, resolver);
  } catch (err) {
    if (!(err instanceof BlockedHostError)) throw err;
    // The same words for every refused address: nothing tells whether something listens there.
    if (!err.address) throw new RemoteAddressError('unresolved', notAllowed(err.host, ': unknown hostname'));
    throw new RemoteAddressError('host-denied', 'You can not import from disallowed hosts.');
  }
}

/** Gitea's CanImportLocal: the setting, then an administrator or a user allowed to import local paths. */
function canImportLocal(app: AppContext, doer: UserRecord | null): boolean {
  if (!app.settings.bool('security.IMPORT_LOCAL_PATHS') && !app.settings.bool('repository.IMPORT_LOCAL_PATHS')) return false;
  return !doer || doer.is_admin || doer.allow_import_local;
}

async function localRemote(app: AppContext, doer: UserRecord | null, p: string): Promise<Remote> {
  if (!canImportLocal(app, doer)) throw new RemoteAddressError('local-denied', 'You are not allowed to import local repositories.');
  try {
    return { target: await checkedLocalGitDir(app.dataDir, p), display: p, local: true, auth: null, pin: null };
  } catch (err) {
    if (err instanceof LocalPathError) throw new RemoteAddressError(err.kind, err.message);
    throw err;
  }
}

/** Points `u` at the checked address: a `git://` URL names it, an http(s) one keeps its name and gets a pin. */
function pinTo(u: URL, address: string): string | null {
  const bracketed = address.includes(':') ? `[${address}]` : address;
  if (u.protocol === 'git:') {
    u.hostname = bracketed;
    return null;
  }
  if (parseIpLiteral(u.hostname)) return null;
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return `${u.hostname}:${port}:${bracketed}`;
}

/**
 * Parses and checks a remote address for `doer` (null: a scheduled sync, where only the host and path rules
 * are checked again, since the address was allowed for its creator).
 */
export async function resolveRemote(app: AppContext, doer: UserRecord | null, input: RemoteInput): Promise<Remote> {
  const raw = input.address.trim();
  if (raw.startsWith('/')) return localRemote(app, doer, raw);
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new RemoteAddressError('url', notAllowed(raw, ': the provided url is invalid'));
  }
  if (u.protocol === 'file:') {
    if (u.host) throw new RemoteAddressError('url', notAllowed(raw, ': the provided url is invalid'));
    return localRemote(app, doer, decodeURIComponent(u.pathname));
  }
  if (!NETWORK_SCHEMES.has(u.protocol) || /%0[ad]/i.test(raw)) {
    throw new RemoteAddressError('protocol', notAllowed(u.host, ': the provided url protocol is not allowed'));
  }
  if (!u.hostname) throw new RemoteAddressError('url', notAllowed(raw, ': the provided url is invalid'));
  const address = await checkHostAllowed(app, u.hostname);
  const auth = credentialsOf(u, input);
  u.username = '';
  u.password = '';
  const display = u.toString();
  const pin = pinTo(u, address);
  return { target: u.toString(), display, local: false, auth, pin };
}

/** Seals credentials for storage; "" for none. */
export const sealAuth = (app: AppContext, auth: RemoteAuth | null): string => (auth ? app.secrets.encrypt(JSON.stringify(auth)) : '');

/** Opens stored credentials. */
export function openAuth(app: AppContext, sealed: string): RemoteAuth | null {
  if (!sealed) return null;
  const v = JSON.parse(app.secrets.decrypt(sealed)) as RemoteAuth;
  return { username: v.username ?? '', password: v.password ?? '' };
}

/** What a mirror job needs to reach a checked remote: the URL or directory, the pinned address, local or not. */
export const jobTarget = (r: Remote): { url: string; pin: string | null; local: boolean } => ({ url: r.target, pin: r.pin, local: r.local });
