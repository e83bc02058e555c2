/** Authenticates every API request and records the result in `res.locals.auth`. */
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';
import { authenticate, type Credentials } from '../services/auth/authenticate.ts';
import { offersNegotiate } from '../services/auth/negotiate.ts';

export const QUERY_TOKEN_WARNING =
  'token and access_token API authentication is deprecated and will be removed in a future release. Please use AuthorizationHeaderToken instead. Existing queries will continue to work but without authorization.';

const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[0]) : typeof v === 'string' ? v : undefined);

/** The credentials a request carries, read from its headers, query string and socket. */
export function credentialsOf(app: AppContext, req: Request): Credentials {
  const q = req.query as Record<string, unknown>;
  const s = app.settings;
  return {
    authorization: req.headers.authorization,
    queryToken: one(q.token) ?? one(q.access_token),
    otp: one(req.headers['x-gitea-otp']),
    remoteAddress: req.socket.remoteAddress ?? '',
    proxyUser: one(req.headers[s.string('security.REVERSE_PROXY_AUTHENTICATION_USER').toLowerCase()]),
    proxyEmail: one(req.headers[s.string('security.REVERSE_PROXY_AUTHENTICATION_EMAIL').toLowerCase()]),
    proxyFullName: one(req.headers[s.string('security.REVERSE_PROXY_AUTHENTICATION_FULL_NAME').toLowerCase()]),
    sudo: one(q.sudo) ?? one(req.headers.sudo),
  };
}

/** Express middleware: sets the deprecation warnings for query tokens, then authenticates. */
export function authMiddleware(app: AppContext): RequestHandler {
  return async (req, res, next) => {
    const creds = credentialsOf(app, req);
    if (creds.queryToken !== undefined) {
      // The spec asks for the standard Warning header; Gitea clients read X-Gitea-Warning. Send both.
      res.setHeader('Warning', `299 - "${QUERY_TOKEN_WARNING}"`);
      res.setHeader('X-Gitea-Warning', QUERY_TOKEN_WARNING);
    }
    // Read by the error handler: a 401 then offers Negotiate too.
    res.locals.negotiate = offersNegotiate(app);
    const auth = await authenticate(app, creds);
    if (auth?.negotiateResponse) res.setHeader('WWW-Authenticate', `Negotiate ${auth.negotiateResponse}`);
    res.locals.auth = auth;
    next();
  };
}
