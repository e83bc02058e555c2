/**
 * Branch protection rules of a repository (Gitea's /branch_protections): repository admins only, as Gitea's reqAdmin.
 * `{name}` is a wildcard so a glob rule's `/` may come encoded or not.
 */
import { z } from 'zod';
import { route, type Guard } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, noContent } from '../../router/respond.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import {
  allowListNames, createProtection, deleteProtection, editProtection, getProtection, listProtections, setProtectionPriorities,
} from '../../../services/repository/branch-protection.ts';
import { toBranchProtection } from '../../../convert/branch-protection.ts';
import type { ProtectedBranchRecord } from '../../../store/protected-branches.ts';
import {
  BranchProtection, CreateBranchProtectionOption, EditBranchProtectionOption, UpdateBranchProtectionPriories,
} from '../../../structs/branch-protection.ts';
import { atLeast } from '../../../services/permission/permissions.ts';
import { ForbiddenError } from '../../../lib/errors.ts';
import { wildcard } from './http-helpers.ts';

const base = '/repos/:owner/:repo/branch_protections';

/** Gitea's reqAdmin. */
const repoAdmin: Guard = (ctx) => {
  if (!atLeast(repoOf(ctx).perm.mode, 'admin')) {
    throw new ForbiddenError('user should be an owner or a collaborator with admin write of a repository');
  }
};
const admin = [repoAccess('read'), repoAdmin];
const adminWrite = [repoAccess('read'), repoAdmin, notArchived];

async function protectionsJson(ctx: ApiContext<unknown, unknown>, rules: ProtectedBranchRecord[]): Promise<BranchProtection[]> {
  const names = await allowListNames(ctx.app, rules);
  return rules.map((r) => toBranchProtection(r, names));
}

const one = async (ctx: ApiContext<unknown, unknown>, rule: ProtectedBranchRecord): Promise<BranchProtection> => (await protectionsJson(ctx, [rule]))[0]!;

export const branchProtectionRoutes = [
  route({
    method: 'get', path: base, operationId: 'repoListBranchProtection', access: 'signed-in', scope: 'repository', response: z.array(BranchProtection), guards: admin,
    handler: async (ctx) => json(ctx, 200, await protectionsJson(ctx, await listProtections(ctx.app, repoOf(ctx).repo))),
  }),
  route({
    method: 'post', path: base, operationId: 'repoCreateBranchProtection', access: 'signed-in', scope: 'repository', status: 201, response: BranchProtection,
    body: CreateBranchProtectionOption, guards: adminWrite,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      json(ctx, 201, await one(ctx, await createProtection(ctx.app, repo, owner, ctx.body)));
    },
  }),
  route({
    method: 'post', path: `${base}/priority`, operationId: 'repoUpdateBranchProtectionPriories', access: 'signed-in', scope: 'repository', status: 204,
    body: UpdateBranchProtectionPriories, guards: adminWrite,
    handler: async (ctx) => {
      await setProtectionPriorities(ctx.app, repoOf(ctx).repo, ctx.body.ids);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${base}/*name`, operationId: 'repoGetBranchProtection', access: 'signed-in', scope: 'repository', response: BranchProtection, guards: admin,
    handler: async (ctx) => json(ctx, 200, await one(ctx, await getProtection(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'name')))),
  }),
  route({
    method: 'patch', path: `${base}/*name`, operationId: 'repoEditBranchProtection', access: 'signed-in', scope: 'repository', response: BranchProtection,
    body: EditBranchProtectionOption, guards: adminWrite,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      json(ctx, 200, await one(ctx, await editProtection(ctx.app, repo, owner, wildcard(ctx, 'name'), ctx.body)));
    },
  }),
  route({
    method: 'delete', path: `${base}/*name`, operationId: 'repoDeleteBranchProtection', access: 'signed-in', scope: 'repository', status: 204, guards: admin,
    handler: async (ctx) => {
      await deleteProtection(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'name'));
      noContent(ctx);
    },
  }),
];
