/** Mounts route definitions on an express router: access, token scope, body and query schemas, paging, guards. */
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../services/context.ts';
import type { Auth } from '../../services/auth/authenticate.ts';
import { requireScope } from '../../services/auth/scopes.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import type { ApiContext, Paging } from './context.ts';
import type { RouteDef } from './route.ts';
import { parseWith } from './validation.ts';
import { bodyReader } from './body.ts';
import { withTokenReach } from '../../services/auth/token-reach.ts';
import { foregroundStarted } from '../../lib/time-slice.ts';
import { pathDispatch } from './dispatch.ts';

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

/** Gitea's answer when a token is used where a password is needed. */
export const PASSWORD_REQUIRED = 'auth required: this needs your password (and two-factor code), a token is not enough';

function checkAccess(def: RouteDef, auth: Auth | null): void {
  if (def.access === 'public') return;
  if (def.access === 'basic' || def.access === 'password') {
    // Gitea's reqBasicOrRevProxyAuth: any credential sent as Basic (a token as the password too), or the proxy.
    const other = auth?.method === 'reverse_proxy' || auth?.method === 'session';
    if (!auth || !(auth.viaBasic || other)) throw new UnauthorizedError('auth required');
    if (def.access === 'password' && auth.method === 'token') throw new UnauthorizedError(PASSWORD_REQUIRED);
    return;
  }
  if (!auth) throw new UnauthorizedError('token is required');
  if (def.access === 'admin' && !auth.user.is_admin) throw new ForbiddenError('user should be the site administrator');
}

/** Gitea's API answer to a user who must change the password first (clients look for this opening). */
export const MUST_CHANGE_PASSWORD = 'You must change your password. Change it at: ';

/** Gitea's verifyAuthWithOptions: an account marked must_change_password reaches nothing but the change. */
function checkPasswordChange(def: RouteDef, auth: Auth | null, baseUrl: string): void {
  const signer = auth ? (auth.sudoer ?? auth.user) : null;
  if (!signer?.must_change_password || def.beforePasswordChange) return;
  throw new ForbiddenError(`${MUST_CHANGE_PASSWORD}${baseUrl}/user/settings (your password must be changed before anything else)`);
}

/** Builds the router for a list of routes. `res.locals.auth` and `res.locals.baseUrl` are set by the http layer. */
export function buildRouter(app: AppContext, routes: RouteDef[]): RequestHandler {
  const readBody = bodyReader(app);
  return pathDispatch(routes.map((def) => ({
    method: def.method,
    path: def.path,
    handler: async (req: Request, res: Response) => {
      // background loops let this answer finish before their next slice (lib/time-slice.ts)
      res.once('close', foregroundStarted());
      const auth = (res.locals.auth as Auth | null) ?? null;
      // Who may call comes first: a body is read only for a caller the route accepts (an unknown path or a
      // refused caller answers without the body ever being read).
      checkAccess(def, auth);
      checkPasswordChange(def, auth, res.locals.baseUrl as string);
      if (def.scope && auth?.token) requireScope(auth.token.scopes, def.scope, def.method === 'get' ? 'read' : 'write');
      await withTokenReach(auth?.token?.scopes ?? null, () => run(app, def, req, res, auth, readBody));
    },
  })));
}

async function run(app: AppContext, def: RouteDef, req: Request, res: Response, auth: Auth | null, readBody: ReturnType<typeof bodyReader>): Promise<void> {
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
    body: undefined,
    paging: readPaging(app, rawQuery),
    locals: {},
  };
  for (const guard of def.guards ?? []) await guard(ctx);
  // A route without a body schema takes no body: it is left unread.
  if (def.body) ctx.body = parseWith(def.body, (await readBody(req, res)) ?? {});
  await def.handler(ctx);
}
