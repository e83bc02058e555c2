/** Repositories: create, get, edit, delete, search and list (Gitea's repo routes). */
import { z } from 'zod';
import { route } from './route.ts';
import type { ApiContext } from './context.ts';
import { json, noContent, paged, pageOf, setPageHeaders } from './respond.ts';
import { repoAccess, repoOf } from './guards.ts';
import type { Guard } from './route.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { CreateRepoOption, EditRepoOption, RepoSearchQuery } from './schemas-repos.ts';
import { repoJson } from './repo-json.ts';
import * as repos from '../../services/repos.ts';
import { createRepository } from '../../services/repo-create.ts';
import { editRepository } from '../../services/repo-edit.ts';
import { isPublicOnly } from '../../services/auth/scopes.ts';

/** The wire Repository of a view, as the request's doer sees it. */
const repoJsonFor = (ctx: ApiContext<unknown, unknown>) => (v: repos.RepoView) => repoJson(ctx, v);

async function checkedView(ctx: ApiContext<unknown, unknown>): Promise<repos.RepoView> {
  const { owner, repo, perm } = repoOf(ctx);
  return repos.viewOfChecked(ctx.app, repo, owner, perm);
}

/** Gitea's reqOwner: the repository owner or a site administrator. */
const reqOwner: Guard = (ctx) => {
  if (!ctx.doer?.is_admin && repoOf(ctx).perm.mode !== 'owner') throw new ForbiddenError('user should be the owner of the repo');
};

export const repoRoutes = [
  route({
    method: 'post', path: '/user/repos', operationId: 'createCurrentUserRepo', access: 'signed-in', scope: 'repository', body: CreateRepoOption,
    handler: async (ctx) => {
      const repo = await createRepository(ctx.app, ctx.doer!, ctx.doer!, ctx.body, { baseUrl: ctx.baseUrl });
      json(ctx, 201, repoJsonFor(ctx)((await repos.viewOf(ctx.app, ctx.doer, repo))!));
    },
  }),
  route({
    method: 'post', path: '/admin/users/:username/repos', operationId: 'adminCreateRepo', access: 'admin', scope: 'admin', body: CreateRepoOption,
    handler: async (ctx) => {
      const owner = await repos.getOwnerOrThrow(ctx.app, ctx.params.username ?? '');
      const repo = await createRepository(ctx.app, ctx.doer!, owner, ctx.body, { baseUrl: ctx.baseUrl });
      json(ctx, 201, repoJsonFor(ctx)((await repos.viewOf(ctx.app, ctx.doer, repo))!));
    },
  }),
  route({
    method: 'get', path: '/repos/search', operationId: 'repoSearch', access: 'public', scope: 'repository', query: RepoSearchQuery,
    handler: async (ctx) => {
      const publicOnly = !!ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes);
      const found = await repos.searchRepositories(ctx.app, ctx.doer, { ...ctx.query, publicOnly });
      setPageHeaders(ctx, found.length);
      json(ctx, 200, { ok: true, data: pageOf(ctx, found).map(repoJsonFor(ctx)) });
    },
  }),
  route({
    method: 'get', path: '/user/repos', operationId: 'userCurrentListRepos', access: 'signed-in', scope: 'repository',
    handler: async (ctx) => paged(ctx, await repos.listOwnRepositories(ctx.app, ctx.doer!), repoJsonFor(ctx)),
  }),
  route({
    method: 'get', path: '/users/:username/repos', operationId: 'userListRepos', access: 'public', scope: 'repository',
    handler: async (ctx) => paged(ctx, await repos.listUserRepositories(ctx.app, ctx.doer, ctx.params.username ?? ''), repoJsonFor(ctx)),
  }),
  route({
    method: 'get', path: '/repositories/:id', operationId: 'repoGetByID', access: 'public', scope: 'repository',
    handler: async (ctx) => {
      const id = z.coerce.number().int().safeParse(ctx.params.id);
      json(ctx, 200, repoJsonFor(ctx)(await repos.getRepositoryById(ctx.app, ctx.doer, id.success ? id.data : 0)));
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo', operationId: 'repoGet', access: 'public', scope: 'repository', guards: [repoAccess('read')],
    handler: async (ctx) => json(ctx, 200, repoJsonFor(ctx)(await checkedView(ctx))),
  }),
  route({
    method: 'patch', path: '/repos/:owner/:repo', operationId: 'repoEdit', access: 'signed-in', scope: 'repository', body: EditRepoOption,
    guards: [repoAccess('admin')],
    handler: async (ctx) => {
      const { owner, repo, perm } = repoOf(ctx);
      const next = await editRepository(ctx.app, repo, ctx.body);
      json(ctx, 200, repoJsonFor(ctx)(await repos.viewOfChecked(ctx.app, next, owner, perm)));
    },
  }),
  route({
    method: 'delete', path: '/repos/:owner/:repo', operationId: 'repoDelete', access: 'signed-in', scope: 'repository', guards: [repoAccess('admin'), reqOwner],
    handler: async (ctx) => {
      await repos.deleteRepository(ctx.app, repoOf(ctx).repo, ctx.doer!, { baseUrl: ctx.baseUrl });
      noContent(ctx);
    },
  }),
];
