/**
 * Reverse-proxy authentication (`[service] ENABLE_REVERSE_PROXY_AUTHENTICATION_API`): a trusted proxy names the
 * user in a header (X-WEBAUTH-USER by default). From an address outside `[security] REVERSE_PROXY_TRUSTED_PROXIES`
 * the headers are ignored, never an error, so nobody can name themselves by sending them directly.
 */
import ipaddr from 'ipaddr.js';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { createUser } from '../user/users.ts';

export interface ProxyHeaders {
  user?: string | undefined;
  email?: string | undefined;
  fullName?: string | undefined;
}

function inRange(addr: ipaddr.IPv4 | ipaddr.IPv6, cidr: string): boolean {
  try {
    const text = cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`;
    const [range, bits] = ipaddr.parseCIDR(text);
    return addr.kind() === range.kind() && addr.match([range, bits] as never);
  } catch {
    return false;
  }
}

/** True when `address` (the socket's peer) is inside one of the trusted proxy ranges; `*` trusts everyone. */
export function isTrustedProxy(app: AppContext, address: string): boolean {
  const ranges = app.settings.list('security.REVERSE_PROXY_TRUSTED_PROXIES');
  if (ranges.includes('*')) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 peer (::ffff:127.0.0.1) back into IPv4.
    addr = ipaddr.process(address);
  } catch {
    return false;
  }
  return ranges.some((cidr) => inRange(addr, cidr));
}

async function register(app: AppContext, name: string, headers: ProxyHeaders): Promise<UserRecord> {
  const s = app.settings;
  const given = headers.email?.trim();
  const email = s.bool('service.ENABLE_REVERSE_PROXY_EMAIL') && given ? given : `${randomUUID()}@localhost`;
  const fullName = s.bool('service.ENABLE_REVERSE_PROXY_FULL_NAME') ? headers.fullName?.trim() : undefined;
  return createUser(app, { username: name, email, full_name: fullName });
}

/**
 * The user the proxy names: by the user header (registered on first sight when auto-registration is on; an
 * unknown name is a 401 otherwise, as in Gitea), or, without a user header, by the email header when that is
 * enabled. Null when the method is off, the peer is not trusted, or there is nothing to go by.
 */
export async function reverseProxyUser(app: AppContext, headers: ProxyHeaders, remoteAddress: string): Promise<UserRecord | null> {
  const s = app.settings;
  if (!s.bool('service.ENABLE_REVERSE_PROXY_AUTHENTICATION_API') || !isTrustedProxy(app, remoteAddress)) return null;
  const name = headers.user?.trim() ?? '';
  const email = headers.email?.trim() ?? '';
  let user: UserRecord | undefined;
  if (name) {
    user = await userStore.getByName(app.store, name);
    if (!user && s.bool('service.ENABLE_REVERSE_PROXY_AUTO_REGISTRATION')) user = await register(app, name, headers);
    if (!user) throw new UnauthorizedError(`The user ${name} does not exist.`);
  } else if (email && s.bool('service.ENABLE_REVERSE_PROXY_EMAIL')) {
    user = await userStore.getByEmail(app.store, email);
  }
  if (!user) return null;
  if (user.type !== 'individual') throw new UnauthorizedError();
  return user;
}
