/** Migration and mirrors (Gitea's repoMigrate, repoMirrorSync and push_mirrors routes). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { repoAccess, repoOf, notArchived } from '../../guards/access.ts';
import { MigrateRepoOptions, CreatePushMirrorOption, PushMirror } from '../../../structs/mirror.ts';
import { Repository } from '../../../structs/repo.ts';
import { repoJson } from './json.ts';
import { toPushMirror } from '../../../convert/push-mirror.ts';
import * as repos from '../../../services/repository/repos.ts';
import * as mirrors from '../../../services/mirror/index.ts';

/** Gitea answers these with an empty 200. */
const ok = (ctx: Parameters<typeof noContent>[0]): void => { ctx.res.status(200).end(); };

export const mirrorRoutes = [
  route({
    method: 'post', path: '/repos/migrate', operationId: 'repoMigrate', access: 'signed-in', scope: 'repository', status: 201, response: Repository, body: MigrateRepoOptions,
    handler: async (ctx) => {
      const repo = await mirrors.migrateRepository(ctx.app, ctx.doer!, ctx.body, { baseUrl: ctx.baseUrl });
      const v = (await repos.viewOf(ctx.app, ctx.doer, repo))!;
      json(ctx, 201, repoJson(ctx, v));
    },
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/mirror-sync', operationId: 'repoMirrorSync', access: 'signed-in', scope: 'repository', status: 200,
    guards: [repoAccess('write', 'repo.code'), notArchived],
    handler: async (ctx) => {
      await mirrors.requestMirrorSync(ctx.app, repoOf(ctx).repo);
      ok(ctx);
    },
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/push_mirrors-sync', operationId: 'repoPushMirrorSync', access: 'signed-in', scope: 'repository', status: 200,
    guards: [repoAccess('admin'), notArchived],
    handler: async (ctx) => {
      await mirrors.requestPushMirrorsSync(ctx.app, repoOf(ctx).repo);
      ok(ctx);
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/push_mirrors', operationId: 'repoListPushMirrors', access: 'signed-in', scope: 'repository', response: z.array(PushMirror),
    guards: [repoAccess('admin')],
    handler: async (ctx) => {
      const { repo } = repoOf(ctx);
      paged(ctx, await mirrors.listPushMirrors(ctx.app, repo), (pm) => toPushMirror(pm, repo));
    },
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/push_mirrors', operationId: 'repoAddPushMirror', access: 'signed-in', scope: 'repository', response: PushMirror,
    body: CreatePushMirrorOption, guards: [repoAccess('admin'), notArchived],
    handler: async (ctx) => {
      const { repo } = repoOf(ctx);
      json(ctx, 200, toPushMirror(await mirrors.createPushMirror(ctx.app, ctx.doer!, repo, ctx.body), repo));
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/push_mirrors/:name', operationId: 'repoGetPushMirrorByRemoteName', access: 'signed-in', response: PushMirror,
    scope: 'repository', guards: [repoAccess('admin')],
    handler: async (ctx) => {
      const { repo } = repoOf(ctx);
      json(ctx, 200, toPushMirror(await mirrors.getPushMirror(ctx.app, repo, ctx.params.name ?? ''), repo));
    },
  }),
  route({
    method: 'delete', path: '/repos/:owner/:repo/push_mirrors/:name', operationId: 'repoDeletePushMirror', access: 'signed-in', status: 204,
    scope: 'repository', guards: [repoAccess('admin'), notArchived],
    handler: async (ctx) => {
      await mirrors.deletePushMirror(ctx.app, repoOf(ctx).repo, ctx.params.name ?? '');
      noContent(ctx);
    },
  }),
];
