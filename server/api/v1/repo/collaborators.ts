/** Collaborators and teams of a repository, the permission a user has on it, and who may be assigned or review. Every route goes through repoAccess. */
import { z } from 'zod';
import { route, type Guard } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { listAssignees, requireAssignable } from '../../../services/issue/assignees.ts';
import { listReviewers } from '../../../services/review/reviewers.ts';
import { teamJson, teamsJson } from '../org/json.ts';
import { changeRepoTeam, getRepoTeam, listRepoTeams } from '../../../services/repository/teams.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { AddCollaboratorOption, RepoCollaboratorPermission, Team } from '../../../structs/org.ts';
import { User } from '../../../structs/user.ts';
import { toUser } from '../../../convert/user.ts';
import { atLeast } from '../../../services/permission/permissions.ts';
import {
  addOrUpdateCollaborator, getCollaboratorUser, isCollaborator, listCollaborators, permissionFor, removeCollaborator,
} from '../../../services/repository/collaborators.ts';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.ts';

/** Gitea's reqAdmin: the doer's permission (from repoAccess) must be admin or more. */
const repoAdmin: Guard = (ctx) => {
  if (!atLeast(repoOf(ctx).perm.mode, 'admin')) {
    throw new ForbiddenError('user should be an owner or a collaborator with admin write of a repository');
  }
};

const base = '/repos/:owner/:repo/collaborators';

/** Answers the users `list` finds around the route's repository, as Gitea's UserList. */
async function sendPeople(ctx: ApiContext<unknown, unknown>, list: typeof listAssignees): Promise<void> {
  const { repo, owner } = repoOf(ctx);
  json(ctx, 200, (await list(ctx.app, repo, owner, ctx.doer)).map((u) => toUser(u, ctx.doer, ctx.baseUrl)));
}

export const collaboratorRoutes = [
  route({
    method: 'get', path: base, operationId: 'repoListCollaborators', access: 'signed-in', scope: 'repository', response: z.array(User), guards: [repoAccess('read')],
    handler: async (ctx) => {
      const list = await listCollaborators(ctx.app, repoOf(ctx).repo);
      paged(ctx, list, (c) => toUser(c.user, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'get', path: `${base}/:collaborator`, operationId: 'repoCheckCollaborator', access: 'signed-in', scope: 'repository', status: 204,
    guards: [repoAccess('read')],
    handler: async (ctx) => {
      const user = await getCollaboratorUser(ctx.app, ctx.params.collaborator!);
      if (!(await isCollaborator(ctx.app, repoOf(ctx).repo, user))) throw new NotFoundError();
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: `${base}/:collaborator`, operationId: 'repoAddCollaborator', access: 'signed-in', scope: 'repository', status: 204,
    body: AddCollaboratorOption, guards: [repoAccess('read'), repoAdmin],
    handler: async (ctx) => {
      const user = await getCollaboratorUser(ctx.app, ctx.params.collaborator!);
      await addOrUpdateCollaborator(ctx.app, repoOf(ctx).repo, user, ctx.body.permission);
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: `${base}/:collaborator`, operationId: 'repoDeleteCollaborator', access: 'signed-in', scope: 'repository', status: 204,
    guards: [repoAccess('read'), repoAdmin],
    handler: async (ctx) => {
      await removeCollaborator(ctx.app, repoOf(ctx).repo, await getCollaboratorUser(ctx.app, ctx.params.collaborator!));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${base}/:collaborator/permission`, operationId: 'repoGetRepoPermissions', access: 'signed-in', scope: 'repository', response: RepoCollaboratorPermission,
    guards: [repoAccess('read')],
    handler: async (ctx) => {
      const { repo, perm } = repoOf(ctx);
      const { user, mode } = await permissionFor(ctx.app, repo, ctx.doer!, perm.mode, ctx.params.collaborator!);
      const body: RepoCollaboratorPermission = { permission: mode, role_name: mode, user: toUser(user, ctx.doer, ctx.baseUrl) };
      json(ctx, 200, body);
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/teams', operationId: 'repoListTeams', access: 'signed-in', scope: 'repository', response: z.array(Team),
    guards: [repoAccess('read')],
    handler: async (ctx) => json(ctx, 200, await teamsJson(ctx, await listRepoTeams(ctx.app, repoOf(ctx).owner, repoOf(ctx).repo))),
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/teams/:team', operationId: 'repoCheckTeam', access: 'signed-in', scope: 'repository', response: Team,
    guards: [repoAccess('read')],
    handler: async (ctx) => json(ctx, 200, await teamJson(ctx, await getRepoTeam(ctx.app, repoOf(ctx).owner, repoOf(ctx).repo, ctx.params.team!))),
  }),
  route({
    method: 'put', path: '/repos/:owner/:repo/teams/:team', operationId: 'repoAddTeam', access: 'signed-in', scope: 'repository', status: 204,
    guards: [repoAccess('read'), repoAdmin],
    handler: async (ctx) => {
      const { owner, repo, perm } = repoOf(ctx);
      await changeRepoTeam(ctx.app, owner, repo, perm, ctx.params.team!, true);
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: '/repos/:owner/:repo/teams/:team', operationId: 'repoDeleteTeam', access: 'signed-in', scope: 'repository', status: 204,
    guards: [repoAccess('read'), repoAdmin],
    handler: async (ctx) => {
      const { owner, repo, perm } = repoOf(ctx);
      await changeRepoTeam(ctx.app, owner, repo, perm, ctx.params.team!, false);
      noContent(ctx);
    },
  }),
  // Who may be assigned or asked to review: Gitea lists them beside the collaborators, to signed-in readers.
  route({
    method: 'get', path: '/repos/:owner/:repo/assignees', operationId: 'repoGetAssignees', access: 'signed-in', scope: 'repository', response: z.array(User),
    guards: [repoAccess('read')],
    handler: (ctx) => sendPeople(ctx, listAssignees),
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/assignees/:assignee', operationId: 'repoCheckAssignee', access: 'signed-in', scope: 'repository', status: 204,
    guards: [repoAccess('read')],
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      await requireAssignable(ctx.app, repo, owner, ctx.params.assignee ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/reviewers', operationId: 'repoGetReviewers', access: 'signed-in', scope: 'repository', response: z.array(User),
    guards: [repoAccess('read')],
    handler: (ctx) => sendPeople(ctx, listReviewers),
  }),
];
