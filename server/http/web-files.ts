/**
 * The web addresses that answer files rather than UI pages, as Gitea's web routes do: raw files
 * (`/{owner}/{repo}/raw/{branch|tag|commit}/{ref}/{path}`, and `media/`), source archives
 * (`/{owner}/{repo}/archive/{ref}.zip|.tar.gz|.bundle`), a commit's `.diff`/`.patch`, and a comparison's
 * `.diff`/`.patch`. They are checked exactly as the API is (credentials, token scope, read access to the
 * code); every other path under a repository is left to the UI.
 */
import { Router, type RequestHandler } from 'express';
import type { AppContext } from '../services/context.ts';
import { buildRouter } from '../api/router/router.ts';
import { route } from '../api/router/route.ts';
import { repoAccess, repoOf } from '../api/guards/access.ts';
import { wildcard } from '../api/v1/repo/http-helpers.ts';
import { sendArchive, sendRawBlob } from '../api/v1/repo/git.ts';
import { sendRawDiff } from '../api/v1/repo/compare.ts';
import { commitRawDiff, compareRawDiff } from '../services/repository/diff.ts';
import { sendAttachment } from './attachment-download.ts';
import { authMiddleware } from './auth.ts';
import { releaseDownloadRoute } from '../api/v1/repo/release-download.ts';
import { requireSigninView } from './signin-view.ts';

const R = '/:owner/:repo';
const read = [repoAccess('read', 'repo.code')];

/** The paths this router answers; anything else goes on to the UI untouched (not even authenticated). */
const FILE_PATH = /^\/attachments\/[^/]+$|^\/[^/]+\/[^/]+\/(?:(?:raw|media)\/(?:branch|tag|commit)\/.+|archive\/.+\.(?:zip|tar\.gz|bundle)|commit\/[^/]+\.(?:diff|patch)|compare\/.+\.(?:diff|patch)|releases\/download\/.+\/[^/]+)$/;

const diffType = (v: string | undefined): 'diff' | 'patch' => (v === 'patch' ? 'patch' : 'diff');

const rawRoutes = (kind: string) => [
  route({
    method: 'get', path: `${R}/${kind}/branch/*filepath`, operationId: `web_${kind}_branch`, access: 'public', scope: 'repository', status: 200, guards: read,
    handler: (ctx) => sendRawBlob(ctx, undefined, wildcard(ctx, 'filepath')),
  }),
  route({
    method: 'get', path: `${R}/${kind}/tag/*filepath`, operationId: `web_${kind}_tag`, access: 'public', scope: 'repository', status: 200, guards: read,
    handler: (ctx) => sendRawBlob(ctx, undefined, wildcard(ctx, 'filepath')),
  }),
  route({
    method: 'get', path: `${R}/${kind}/commit/:sha/*filepath`, operationId: `web_${kind}_commit`, access: 'public', scope: 'repository', status: 200, guards: read,
    handler: (ctx) => sendRawBlob(ctx, ctx.params.sha, wildcard(ctx, 'filepath')),
  }),
];

/** The file routes, in the API's route shape (so access, scope and guards are the API's own). */
export const WEB_FILE_ROUTES = [
  route({
    method: 'get', path: '/attachments/:uuid', operationId: 'web_attachment', access: 'public', scope: 'issue', status: 200,
    handler: (ctx) => sendAttachment(ctx, ctx.params.uuid ?? ''),
  }),
  ...rawRoutes('raw'),
  ...rawRoutes('media'),
  route({
    method: 'get', path: `${R}/archive/*archive`, operationId: 'web_archive', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: (ctx) => sendArchive(ctx, wildcard(ctx, 'archive')),
  }),
  route({
    method: 'get', path: `${R}/commit/:sha.:type`, operationId: 'web_commit_diff', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: async (ctx) => sendRawDiff(ctx.res, await commitRawDiff(ctx.app, repoOf(ctx).repo, ctx.params.sha ?? '', diffType(ctx.params.type))),
  }),
  route({
    method: 'get', path: `${R}/compare/*basehead.:type`, operationId: 'web_compare_diff', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: async (ctx) => sendRawDiff(ctx.res, await compareRawDiff(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'basehead'), diffType(ctx.params.type))),
  }),
  releaseDownloadRoute,
];

/** The web file routes of one host. Mount after /api and before the UI. */
export function webFileRoutes(app: AppContext): Router {
  const r = Router();
  const only: RequestHandler = (req, _res, next) => (req.method === 'GET' || req.method === 'HEAD') && FILE_PATH.test(req.path) ? next() : next('router');
  r.use(only);
  r.use(authMiddleware(app));
  r.use(requireSigninView(app));
  r.use(buildRouter(app, WEB_FILE_ROUTES));
  return r;
}
