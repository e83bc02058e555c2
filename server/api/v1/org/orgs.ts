/** Organizations: create, read, edit, delete, list; their repositories. Members are in members.ts. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, pageOf, setPageHeaders } from '../../router/respond.ts';
import { orgAccess, orgOf } from '../../guards/access.ts';
import { orgJson } from './json.ts';
import { repoJson } from '../repo/json.ts';
import { CreateOrgOption, EditOrgOption, OrgListQuery, Organization } from '../../../structs/org.ts';
import { CreateRepoOption, Repository } from '../../../structs/repo.ts';
import type { ApiContext } from '../../router/context.ts';
import type { UserRecord } from '../../../store/records.ts';
import { assertCanCreateOrg, createOrg, deleteOrg, editOrg, getVisibleOwner, listOrgs, listOrgsOf } from '../../../services/org/orgs.ts';
import { createOrgRepo, listOrgReposByName } from '../../../services/org/repos.ts';
import { viewOfChecked } from '../../../services/repository/repos.ts';
import { repoPermission } from '../../../services/permission/permissions.ts';
import { getIndividualOrThrow } from '../../../services/user/users.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';

/** Sends one page of organizations with the paging headers. */
async function pagedOrgs(ctx: ApiContext<unknown, unknown>, orgs: UserRecord[]): Promise<void> {
  setPageHeaders(ctx, orgs.length);
  const page = [];
  for (const o of pageOf(ctx, orgs)) page.push(await orgJson(ctx, o));
  json(ctx, 200, page);
}

const publicOnly = (ctx: ApiContext<unknown, unknown>): boolean => !!ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes);

export const orgRoutes = [
  route({
    method: 'get', path: '/orgs', operationId: 'orgGetAll', access: 'public', scope: 'organization', query: OrgListQuery, response: z.array(Organization),
    handler: async (ctx) => pagedOrgs(ctx, await listOrgs(ctx.app, ctx.doer, publicOnly(ctx), ctx.query.q)),
  }),
  route({
    method: 'post', path: '/orgs', operationId: 'orgCreate', access: 'signed-in', scope: 'organization', body: CreateOrgOption, status: 201, response: Organization,
    handler: async (ctx) => {
      assertCanCreateOrg(ctx.app, ctx.doer!);
      const org = await createOrg(ctx.app, ctx.doer!, ctx.body.username, ctx.body);
      json(ctx, 201, await orgJson(ctx, org));
    },
  }),
  route({
    method: 'get', path: '/admin/orgs', operationId: 'adminGetAllOrgs', access: 'admin', scope: 'admin', response: z.array(Organization),
    handler: async (ctx) => pagedOrgs(ctx, await listOrgs(ctx.app, ctx.doer, false)),
  }),
  route({
    method: 'post', path: '/admin/users/:username/orgs', operationId: 'adminCreateOrg', access: 'admin', scope: 'admin', body: CreateOrgOption, status: 201, response: Organization,
    handler: async (ctx) => {
      const owner = await getIndividualOrThrow(ctx.app, ctx.params.username!);
      const org = await createOrg(ctx.app, owner, ctx.body.username, ctx.body);
      json(ctx, 201, await orgJson(ctx, org));
    },
  }),
  route({
    method: 'get', path: '/user/orgs', operationId: 'orgListCurrentUserOrgs', access: 'signed-in', scope: 'organization', response: z.array(Organization),
    handler: async (ctx) => pagedOrgs(ctx, await listOrgsOf(ctx.app, ctx.doer!, ctx.doer)),
  }),
  route({
    method: 'get', path: '/users/:username/orgs', operationId: 'orgListUserOrgs', access: 'public', scope: 'organization', response: z.array(Organization),
    handler: async (ctx) => {
      const user = await getVisibleOwner(ctx.app, ctx.params.username!, ctx.doer);
      await pagedOrgs(ctx, await listOrgsOf(ctx.app, user, ctx.doer));
    },
  }),
  route({
    method: 'get', path: '/orgs/:org', operationId: 'orgGet', access: 'public', scope: 'organization', response: Organization, guards: [orgAccess('visible')],
    handler: async (ctx) => json(ctx, 200, await orgJson(ctx, orgOf(ctx).org)),
  }),
  route({
    method: 'patch', path: '/orgs/:org', operationId: 'orgEdit', access: 'signed-in', scope: 'organization', body: EditOrgOption, response: Organization,
    guards: [orgAccess('owner')],
    handler: async (ctx) => json(ctx, 200, await orgJson(ctx, await editOrg(ctx.app, orgOf(ctx).org, ctx.body))),
  }),
  route({
    method: 'delete', path: '/orgs/:org', operationId: 'orgDelete', access: 'signed-in', scope: 'organization', status: 204, guards: [orgAccess('owner')],
    handler: async (ctx) => {
      await deleteOrg(ctx.app, orgOf(ctx).org);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/orgs/:org/repos', operationId: 'orgListRepos', access: 'public', scope: 'organization', response: z.array(Repository),
    handler: async (ctx) => {
      const { views, total } = await listOrgReposByName(ctx.app, ctx.doer, ctx.params.org!, ctx.paging);
      setPageHeaders(ctx, total);
      json(ctx, 200, views.map((v) => repoJson(ctx, v)));
    },
  }),
  route({
    method: 'post', path: '/orgs/:org/repos', operationId: 'createOrgRepo', access: 'signed-in', scope: 'repository', body: CreateRepoOption, status: 201, response: Repository,
    guards: [orgAccess('visible')],
    handler: async (ctx) => {
      const org = orgOf(ctx).org;
      const repo = await createOrgRepo(ctx.app, ctx.doer!, org, ctx.body, { baseUrl: ctx.baseUrl });
      const view = await viewOfChecked(ctx.app, repo, org, await repoPermission(ctx.app, ctx.doer, repo));
      json(ctx, 201, repoJson(ctx, view));
    },
  }),
];
