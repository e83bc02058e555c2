/**
 * Webhooks of repositories (`/repos/{owner}/{repo}/hooks`, repository admins), organizations
 * (`/orgs/{org}/hooks`, organization owners), the signed-in user (`/user/hooks`) and the site
 * (`/admin/hooks`, site admins: system and default hooks), plus the repository hook test delivery.
 */
import { z } from 'zod';
import { route, type RouteDef } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { HOOK_LEVELS, hookIdOf, type HookLevel } from './levels.ts';
import { toHook } from '../../../convert/hook.ts';
import * as hooks from '../../../services/webhook/hooks.ts';
import { testRepoHook } from '../../../services/webhook/deliveries.ts';
import { CreateHookOption, EditHookOption, Hook } from '../../../structs/hook.ts';

const adminListQuery = z.object({ type: z.enum(['system', 'default', 'all']).default('system') }).loose();
const testQuery = z.object({ ref: z.string().default('') }).loose();

function levelRoutes(l: HookLevel): RouteDef[] {
  const base = { access: l.access, scope: l.scope, guards: l.guards };
  const Op = l.op;
  return [
    route({
      ...base, method: 'get', path: l.path, operationId: `${Op}ListHooks`, query: l.op === 'admin' ? adminListQuery : undefined, response: z.array(Hook),
      handler: async (ctx) => {
        const type = (ctx.query as { type?: hooks.AdminHookType }).type ?? 'all';
        paged(ctx, await hooks.listHooks(ctx.app, l.scopeOf(ctx), type), toHook);
      },
    }),
    route({
      ...base, method: 'post', path: l.path, operationId: `${Op}CreateHook`, body: CreateHookOption, status: 201, response: Hook,
      handler: async (ctx) => json(ctx, 201, toHook(await hooks.createHook(ctx.app, l.scopeOf(ctx), ctx.body))),
    }),
    route({
      ...base, method: 'get', path: `${l.path}/:id`, operationId: `${Op}GetHook`, response: Hook,
      handler: async (ctx) => json(ctx, 200, toHook(await hooks.getHook(ctx.app, l.scopeOf(ctx), hookIdOf(ctx)))),
    }),
    route({
      ...base, method: 'patch', path: `${l.path}/:id`, operationId: `${Op}EditHook`, body: EditHookOption, response: Hook,
      handler: async (ctx) => json(ctx, 200, toHook(await hooks.editHook(ctx.app, l.scopeOf(ctx), hookIdOf(ctx), ctx.body))),
    }),
    route({
      ...base, method: 'delete', path: `${l.path}/:id`, operationId: `${Op}DeleteHook`, status: 204,
      handler: async (ctx) => {
        await hooks.deleteHook(ctx.app, l.scopeOf(ctx), hookIdOf(ctx));
        noContent(ctx);
      },
    }),
  ];
}

const repoLevel = HOOK_LEVELS.find((l) => l.op === 'repo')!;

export const hookRoutes: RouteDef[] = [
  ...HOOK_LEVELS.flatMap(levelRoutes),
  route({
    method: 'post', path: '/repos/:owner/:repo/hooks/:id/tests', operationId: 'repoTestHook',
    access: 'signed-in', scope: 'repository', guards: repoLevel.guards, query: testQuery, status: 204,
    handler: async (ctx) => {
      await testRepoHook(ctx.app, repoOf(ctx).repo, ctx.doer!, hookIdOf(ctx), ctx.query.ref, ctx.baseUrl);
      noContent(ctx);
    },
  }),
];
