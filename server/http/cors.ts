/**
 * The one CORS handler, driven by the `[cors]` settings as Gitea's is: ENABLED, ALLOW_DOMAIN (`*`, exact
 * origins or host names, `*.example.com` wildcards), METHODS, HEADERS, MAX_AGE, ALLOW_CREDENTIALS.
 * Authorization and X-Gitea-OTP are always allowed headers, so browser clients can send a token or a second factor.
 */
import cors from 'cors';
import type { RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';

export const ALWAYS_ALLOWED_HEADERS = ['Authorization', 'X-Gitea-OTP'];

const escape = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** One ALLOW_DOMAIN entry as a matcher for the Origin header: a full origin, or a host name with `*` wildcards. */
export function originMatcher(entry: string): RegExp {
  const pattern = escape(entry.toLowerCase()).replaceAll('*', '[^/]*');
  // An entry without a scheme is a host name: any scheme and port may come with it.
  return entry.includes('://') ? new RegExp(`^${pattern}$`, 'i') : new RegExp(`^[a-z][a-z0-9+.-]*://${pattern}(:\\d+)?$`, 'i');
}

/** Reads the settings on each request, so a change made at run time applies at once. */
export function corsMiddleware(app: AppContext): RequestHandler {
  return (req, res, next) => {
    const s = app.settings;
    if (!s.bool('cors.ENABLED')) {
      next();
      return;
    }
    const domains = s.list('cors.ALLOW_DOMAIN');
    const credentials = s.bool('cors.ALLOW_CREDENTIALS');
    // Browsers refuse `*` together with credentials, so the origin is echoed back then.
    const anyOrigin = credentials ? true : '*';
    const handler = cors({
      origin: domains.includes('*') ? anyOrigin : domains.map(originMatcher),
      methods: s.list('cors.METHODS'),
      allowedHeaders: [...new Set([...ALWAYS_ALLOWED_HEADERS, ...s.list('cors.HEADERS')])],
      exposedHeaders: ['Link', 'X-Total-Count', 'X-HasMore', 'X-PerPage', 'X-Page', 'X-PageCount', 'Warning', 'X-Gitea-Warning'],
      credentials,
      maxAge: Math.round(s.duration('cors.MAX_AGE') / 1000),
    });
    handler(req, res, next);
  };
}
