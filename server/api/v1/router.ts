/** Mounts route definitions on an express router: access, token scope, body and query schemas, paging, guards. */
import express, { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../services/context.ts';
import type { Auth } from '../../services/auth/authenticate.ts';
import { requireScope } from '../../services/auth/scopes.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import type { ApiContext, Paging } from './context.ts';
import type { RouteDef } from './route.ts';
import { parseWith } from './validation.ts';

/** Reads `page` and `limit` as Gitea does: bad or missing values fall back to the defaults, limit is clamped. */
export function readPaging(app: AppContext, query: Record<string, unknown>): Paging {
  const num = (v: unknown): number => {
    const n = Number.parseInt(String(Array.isArray(v) ? v[0] : (v ?? '')), 10);
    return Number.isFinite(n) ? n : 0;
  };
  const page = Math.max(1, num(query.page));
  let limit = num(query.limit);
  const max = app.settings.int('api.MAX_RESPONSE_ITEMS');
  if (limit <= 0) limit = app.settings.int('api.DEFAULT_PAGING_NUM');
  return { page, limit: Math.min(limit, max) };
}

function checkAccess(def: RouteDef, auth: Auth | null): void {
  if (def.access === 'public') return;
  if (def.access === 'basic') {
    // Gitea's reqBasicOrRevProxyAuth: any credential sent as Basic (a token as the password too), or the proxy.
    if (!auth || !(auth.viaBasic || auth.method === 'reverse_proxy' || auth.method === 'local')) {
      throw new UnauthorizedError('auth required');
    }
    return;
  }
  if (!auth) throw new UnauthorizedError('token is required');
  if (def.access === 'admin' && !auth.user.is_admin) throw new ForbiddenError('user should be the site administrator');
}

/** Builds the router for a list of routes. `res.locals.auth` and `res.locals.baseUrl` are set by the http layer. */
export function buildRouter(app: AppContext, routes: RouteDef[]): Router {
  const router = Router();
  // Bodies are parsed only for a matched route, so an unknown path answers 404 whatever its body.
  const parseJson = express.json({ limit: app.settings.int('api.MAX_BODY_SIZE'), type: () => true, strict: false });
  for (const def of routes) {
    router[def.method](def.path, parseJson, async (req: Request, res: Response) => {
      const auth = (res.locals.auth as Auth | null) ?? null;
      checkAccess(def, auth);
      if (def.scope && auth?.token) requireScope(auth.token.scopes, def.scope, def.method === 'get' ? 'read' : 'write');
      const rawQuery = req.query as Record<string, unknown>;
      const ctx: ApiContext<unknown, unknown> = {
        app,
        req,
        res,
        auth,
        doer: auth?.user ?? null,
        baseUrl: res.locals.baseUrl as string,
        params: req.params as Record<string, string>,
        query: def.query ? parseWith(def.query, rawQuery) : rawQuery,
        body: def.body ? parseWith(def.body, req.body ?? {}) : req.body,
        paging: readPaging(app, rawQuery),
        locals: {},
      };
      for (const guard of def.guards ?? []) await guard(ctx);
      await def.handler(ctx);
    });
  }
  return router;
}
