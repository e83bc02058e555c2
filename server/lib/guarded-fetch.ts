/**
 * The one outbound HTTP client (ARCHITECTURE decision 9): the host name is resolved once, every address it
 * gave is checked against the request's policy (`lib/host-matcher.ts`), and the connection goes to the address
 * that was checked, so a name that re-resolves elsewhere cannot slip past. Redirects are never followed.
 * Runs in the worker; imports nothing outside lib.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
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
 * The webhook agent for an origin under an allowed-host list: its connections were opened to addresses checked
 * under that same list, so reusing one skips no check (each new connection resolves and checks the name again).
 */
function agentFor(lib: typeof http | typeof https, url: URL, allowedHosts: readonly string[]): http.Agent {
  const key = `${url.origin} ${allowedHosts.join(',')}`;
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

/** The webhook policy of an allowed-host list, parsed once per list (not once per delivery). */
const policies = new Map<string, OutboundPolicy>();
/** Verdicts on address literals under an allowed-host list (a literal's verdict depends on nothing else). */
const verdicts = new Map<string, string | null>();
const MAX_CACHED = 256;

function policyFor(allowedHosts: readonly string[]): OutboundPolicy {
  const key = allowedHosts.join(',');
  let p = policies.get(key);
  if (!p) {
    if (policies.size >= MAX_CACHED) policies.clear();
    policies.set(key, (p = webhookPolicy(allowedHosts)));
  }
  return p;
}

function literalRefusal(allowedHosts: readonly string[], policy: OutboundPolicy, hostname: string, literal: string): string | null {
  const key = `${allowedHosts.join(',')} ${hostname}`;
  let why = verdicts.get(key);
  if (why === undefined) {
    if (verdicts.size >= MAX_CACHED) verdicts.clear();
    verdicts.set(key, (why = refusal(policy, hostname, literal)));
  }
  return why;
}

function flatten(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Sends one request through the host guard; rejects on a refused host (nothing sent), a network error or the timeout. */
export function guardedFetch(r: GuardedRequest): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(r.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new Error(`unsupported protocol ${url.protocol}`));
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const policy = r.policy ?? policyFor(r.allowedHosts);
    // An address literal is never looked up by Node: check it here, before anything is opened.
    const literal = parseIpLiteral(hostname);
    const why = literal && (r.policy ? refusal(policy, hostname, literal) : literalRefusal(r.allowedHosts, policy, hostname, literal));
    if (why) return reject(new BlockedHostError(why, hostname, literal));
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method: r.method, headers: r.headers, lookup: pinnedLookup(policy, hostname, r.resolver ?? systemResolver), agent: r.resolver || r.policy ? false : agentFor(lib, url, r.allowedHosts) });
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
