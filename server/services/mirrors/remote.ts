/**
 * Remote addresses of mirrors and migrations: parsing (Gitea's ParseRemoteAddr), the outbound allow-list
 * (`[migrations] ALLOWED_DOMAINS` / `BLOCKED_DOMAINS` / `ALLOW_LOCALNETWORKS`, Gitea's IsMigrateURLAllowed),
 * local paths (only for those allowed to import local repositories, never inside the data dir), and the
 * credentials, which are kept apart from the address and sealed at rest.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import path from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import { parseHostList, isAllowed } from '../../lib/guarded-fetch.ts';

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

/** Whether `hostname` (and every address it resolves to) passes the migrations allow- and block-lists. */
export async function checkHostAllowed(app: AppContext, hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new RemoteAddressError('unresolved', notAllowed(host, ': unknown hostname'));
  }
  const s = app.settings;
  const allowItems = s.list('migrations.ALLOWED_DOMAINS');
  const block = parseHostList(s.list('migrations.BLOCKED_DOMAINS'));
  if (!s.bool('migrations.ALLOW_LOCALNETWORKS')) block.builtins.add('loopback').add('private');
  const blocked = block.globs.some((g) => g.test(host)) || addresses.some((a) => isAllowed({ ...block, globs: [] }, host, a));
  if (allowItems.length > 0) {
    const allow = parseHostList(allowItems);
    if (!addresses.some((a) => isAllowed(allow, host, a))) throw new RemoteAddressError('host-denied', 'You can not import from disallowed hosts.');
  }
  if (blocked) throw new RemoteAddressError('host-denied', 'You can not import from disallowed hosts.');
}

/** True when `child` is `root` or inside it. */
const inside = (root: string, child: string): boolean => child === root || child.startsWith(root + path.sep);

async function localRemote(app: AppContext, doer: UserRecord | null, p: string): Promise<Remote> {
  if (doer && !doer.is_admin && !doer.allow_import_local) {
    throw new RemoteAddressError('local-denied', 'You are not allowed to import local repositories.');
  }
  const invalid = new RemoteAddressError('local-invalid', 'Invalid local path, it does not exist or not a directory.');
  if (!path.isAbsolute(p)) throw invalid;
  const real = await realpath(p).catch(() => null);
  if (!real || !(await stat(real)).isDirectory()) throw invalid;
  const dataDir = await realpath(app.dataDir).catch(() => path.resolve(app.dataDir));
  if (inside(dataDir, real) || inside(real, dataDir)) {
    throw new RemoteAddressError('local-data', 'You can not import from a path inside the data directory.');
  }
  return { target: real, display: p, local: true, auth: null };
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
  await checkHostAllowed(app, u.hostname);
  const auth = credentialsOf(u, input);
  u.username = '';
  u.password = '';
  return { target: u.toString(), display: u.toString(), local: false, auth };
}

/** Seals credentials for storage; "" for none. */
export const sealAuth = (app: AppContext, auth: RemoteAuth | null): string => (auth ? app.secrets.encrypt(JSON.stringify(auth)) : '');

/** Opens stored credentials. */
export function openAuth(app: AppContext, sealed: string): RemoteAuth | null {
  if (!sealed) return null;
  const v = JSON.parse(app.secrets.decrypt(sealed)) as RemoteAuth;
  return { username: v.username ?? '', password: v.password ?? '' };
}
