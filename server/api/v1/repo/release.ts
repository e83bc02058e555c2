/** Releases (Gitea's routers/api/v1/repo/release.go and release_tags.go). The list pages with `limit` only; `per_page` is ignored. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { CreateReleaseOption, EditReleaseOption, Release, ReleaseListQuery } from '../../../structs/release.ts';
import { createRelease, deleteRelease, editRelease, getReleaseByTag, latestRelease, listReleases } from '../../../services/release/releases.ts';
import { releaseIdOf, releaseJson, releaseOf, releaseScope, releasesJson, releasesRead, releasesWrite } from './release-helpers.ts';

const R = '/repos/:owner/:repo/releases';

export const releaseRoutes = [
  route({
    method: 'get', path: R, operationId: 'repoListReleases', access: 'public', scope: 'repository', query: ReleaseListQuery, response: z.array(Release), guards: releasesRead,
    handler: async (ctx) => {
      const { repo, perm } = repoOf(ctx);
      const page = await listReleases(ctx.app, repo, perm, { draft: ctx.query.draft, prerelease: ctx.query['pre-release'], ...ctx.paging });
      setPageHeaders(ctx, page.total);
      json(ctx, 200, await releasesJson(ctx, page.rows));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'repoCreateRelease', access: 'signed-in', scope: 'repository', body: CreateReleaseOption, response: Release, status: 201, guards: releasesWrite,
    handler: async (ctx) => json(ctx, 201, await releaseJson(ctx, await createRelease(ctx.app, releaseScope(ctx), ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/latest`, operationId: 'repoGetLatestRelease', access: 'public', scope: 'repository', response: Release, guards: releasesRead,
    handler: async (ctx) => json(ctx, 200, await releaseJson(ctx, await latestRelease(ctx.app, repoOf(ctx).repo))),
  }),
  route({
    method: 'get', path: `${R}/tags/:tag`, operationId: 'repoGetReleaseByTag', access: 'public', scope: 'repository', response: Release, guards: releasesRead,
    handler: async (ctx) => json(ctx, 200, await releaseJson(ctx, await getReleaseByTag(ctx.app, repoOf(ctx).repo, repoOf(ctx).perm, ctx.params.tag ?? ''))),
  }),
  route({
    method: 'delete', path: `${R}/tags/:tag`, operationId: 'repoDeleteReleaseByTag', access: 'signed-in', scope: 'repository', status: 204, guards: releasesWrite,
    handler: async (ctx) => {
      await deleteRelease(ctx.app, releaseScope(ctx), await getReleaseByTag(ctx.app, repoOf(ctx).repo, repoOf(ctx).perm, ctx.params.tag ?? ''));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/:id`, operationId: 'repoGetRelease', access: 'public', scope: 'repository', response: Release, guards: releasesRead,
    handler: async (ctx) => json(ctx, 200, await releaseJson(ctx, await releaseOf(ctx))),
  }),
  route({
    method: 'patch', path: `${R}/:id`, operationId: 'repoEditRelease', access: 'signed-in', scope: 'repository', body: EditReleaseOption, response: Release, guards: releasesWrite,
    handler: async (ctx) => json(ctx, 200, await releaseJson(ctx, await editRelease(ctx.app, releaseScope(ctx), releaseIdOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/:id`, operationId: 'repoDeleteRelease', access: 'signed-in', scope: 'repository', status: 204, guards: releasesWrite,
    handler: async (ctx) => {
      await deleteRelease(ctx.app, releaseScope(ctx), await releaseOf(ctx));
      noContent(ctx);
    },
  }),
];
