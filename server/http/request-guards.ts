/**
 * Checks every request passes before anything else looks at it:
 * - the Host header must name this host (DNS rebinding: a hostile page whose name resolves to this machine
 *   would otherwise be same-origin with it, and could read answers and ride reverse-proxy sign-ins);
 * - a state-changing API request from another site is refused unless its credential is one a browser cannot
 *   attach on its own (a token or session in the Authorization header), so no page can sign in, set up the
 *   first administrator or use cached Basic credentials or proxy auth on the owner's behalf;
 * - the answers carry X-Frame-Options (`[cors] X_FRAME_OPTIONS`) and, for the UI, a Content-Security-Policy.
 */
import os from 'node:os';
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';
import type { Auth } from '../services/auth/authenticate.ts';
import { originMatcher } from './cors.ts';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host name of a Host header (no port, no brackets), lower case; '' when it is not a plain host[:port]. */
export function hostNameOf(header: string): string {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/i.exec(header.trim());
  return m?.[1]?.toLowerCase() ?? '';
}

/**
 * True when a request naming `name` is meant for this host. Address literals always are (a rebinding attack
 * needs a name); names must be localhost, this machine's name (also as `.local`, as mDNS announces it) or the
 * host of `[server] ROOT_URL`.
 */
export function isOwnHostName(app: AppContext, name: string): boolean {
  if (!name) return false;
  if (name.startsWith('[') || IPV4.test(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const machine = os.hostname().toLowerCase();
  if (name === machine || name === `${machine}.local`) return true;
  const root = app.settings.string('server.ROOT_URL');
  try {
    return !!root && new URL(root).hostname.toLowerCase() === name;
  } catch {
    return false;
  }
}

/** Refuses requests whose Host header names another host (421). A request without one (HTTP/1.0) passes. */
export function hostCheck(app: AppContext): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host;
    if (host === undefined || isOwnHostName(app, hostNameOf(host))) {
      next();
      return;
    }
    res.status(421).type('text/plain').send('this host does not answer to that name: set [server] ROOT_URL to the name you use\n');
  };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a browser says (Sec-Fetch-Site) or shows (Origin) that the request comes from another site. */
export function isCrossSite(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() !== (req.headers.host ?? '').toLowerCase();
  } catch {
    return true;
  }
}

/** A credential that only script with the value can send: a token or UI session in the Authorization header. */
const headerCredential = (auth: Auth | null): boolean => !!auth && !auth.viaBasic && (auth.method === 'token' || auth.method === 'session');

function corsAllowed(app: AppContext, origin: string | undefined): boolean {
  if (!origin || !app.settings.bool('cors.ENABLED')) return false;
  const domains = app.settings.list('cors.ALLOW_DOMAIN');
  // `*` opens the API to token clients on any site; it does not vouch for ambient credentials.
  return domains.some((d) => d !== '*' && originMatcher(d).test(origin));
}

/** After authentication: refuses cross-site state changes that ride on no credential or an ambient one (403). */
export function crossSiteCheck(app: AppContext): RequestHandler {
  return (req, res, next) => {
    if (SAFE.has(req.method) || !isCrossSite(req)) {
      next();
      return;
    }
    if (headerCredential((res.locals.auth as Auth | null) ?? null) || corsAllowed(app, req.headers.origin)) {
      next();
      return;
    }
    res.status(403).json({ message: 'cross-site request refused: send a token in the Authorization header, or use this host\'s own pages' });
  };
}

// blob: images are the repository files a signed-in page fetched with its token (a README's private images).
const UI_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
].join('; ');

/** The CSP frame-ancestors that says what X-Frame-Options says, for browsers that read only the CSP. */
const ancestors = (frame: string): string => {
  const f = frame.toUpperCase();
  return f === 'DENY' ? "; frame-ancestors 'none'" : f === 'SAMEORIGIN' ? "; frame-ancestors 'self'" : '';
};

/** Headers on every answer: X-Frame-Options as configured, nosniff, no referrer across origins, the UI's CSP. */
export function securityHeaders(app: AppContext): RequestHandler {
  return (req, res, next) => {
    let frame = app.settings.string('cors.X_FRAME_OPTIONS').trim();
    if (frame.toLowerCase() === 'unset') frame = '';
    if (frame) res.setHeader('X-Frame-Options', frame);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    if (!req.path.startsWith('/api/')) res.setHeader('Content-Security-Policy', UI_POLICY + ancestors(frame));
    next();
  };
}
