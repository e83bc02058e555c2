/**
 * `GET /avatars/{name}` and `GET /repo-avatars/{id}/{hash}`, outside /api/v1 as Gitea's avatar addresses are. Every
 * User and Organization answer points at the first; a Repository with an avatar at the second. The image's type is
 * told from its bytes (only PNG, JPEG, GIF and WebP are ever stored), never sniffed by the browser, never run as a
 * page. The ETag is strong; Cache-Control makes the browser ask again each time, so a new upload shows at once and
 * the usual answer is a 304.
 */
import { Router, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../services/context.ts';
import type { ApiContext } from '../api/router/context.ts';
import { buildRouter } from '../api/router/router.ts';
import { route } from '../api/router/route.ts';
import { isPublicOnly, scopesAllow } from '../services/auth/scopes.ts';
import { accountAvatar, repoAvatar, type AvatarImage } from '../services/avatar/serve.ts';
import { authMiddleware } from './auth.ts';
import { mayBeAvatarPath } from './path-gate.ts';


/** True when `If-None-Match` names `etag` (weakly, as RFC 9110 has it for this header) or is `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends `image`, or 304 when the client holds it already. */
function sendImage(ctx: ApiContext<unknown, unknown>, image: AvatarImage): void {
  const res: Response = ctx.res;
  res.setHeader('ETag', image.etag);
  // The answer can depend on who asks (a hidden account's upload), so no shared cache keeps it.
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  if (matches(ctx.req.get('If-None-Match'), image.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200);
  res.setHeader('Content-Type', image.type);
  res.setHeader('Content-Length', String(image.bytes.length));
  res.end(image.bytes);
}

/** The viewer for an account's avatar: a token without the user read scope looks as anyone does. */
function viewerOf(ctx: ApiContext<unknown, unknown>): { viewer: ApiContext<unknown, unknown>['doer']; publicOnly: boolean } {
  const scopes = ctx.auth?.token?.scopes;
  if (scopes && !scopesAllow(scopes, 'user', 'read')) return { viewer: null, publicOnly: true };
  return { viewer: ctx.doer, publicOnly: !!scopes && isPublicOnly(scopes) };
}

/** The avatar routes, in the API's route shape (access, scope and token reach are the API's own). */
export const AVATAR_ROUTES = [
  route({
    method: 'get', path: '/avatars/:name', operationId: 'web_avatar', access: 'public', scope: null, status: 200,
    handler: async (ctx) => {
      const { viewer, publicOnly } = viewerOf(ctx);
      sendImage(ctx, await accountAvatar(ctx.app, ctx.params.name ?? '', viewer, publicOnly));
    },
  }),
  route({
    method: 'get', path: '/repo-avatars/:id/:hash', operationId: 'web_repo_avatar', access: 'public', scope: 'repository', status: 200,
    handler: async (ctx) => sendImage(ctx, await repoAvatar(ctx.app, Number(ctx.params.id), ctx.params.hash ?? '', ctx.doer)),
  }),
];

/**
 * The avatar routes of one host. Mount after /api and before the UI. No REQUIRE_SIGNIN_VIEW refusal here: an
 * anonymous viewer then gets identicons only (the services decide), so images in mail and chat still load.
 */
export function avatarRoutes(app: AppContext): Router {
  const r = Router();
  const only: RequestHandler = (req, _res, next) => (req.method === 'GET' || req.method === 'HEAD') && mayBeAvatarPath(req.path) ? next() : next('router');
  r.use(only);
  r.use(authMiddleware(app));
  r.use(buildRouter(app, AVATAR_ROUTES));
  return r;
}
