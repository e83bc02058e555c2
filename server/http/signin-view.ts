/** `[service] REQUIRE_SIGNIN_VIEW`: with it on, the API answers only signed-in callers (Gitea's ToggleAPI). */
import type { RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';
import { swaggerUrl } from './errors.ts';

/** After authentication: refuses anonymous API calls with Gitea's 403 while REQUIRE_SIGNIN_VIEW is on. */
export function requireSigninView(app: AppContext): RequestHandler {
  return (_req, res, next) => {
    if (res.locals.auth || !app.settings.bool('service.REQUIRE_SIGNIN_VIEW')) {
      next();
      return;
    }
    res.status(403).json({ message: 'Only signed in user is allowed to call APIs.', url: swaggerUrl(res.locals.baseUrl as string) });
  };
}
