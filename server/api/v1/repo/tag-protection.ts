/** Tag protection rules (Gitea's routers/api/v1/repo/tag.go, tag_protections): repository admins only. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import type { ApiContext } from '../../router/context.ts';
import { CreateTagProtectionOption, EditTagProtectionOption, TagProtection } from '../../../structs/tag.ts';
import { allowListNames, createTagRule, deleteTagRule, editTagRule, getTagRule, listTagRules, type ProtectedTagRecord } from '../../../services/repository/tag-protection.ts';

const R = '/repos/:owner/:repo/tag_protections';
const admin = [repoAccess('admin')];
const idOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.id);

async function ruleJson(ctx: ApiContext<unknown, unknown>, r: ProtectedTagRecord): Promise<TagProtection> {
  const names = await allowListNames(ctx.app, r);
  return { id: r.id, name_pattern: r.name_pattern, whitelist_usernames: names.users, whitelist_teams: names.teams, created_at: r.created, updated_at: r.updated };
}

export const tagProtectionRoutes = [
  route({
    method: 'get', path: R, operationId: 'repoListTagProtection', access: 'signed-in', scope: 'repository', response: z.array(TagProtection), guards: admin,
    handler: async (ctx) => json(ctx, 200, await Promise.all((await listTagRules(ctx.app, repoOf(ctx).repo)).map((r) => ruleJson(ctx, r)))),
  }),
  route({
    method: 'post', path: R, operationId: 'repoCreateTagProtection', access: 'signed-in', scope: 'repository', body: CreateTagProtectionOption, response: TagProtection, status: 201, guards: [...admin, notArchived],
    handler: async (ctx) => json(ctx, 201, await ruleJson(ctx, await createTagRule(ctx.app, repoOf(ctx).repo, repoOf(ctx).owner, ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/:id`, operationId: 'repoGetTagProtection', access: 'signed-in', scope: 'repository', response: TagProtection, guards: admin,
    handler: async (ctx) => json(ctx, 200, await ruleJson(ctx, await getTagRule(ctx.app, repoOf(ctx).repo, idOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/:id`, operationId: 'repoEditTagProtection', access: 'signed-in', scope: 'repository', body: EditTagProtectionOption, response: TagProtection, guards: [...admin, notArchived],
    handler: async (ctx) => json(ctx, 200, await ruleJson(ctx, await editTagRule(ctx.app, repoOf(ctx).repo, repoOf(ctx).owner, idOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/:id`, operationId: 'repoDeleteTagProtection', access: 'signed-in', scope: 'repository', status: 204, guards: admin,
    handler: async (ctx) => {
      await deleteTagRule(ctx.app, repoOf(ctx).repo, idOf(ctx));
      noContent(ctx);
    },
  }),
];
