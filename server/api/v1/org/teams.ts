/** Teams: create, read, edit, delete, list and search; their members and repositories. */
import { z } from 'zod';
import { route, type Guard } from '../../router/route.ts';
import { json, noContent, pageOf, paged, setPageHeaders } from '../../router/respond.ts';
import { orgAccess, orgOf, teamAccess, teamOf } from '../../guards/access.ts';
import { teamJson, teamsJson } from './json.ts';
import { repoJson } from '../repo/json.ts';
import { CreateTeamOption, EditTeamOption, Team, TeamSearchQuery, TeamSearchResults } from '../../../structs/org.ts';
import { User } from '../../../structs/user.ts';
import { Repository } from '../../../structs/repo.ts';
import type { ApiContext } from '../../router/context.ts';
import type { TeamRecord } from '../../../store/teams.ts';
import { toUser } from '../../../convert/user.ts';
import { getUserOrThrow } from '../../../services/user/users.ts';
import { viewOfChecked } from '../../../services/repository/repos.ts';
import { atLeast, canReadAny, repoPermission } from '../../../services/permission/permissions.ts';
import {
  addTeamMember, addTeamRepo, createTeam, deleteTeam, editTeam, getTeamOrgRepo, isTeamMember, listTeamMembers, listTeamRepos,
  listTeams, removeTeamMember, removeTeamRepo, searchTeams, teamHasRepo, teamsOfUser,
} from '../../../services/org/teams.ts';
import { ForbiddenError, NotFoundError, repoNotFound } from '../../../lib/errors.ts';

async function pagedTeams(ctx: ApiContext<unknown, unknown>, teams: TeamRecord[]): Promise<void> {
  setPageHeaders(ctx, teams.length);
  json(ctx, 200, await teamsJson(ctx, pageOf(ctx, teams)));
}

/** Loads `:org/:repo` of the team's organization; the doer must see it (404) and administer it (403), as Gitea's AddTeamRepository. */
const teamRepoAdmin: Guard = async (ctx) => {
  const repo = await getTeamOrgRepo(ctx.app, teamOf(ctx), ctx.params.org!, ctx.params.repo!);
  const perm = await repoPermission(ctx.app, ctx.doer, repo);
  if (!canReadAny(perm)) throw repoNotFound(ctx.params.org!, ctx.params.repo!);
  if (!atLeast(perm.mode, 'admin')) throw new ForbiddenError('Must have admin-level access to the repository');
  ctx.locals.teamRepo = repo;
};

const teamRepo = (ctx: ApiContext<unknown, unknown>) => ctx.locals.teamRepo as Awaited<ReturnType<typeof getTeamOrgRepo>>;

export const teamRoutes = [
  route({
    method: 'get', path: '/orgs/:org/teams', operationId: 'orgListTeams', access: 'signed-in', scope: 'organization', response: z.array(Team), guards: [orgAccess('member')],
    handler: async (ctx) => pagedTeams(ctx, await listTeams(ctx.app, orgOf(ctx).org)),
  }),
  route({
    method: 'post', path: '/orgs/:org/teams', operationId: 'orgCreateTeam', access: 'signed-in', scope: 'organization', status: 201, response: Team, body: CreateTeamOption,
    guards: [orgAccess('member'), orgAccess('owner')],
    handler: async (ctx) => json(ctx, 201, await teamJson(ctx, await createTeam(ctx.app, orgOf(ctx).org, ctx.body.name, ctx.body))),
  }),
  route({
    method: 'get', path: '/orgs/:org/teams/search', operationId: 'teamSearch', access: 'signed-in', scope: 'organization', response: TeamSearchResults, query: TeamSearchQuery,
    guards: [orgAccess('member')],
    handler: async (ctx) => {
      const includeDesc = !ctx.query.include_desc || ctx.query.include_desc === 'true' || ctx.query.include_desc === '1';
      const teams = await searchTeams(ctx.app, orgOf(ctx).org, ctx.doer!, ctx.query.q ?? '', includeDesc);
      setPageHeaders(ctx, teams.length);
      json(ctx, 200, { ok: true, data: await teamsJson(ctx, pageOf(ctx, teams)) });
    },
  }),
  route({
    method: 'get', path: '/user/teams', operationId: 'userListTeams', access: 'signed-in', scope: 'organization', response: z.array(Team),
    handler: async (ctx) => pagedTeams(ctx, await teamsOfUser(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'get', path: '/teams/:id', operationId: 'orgGetTeam', access: 'signed-in', scope: 'organization', response: Team, guards: [teamAccess('member')],
    handler: async (ctx) => json(ctx, 200, await teamJson(ctx, teamOf(ctx))),
  }),
  route({
    method: 'patch', path: '/teams/:id', operationId: 'orgEditTeam', access: 'signed-in', scope: 'organization', response: Team, body: EditTeamOption,
    guards: [teamAccess('owner')],
    handler: async (ctx) => json(ctx, 200, await teamJson(ctx, await editTeam(ctx.app, teamOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: '/teams/:id', operationId: 'orgDeleteTeam', access: 'signed-in', scope: 'organization', status: 204, guards: [teamAccess('owner')],
    handler: async (ctx) => {
      await deleteTeam(ctx.app, teamOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/teams/:id/members', operationId: 'orgListTeamMembers', access: 'signed-in', scope: 'organization', response: z.array(User),
    guards: [teamAccess('member')],
    handler: async (ctx) => paged(ctx, await listTeamMembers(ctx.app, teamOf(ctx)), (u) => toUser(u, ctx.doer, ctx.baseUrl)),
  }),
  route({
    method: 'get', path: '/teams/:id/members/:username', operationId: 'orgListTeamMember', access: 'signed-in', scope: 'organization', response: User,
    guards: [teamAccess('member')],
    handler: async (ctx) => {
      const user = await getUserOrThrow(ctx.app, ctx.params.username!);
      if (!(await isTeamMember(ctx.app, teamOf(ctx), user))) throw new NotFoundError();
      json(ctx, 200, toUser(user, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'put', path: '/teams/:id/members/:username', operationId: 'orgAddTeamMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [teamAccess('owner')],
    handler: async (ctx) => {
      await addTeamMember(ctx.app, teamOf(ctx), await getUserOrThrow(ctx.app, ctx.params.username!));
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: '/teams/:id/members/:username', operationId: 'orgRemoveTeamMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [teamAccess('owner')],
    handler: async (ctx) => {
      await removeTeamMember(ctx.app, teamOf(ctx), await getUserOrThrow(ctx.app, ctx.params.username!));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/teams/:id/repos', operationId: 'orgListTeamRepos', access: 'signed-in', scope: 'organization', response: z.array(Repository),
    guards: [teamAccess('member')],
    handler: async (ctx) => {
      const repos = await listTeamRepos(ctx.app, teamOf(ctx));
      setPageHeaders(ctx, repos.length);
      const page = [];
      for (const r of pageOf(ctx, repos)) page.push(repoJson(ctx, await viewOfChecked(ctx.app, r, orgOf(ctx).org, await repoPermission(ctx.app, ctx.doer, r))));
      json(ctx, 200, page);
    },
  }),
  route({
    method: 'get', path: '/teams/:id/repos/:org/:repo', operationId: 'orgListTeamRepo', access: 'signed-in', scope: 'organization', response: Repository,
    guards: [teamAccess('member')],
    handler: async (ctx) => {
      const repo = await getTeamOrgRepo(ctx.app, teamOf(ctx), ctx.params.org!, ctx.params.repo!);
      if (!(await teamHasRepo(ctx.app, teamOf(ctx), repo))) throw new NotFoundError();
      json(ctx, 200, repoJson(ctx, await viewOfChecked(ctx.app, repo, orgOf(ctx).org, await repoPermission(ctx.app, ctx.doer, repo))));
    },
  }),
  route({
    method: 'put', path: '/teams/:id/repos/:org/:repo', operationId: 'orgAddTeamRepository', access: 'signed-in', scope: 'organization', status: 204,
    guards: [teamAccess('member'), teamRepoAdmin],
    handler: async (ctx) => {
      await addTeamRepo(ctx.app, teamOf(ctx), teamRepo(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: '/teams/:id/repos/:org/:repo', operationId: 'orgRemoveTeamRepository', access: 'signed-in', scope: 'organization', status: 204,
    guards: [teamAccess('member'), teamRepoAdmin],
    handler: async (ctx) => {
      await removeTeamRepo(ctx.app, teamOf(ctx), teamRepo(ctx));
      noContent(ctx);
    },
  }),
];
