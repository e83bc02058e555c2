/** The one CORS handler, driven by the `[cors]` settings. Authorization and X-Gitea-OTP are always allowed headers. */
import cors from 'cors';
import type { RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';

/** Reads the settings on each request, so a change made at run time applies at once. */
export function corsMiddleware(app: AppContext): RequestHandler {
  return (req, res, next) => {
    const s = app.settings;
    if (!s.bool('cors.ENABLED')) {
      next();
      return;
    }
    const domains = s.list('cors.ALLOW_DOMAIN');
    const handler = cors({
      origin: domains.includes('*') ? true : domains,
      methods: s.list('cors.METHODS'),
      allowedHeaders: [...s.list('cors.HEADERS'), 'Authorization', 'X-Gitea-OTP'],
      exposedHeaders: ['Link', 'X-Total-Count', 'Warning', 'X-Gitea-Warning'],
      credentials: s.bool('cors.ALLOW_CREDENTIALS'),
      maxAge: Math.round(s.duration('cors.MAX_AGE') / 1000),
    });
    handler(req, res, next);
  };
}
