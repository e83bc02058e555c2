/** The express app: Host check and security headers, base URL, CORS, git transport, then the API (auth, cross-site check, routes), the UI, 404 and errors. */
import express, { Router, type Express } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../services/context.ts';
import { buildRouter } from '../api/router/router.ts';
import type { RouteDef } from '../api/router/route.ts';
import { artifactRawRoute, artifactV4Routes } from '../api/actions/artifacts-v4.ts';
import { baseUrlOf } from './base-url.ts';
import { authMiddleware } from './auth.ts';
import { corsMiddleware } from './cors.ts';
import { errorHandler, notFound } from './errors.ts';
import { buildOpenApi } from './openapi.ts';
import { gitRoutes } from './git-routes.ts';
import { internalManagerRoutes } from './internal-manager.ts';
import { webFileRoutes } from './web-files.ts';
import { avatarRoutes } from './avatar-files.ts';
import { requireSigninView } from './signin-view.ts';
import { spaFallback } from './spa.ts';
import { crossSiteCheck, hostCheck, securityHeaders } from './request-guards.ts';
import { lazyHandler } from './lazy-handler.ts';
import { chain } from './chain.ts';
import { mayBeArtifactRawPath, mayBeAvatarPath, mayBeGitPath, mayBeInternalPath, pathGate } from './path-gate.ts';

const RENDERER_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer/dist');

/** Builds the request pipeline for one host; `apiV1Routes` is the route table served under /api/v1. */
export function createApp(app: AppContext, apiV1Routes: RouteDef[]): Express {
  const web = express();
  web.disable('x-powered-by');
  web.set('etag', 'strong');
  // Node's own parser, as Go's form parsing reads a query: repeated keys make a list, and `a[b]=c` is the key
  // `a[b]` (qs's nesting is nothing Gitea's API knows; qs also takes 2.7 µs for `q=bench&limit=10`, this 0.45).
  web.set('query parser', 'simple');

  // the middleware every request passes, as one layer (see chain.ts)
  web.use(chain(
    hostCheck(app),
    securityHeaders(app),
    (req, res, next) => {
      res.locals.baseUrl = baseUrlOf(req);
      next();
    },
    corsMiddleware(app),
    pathGate(mayBeGitPath, gitRoutes(app)),
    pathGate(mayBeInternalPath, internalManagerRoutes(app, () => app.control ?? null)),
  ));

  const api = Router();
  api.use(pathGate(mayBeArtifactRawPath, artifactRawRoute(app)));
  api.get('/swagger', (_req, res) => { res.json(buildOpenApi(apiV1Routes)); });
  const v1 = Router();
  v1.use(chain(authMiddleware(app), crossSiteCheck(app), requireSigninView(app), buildRouter(app, apiV1Routes)));
  v1.use(notFound);
  api.use('/v1', v1);
  const own = Router();
  own.use(authMiddleware(app));
  own.use(crossSiteCheck(app));
  // the UI's own endpoints and the package registries load with their first request, not at start
  own.use(lazyHandler(async () => buildRouter(app, (await import('../api/homeforge/index.ts')).HOMEFORGE_ROUTES)));
  own.use(notFound);
  api.use('/homeforge', own);
  const registries = Router();
  registries.use(authMiddleware(app));
  registries.use(crossSiteCheck(app));
  registries.use(requireSigninView(app));
  registries.use(lazyHandler(async () => buildRouter(app, (await import('../api/packages/index.ts')).PACKAGE_REGISTRY_ROUTES)));
  registries.use(notFound);
  api.use('/packages', registries);
  // the runner protocol authenticates runners itself (x-runner-uuid, x-runner-token), not users; Connect and the
  // protocol's messages (about 150 modules) load with the first runner request, not at start
  api.use('/actions', lazyHandler(async () => (await import('../api/actions/index.ts')).actionsProtocolHandler(app)));
  api.use(notFound);
  web.use('/api', api);
  // artifacts v4 authenticate the task's runtime token or a signed link themselves
  web.use(artifactV4Routes(app));
  web.use(pathGate(mayBeAvatarPath, avatarRoutes(app)));
  web.use(webFileRoutes(app));

  web.use(spaFallback(RENDERER_DIST));
  web.use(notFound);
  web.use(errorHandler(app.log));
  return web;
}
