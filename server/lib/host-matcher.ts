/**
 * Which hosts outbound requests may reach (ARCHITECTURE decision 9). One classification of addresses serves
 * webhooks (`[webhook] ALLOWED_HOST_LIST`, Gitea's hostmatcher keywords) and migrations and mirrors
 * (`[migrations] ALLOWED_DOMAINS` / `BLOCKED_DOMAINS` / `ALLOW_LOCALNETWORKS`). Pure: the resolver is passed in.
 *
 * Only global unicast addresses are `external`. The unspecified address (0.0.0.0, ::, which connect to this
 * machine), link-local (169.254/16, fe80::/10, cloud metadata services), shared (100.64/10), reserved,
 * multicast and the IPv6 forms that embed an IPv4 address for a translator (NAT64, 6to4, Teredo,
 * IPv4-compatible) are in no class: only an explicit CIDR, address or `*` opens them. IPv4-mapped IPv6
 * addresses count as the IPv4 address they carry, and IPv4 written in decimal, octal or hex is read as the
 * C resolver reads it, so no spelling of an address changes its class.
 */
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { compileGlob, type Glob } from './glob.ts';

export type AddressClass = 'loopback' | 'private' | 'external' | 'other';
type Builtin = 'loopback' | 'private' | 'external' | '*';
type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed host list: Gitea's builtin keywords, CIDR ranges, and globs matched against names and addresses. */
export interface HostMatcher {
  builtins: Set<Builtin>;
  cidrs: [Ip, number][];
  globs: Glob[];
}

const BUILTINS = new Set<string>(['loopback', 'private', 'external', '*']);

/** Reads an address literal in any spelling git or a resolver would accept (brackets, decimal, octal, hex, mapped); null for a name. */
export function parseIpLiteral(host: string): string | null {
  const h = host.trim().replace(/^\[|\]$/g, '').toLowerCase();
  if (h.includes(':')) return ipaddr.IPv6.isValid(h) ? ipaddr.IPv6.parse(h).toString() : null;
  // ipaddr's IPv4 parser takes the same one- to four-part decimal, octal (leading 0) and hex (0x) forms as inet_aton.
  return ipaddr.IPv4.isValid(h) ? ipaddr.IPv4.parse(h).toString() : null;
}

function unmapped(ip: Ip): Ip {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** True for ::a.b.c.d (IPv4-compatible, deprecated), which some stacks route as the IPv4 address. */
function ipv4Compatible(ip: Ip): boolean {
  if (ip.kind() !== 'ipv6') return false;
  const p = (ip as ipaddr.IPv6).parts;
  return p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || (p[7] ?? 0) > 1);
}

/** The class of an address: loopback, private (RFC 1918, fc00::/7), external (global unicast only) or other. */
export function classifyAddress(address: string): AddressClass {
  const literal = parseIpLiteral(address);
  if (!literal) return 'other';
  const ip = unmapped(ipaddr.parse(literal));
  if (ipv4Compatible(ip)) return 'other';
  const range = ip.range();
  if (range === 'loopback') return 'loopback';
  if (range === 'private' || range === 'uniqueLocal') return 'private';
  if (range === 'unicast') return 'external';
  return 'other';
}

/** Parses a host list as Gitea's hostmatcher does: keywords, CIDRs, and globs for the rest. */
export function parseHostList(items: readonly string[]): HostMatcher {
  const m: HostMatcher = { builtins: new Set(), cidrs: [], globs: [] };
  for (const raw of items) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    if (BUILTINS.has(item)) m.builtins.add(item as Builtin);
    else if (item.includes('/') && ipaddr.isValidCIDR(item)) m.cidrs.push(ipaddr.parseCIDR(item));
    else m.globs.push(compileGlob(item, 'i'));
  }
  return m;
}

/** True when the list names nothing. */
export const isEmptyList = (m: HostMatcher): boolean => m.builtins.size === 0 && m.cidrs.length === 0 && m.globs.length === 0;

/** Whether an address matches the list: `*`, its class, a CIDR, or a glob written as an address. */
export function matchesAddress(m: HostMatcher, address: string): boolean {
  if (m.builtins.has('*')) return true;
  const literal = parseIpLiteral(address);
  if (!literal) return false;
  if (m.globs.some((g) => g.test(literal))) return true;
  const cls = classifyAddress(literal);
  if (cls !== 'other' && m.builtins.has(cls)) return true;
  const ip = ipaddr.parse(literal);
  const forms = [ip, unmapped(ip)];
  return m.cidrs.some(([net, bits]) => forms.some((f) => f.kind() === net.kind() && f.match(net, bits)));
}

/** Whether the host name (by glob), or the address it is or resolved to, matches the list. */
export function matchesHostOrAddress(m: HostMatcher, hostname: string, address: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (m.globs.some((g) => g.test(host))) return true;
  const literal = parseIpLiteral(host);
  if (literal && matchesAddress(m, literal)) return true;
  return matchesAddress(m, address);
}

/** Where a kind of outbound request may go: an allow list, an optional block list, and the setting to name. */
export interface OutboundPolicy {
  usage: 'webhook' | 'migration';
  allow: HostMatcher;
  block: HostMatcher | null;
  hint: string;
}

/** Webhooks: `[webhook] ALLOWED_HOST_LIST` (Gitea's default `external`). */
export function webhookPolicy(allowedHostList: readonly string[]): OutboundPolicy {
  return { usage: 'webhook', allow: parseHostList(allowedHostList), block: null, hint: 'webhook.ALLOWED_HOST_LIST' };
}

export interface MigrationSettings {
  allowedDomains: readonly string[];
  blockedDomains: readonly string[];
  allowLocalNetworks: boolean;
}

/** Migrations and mirrors, as Gitea builds them: the allow list (or `external`), plus loopback and private when allowed. */
export function migrationPolicy(s: MigrationSettings): OutboundPolicy {
  const allow = parseHostList(s.allowedDomains);
  if (isEmptyList(allow)) allow.builtins.add('external');
  if (s.allowLocalNetworks) allow.builtins.add('private').add('loopback');
  const block = parseHostList(s.blockedDomains);
  return { usage: 'migration', allow, block: isEmptyList(block) ? null : block, hint: 'migrations.ALLOWED_DOMAINS / ALLOW_LOCALNETWORKS' };
}

/** A host or address the policy refuses, or a name that does not resolve. Nothing was sent. */
export class BlockedHostError extends Error {
  readonly host: string;
  readonly address: string;
  constructor(message: string, host: string, address: string) {
    super(message);
    this.host = host;
    this.address = address;
  }
}

/** Why the policy refuses `address` (reached through `hostname`), in Gitea's words; null when allowed. */
export function refusal(p: OutboundPolicy, hostname: string, address: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (p.block && matchesHostOrAddress(p.block, host, address)) {
    return `${p.usage} can not call blocked HTTP servers (check your migrations.BLOCKED_DOMAINS setting), deny '${host}(${address})'`;
  }
  if (!matchesHostOrAddress(p.allow, host, address)) {
    return `${p.usage} can only call allowed HTTP servers (check your ${p.hint} setting), deny '${host}(${address})'`;
  }
  return null;
}

/** Resolves a host name to its addresses. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, as git's own connection would use). */
export const systemResolver: Resolver = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves `hostname` once and checks every address it gave; returns the address to connect to (the first),
 * which the caller must pin so that nothing resolves the name a second time.
 */
export async function resolveChecked(p: OutboundPolicy, hostname: string, resolver: Resolver = systemResolver): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = parseIpLiteral(host);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    addresses = await resolver(host).catch(() => []);
    if (addresses.length === 0) throw new BlockedHostError(`${p.usage} target '${host}' is unknown: its name does not resolve`, host, '');
  }
  for (const a of addresses) {
    const why = refusal(p, host, a);
    if (why) throw new BlockedHostError(why, host, a);
  }
  return addresses[0]!;
}
