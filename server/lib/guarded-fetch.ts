/**
 * The one outbound HTTP client (ARCHITECTURE decision 9): the host name is resolved once, every address it
 * gave is checked against the request's policy (`lib/host-matcher.ts`), and the connection goes to the address
 * that was checked, so a name that re-resolves elsewhere cannot slip past. Redirects are never followed.
 * Runs in the worker; imports nothing outside lib.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { BlockedHostError, parseIpLiteral, refusal, resolveChecked, webhookPolicy, type OutboundPolicy, type Resolver, systemResolver } from './host-matcher.ts';

export { BlockedHostError } from './host-matcher.ts';

export interface GuardedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** `[webhook] ALLOWED_HOST_LIST`; ignored when `policy` is given. */
  allowedHosts: readonly string[];
  policy?: OutboundPolicy;
  maxResponseBytes: number;
  /** For tests: answers DNS in place of the system resolver. */
  resolver?: Resolver;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A lookup that answers only with the checked address; Node then connects to exactly that address. */
function pinnedLookup(p: OutboundPolicy, hostname: string, resolver: Resolver): net.LookupFunction {
  return (_host, options, callback) => {
    resolveChecked(p, hostname, resolver).then((address) => {
      const family = address.includes(':') ? 6 : 4;
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      } else callback(null, address, family);
    }, (err: Error) => callback(err as NodeJS.ErrnoException, '', 0));
  };
}

/** Kept-alive connections per origin and allowed-host list, at most MAX_AGENTS of them (the least recently used goes first). */
const agents = new Map<string, http.Agent>();
const MAX_AGENTS = 64;
/** An idle kept connection is closed after this long. */
const IDLE_SOCKET_MS = 15_000;

/**
 * The webhook agent for an origin under an allowed-host list (`key`): its connections were opened to addresses
 * checked under that same list, so reusing one skips no check (each new connection resolves and checks the name again).
 */
function agentFor(lib: typeof http | typeof https, key: string): http.Agent {
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    agent = new lib.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' });
    const oldest = agents.keys().next();
    if (agents.size >= MAX_AGENTS && !oldest.done) {
      agents.get(oldest.value)?.destroy();
      agents.delete(oldest.value);
    }
  }
  agents.set(key, agent);
  return agent;
}

/**
 * What sending to one URL takes, worked out once per URL and policy: the parsed URL as request options, the host
 * name, the verdict on an address literal (a literal's verdict depends on nothing else) and the pinned lookup.
 * Webhook deliveries to one target reuse it instead of parsing the URL, the address and the host list each time.
 */
interface Route {
  lib: typeof http | typeof https;
  options: http.RequestOptions;
  hostname: string;
  literal: string | null;
  refused: string | null;
  lookup: net.LookupFunction;
  agentKey: string;
}

/** Routes of webhook URLs by allowed-host list and URL; cleared when it grows past MAX_CACHED. */
const routes = new Map<string, Route>();
const MAX_CACHED = 256;

function routeOf(url: URL, policy: OutboundPolicy, resolver: Resolver, agentKey: string): Route {
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // An address literal is never looked up by Node: it is checked here, before anything is opened.
  const literal = parseIpLiteral(hostname);
  return {
    lib: url.protocol === 'https:' ? https : http, options: urlToHttpOptions(url), hostname, literal,
    refused: literal && refusal(policy, hostname, literal), lookup: pinnedLookup(policy, hostname, resolver), agentKey,
  };
}

/** The webhook route of a URL under an allowed-host list (cached); the parsed URL itself when its protocol is not http(s). */
function webhookRoute(rawUrl: string, allowedHosts: readonly string[]): Route | URL {
  const list = allowedHosts.join(',');
  const key = `${list} ${rawUrl}`;
  let route = routes.get(key);
  if (!route) {
    const url = new URL(rawUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return url;
    if (routes.size >= MAX_CACHED) routes.clear();
    routes.set(key, (route = routeOf(url, webhookPolicy(allowedHosts), systemResolver, `${url.origin} ${list}`)));
  }
  return route;
}

function flatten(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Sends one request through the host guard; rejects on a refused host (nothing sent), a network error or the timeout. */
export function guardedFetch(r: GuardedRequest): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    let route: Route | URL;
    if (r.policy || r.resolver) {
      const url = new URL(r.url);
      route = url.protocol === 'http:' || url.protocol === 'https:' ? routeOf(url, r.policy ?? webhookPolicy(r.allowedHosts), r.resolver ?? systemResolver, '') : url;
    } else route = webhookRoute(r.url, r.allowedHosts);
    if (route instanceof URL) return reject(new Error(`unsupported protocol ${route.protocol}`));
    if (route.refused) return reject(new BlockedHostError(route.refused, route.hostname, route.literal!));
    // With its own policy or resolver (migrations, tests) a request gets a connection of its own.
    const agent = route.agentKey ? agentFor(route.lib, route.agentKey) : false;
    const req = route.lib.request({ ...route.options, method: r.method, headers: r.headers, lookup: route.lookup, agent });
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
