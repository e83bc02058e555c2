/**
 * The one outbound HTTP client (ARCHITECTURE decision 9): every address a request connects to is checked
 * against `[webhook] ALLOWED_HOST_LIST` (Gitea's hostmatcher: `loopback`, `private`, `external`, `*`, CIDRs
 * and host globs) after DNS resolution, and the connection goes to the address that was checked, so a name
 * that re-resolves elsewhere cannot slip past. Runs in the worker; imports nothing outside lib.
 */
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { compileGlob } from './glob.ts';

export class BlockedHostError extends Error {}

export interface HostMatcher {
  builtins: Set<'loopback' | 'private' | 'external' | '*'>;
  cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  globs: RegExp[];
}

const BUILTINS = new Set(['loopback', 'private', 'external', '*']);

/** Parses an allowed-host list as Gitea's hostmatcher.ParseHostMatchList does. */
export function parseHostList(items: readonly string[]): HostMatcher {
  const m: HostMatcher = { builtins: new Set(), cidrs: [], globs: [] };
  for (const raw of items) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    if (BUILTINS.has(item)) m.builtins.add(item as 'loopback');
    else if (item.includes('/') && ipaddr.isValidCIDR(item)) m.cidrs.push(ipaddr.parseCIDR(item));
    else m.globs.push(compileGlob(item, 'i'));
  }
  return m;
}

function kindOf(ip: ipaddr.IPv4 | ipaddr.IPv6): 'loopback' | 'private' | 'external' | 'other' {
  const addr = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
  const range = addr.range();
  if (range === 'loopback') return 'loopback';
  if (range === 'private' || range === 'uniqueLocal') return 'private';
  if (range === 'unicast') return 'external';
  return 'other';
}

/** Whether the host name (by glob) or the address it resolved to (by builtin class or CIDR) is allowed. */
export function isAllowed(m: HostMatcher, hostname: string, address: string): boolean {
  if (m.builtins.has('*')) return true;
  if (m.globs.some((g) => g.test(hostname))) return true;
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  const kind = kindOf(ip);
  if (kind !== 'other' && m.builtins.has(kind)) return true;
  return m.cidrs.some(([net0, bits]) => net0.kind() === ip.kind() && ip.match(net0, bits));
}

const denied = (host: string, ip: string): BlockedHostError => new BlockedHostError(
  `webhook can only call allowed HTTP servers (check your webhook.ALLOWED_HOST_LIST setting), deny '${host}(${ip})'`,
);

export interface GuardedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowedHosts: readonly string[];
  maxResponseBytes: number;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function guardedLookup(m: HostMatcher, hostname: string): net.LookupFunction {
  return (host, options, callback) => {
    dns.lookup(host, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !isAllowed(m, hostname, a.address));
      if (bad) return callback(denied(hostname, bad.address), '', 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function flatten(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Sends one request through the host guard; rejects on a blocked host, a network error or the timeout. */
export function guardedFetch(r: GuardedRequest): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(r.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new Error(`unsupported protocol ${url.protocol}`));
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const m = parseHostList(r.allowedHosts);
    if (net.isIP(hostname) && !isAllowed(m, hostname, hostname)) return reject(denied(hostname, hostname));
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method: r.method, headers: r.headers, lookup: guardedLookup(m, hostname), agent: false });
    const timer = setTimeout(() => req.destroy(new Error(`context deadline exceeded (Client.Timeout exceeded after ${r.timeoutMs} ms)`)), r.timeoutMs);
    const fail = (err: Error): void => { clearTimeout(timer); reject(err); };
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (): void => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: flatten(res.headers), body: Buffer.concat(chunks).toString('utf8') });
      };
      res.on('data', (c: Buffer) => {
        if (size >= r.maxResponseBytes) return;
        const part = c.subarray(0, r.maxResponseBytes - size);
        chunks.push(part);
        size += part.length;
        if (size >= r.maxResponseBytes) { done(); res.destroy(); }
      });
      res.on('end', done);
      res.on('error', fail);
    });
    req.end(r.body);
  });
}
