/**
 * Gitea's wiki API (routers/api/v1/repo/wiki.go), behind its mustEnableWiki: a repository whose wiki unit is off,
 * or whose wiki the viewer may not read, answers 404. Writes need write access to the wiki unit and a
 * repository that is not archived. `{pageName}` is taken as sent (still escaped), as Gitea's PathParamRaw.
 */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { linksOf } from './http-helpers.ts';
import { CreateWikiPageOptions, WikiCommitList, WikiPage, WikiPageMetaData } from '../../../structs/wiki.ts';
import { toWikiCommitList, toWikiPage, toWikiPageMetaData } from '../../../convert/wiki.ts';
import { getPage, listPages, pageRevisions } from '../../../services/wiki/pages.ts';
import { createPage, decodeWikiContent, deletePage, editPage } from '../../../services/wiki/write.ts';
import { webPathFromRequest } from '../../../services/wiki/wiki-path.ts';
import { atLeast, unitMode } from '../../../services/permission/permissions.ts';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.ts';

const R = '/repos/:owner/:repo/wiki';

/** Gitea's mustEnableWiki: the wiki unit on and readable by the viewer, 404 otherwise. */
const wikiEnabled: Guard = (ctx) => {
  const { repo, perm } = repoOf(ctx);
  if (!repo.units.has_wiki || !atLeast(unitMode(perm, 'repo.wiki'), 'read')) throw new NotFoundError();
};

/** Gitea's reqRepoWriter(unit.TypeWiki). */
const wikiWriter: Guard = (ctx) => {
  if (!atLeast(unitMode(repoOf(ctx).perm, 'repo.wiki'), 'write')) throw new ForbiddenError('user should have a permission to write to a repo');
};

const read = [repoAccess('read'), wikiEnabled];
const write = [...read, notArchived, wikiWriter];

/** The `{pageName}` of the request as sent, still escaped (the last segment of the path). */
function rawPageName(ctx: ApiContext<unknown, unknown>): string {
  const path = ctx.req.originalUrl.split('?')[0] ?? '';
  return webPathFromRequest(path.slice(path.lastIndexOf('/') + 1));
}

/** The page `webPath` of the guarded repository as Gitea's WikiPage. */
async function pageJson(ctx: ApiContext<unknown, unknown>, webPath: string) {
  return toWikiPage(await getPage(ctx.app, repoOf(ctx).repo, webPath), linksOf(ctx).html);
}

export const wikiRoutes = [
  route({
    method: 'post', path: `${R}/new`, operationId: 'repoCreateWikiPage', access: 'signed-in', scope: 'repository', guards: write,
    body: CreateWikiPageOptions, response: WikiPage, status: 201,
    handler: async (ctx) => {
      const content = decodeWikiContent(ctx.body.content_base64);
      const webPath = await createPage(ctx.app, repoOf(ctx).repo, ctx.doer!, { title: ctx.body.title, content, message: ctx.body.message }, ctx.baseUrl);
      json(ctx, 201, await pageJson(ctx, webPath));
    },
  }),
  route({
    method: 'get', path: `${R}/page/:pageName`, operationId: 'repoGetWikiPage', access: 'public', scope: 'repository', guards: read,
    response: WikiPage,
    handler: async (ctx) => json(ctx, 200, await pageJson(ctx, rawPageName(ctx))),
  }),
  route({
    method: 'patch', path: `${R}/page/:pageName`, operationId: 'repoEditWikiPage', access: 'signed-in', scope: 'repository', guards: write,
    body: CreateWikiPageOptions, response: WikiPage,
    handler: async (ctx) => {
      const content = decodeWikiContent(ctx.body.content_base64);
      const webPath = await editPage(ctx.app, repoOf(ctx).repo, ctx.doer!, rawPageName(ctx), { title: ctx.body.title, content, message: ctx.body.message }, ctx.baseUrl);
      json(ctx, 200, await pageJson(ctx, webPath));
    },
  }),
  route({
    method: 'delete', path: `${R}/page/:pageName`, operationId: 'repoDeleteWikiPage', access: 'signed-in', scope: 'repository', guards: write, status: 204,
    handler: async (ctx) => {
      await deletePage(ctx.app, repoOf(ctx).repo, ctx.doer!, rawPageName(ctx), ctx.baseUrl);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/pages`, operationId: 'repoGetWikiPages', access: 'public', scope: 'repository', guards: read,
    response: z.array(WikiPageMetaData),
    handler: async (ctx) => {
      const { pages, total } = await listPages(ctx.app, repoOf(ctx).repo, ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, pages.map((p) => toWikiPageMetaData(p, linksOf(ctx).html)));
    },
  }),
  route({
    method: 'get', path: `${R}/revisions/:pageName`, operationId: 'repoGetWikiPageRevisions', access: 'public', scope: 'repository', guards: read,
    response: WikiCommitList,
    handler: async (ctx) => {
      const { commits, count } = await pageRevisions(ctx.app, repoOf(ctx).repo, rawPageName(ctx), ctx.paging.page);
      ctx.res.setHeader('X-Total-Count', String(count));
      json(ctx, 200, toWikiCommitList(commits, count));
    },
  }),
];
