/** Repositories: create, get, edit, delete, search and list (Gitea's repo routes). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import type { Guard } from '../../router/route.ts';
import { ForbiddenError } from '../../../lib/errors.ts';
import { CreateRepoOption, EditRepoOption, RepoSearchQuery, Repository, SearchResults } from '../../../structs/repo.ts';
import { repoJson, sendRepoPage } from './json.ts';
import { repoJsonAnswer, repoSearchAnswer } from './json-text.ts';
import { sendJsonText } from '../../router/send-json.ts';
import * as repos from '../../../services/repository/repos.ts';
import { createRepository } from '../../../services/repository/create.ts';
import { editRepository } from '../../../services/repository/edit.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';

/** The wire Repository of a view, as the request's doer sees it. */
const repoJsonFor = (ctx: ApiContext<unknown, unknown>) => (v: repos.RepoView) => repoJson(ctx, v);

async function checkedView(ctx: ApiContext<unknown, unknown>): Promise<repos.RepoView> {
  const { owner, repo, perm } = repoOf(ctx);
  return repos.viewOfChecked(ctx.app, repo, owner, perm, ctx.doer);
}

/** Gitea's reqOwner: the repository owner or a site administrator. */
const reqOwner: Guard = (ctx) => {
  if (!ctx.doer?.is_admin && repoOf(ctx).perm.mode !== 'owner') throw new ForbiddenError('user should be the owner of the repo');
};

export const repoRoutes = [
  route({
    method: 'post', path: '/user/repos', operationId: 'createCurrentUserRepo', access: 'signed-in', scope: 'repository', body: CreateRepoOption, status: 201, response: Repository,
    handler: async (ctx) => {
      const repo = await createRepository(ctx.app, ctx.doer!, ctx.doer!, ctx.body, { baseUrl: ctx.baseUrl });
      json(ctx, 201, repoJsonFor(ctx)((await repos.viewOf(ctx.app, ctx.doer, repo))!));
    },
  }),
  route({
    method: 'post', path: '/admin/users/:username/repos', operationId: 'adminCreateRepo', access: 'admin', scope: 'admin', body: CreateRepoOption, status: 201, response: Repository,
    handler: async (ctx) => {
      const owner = await repos.getOwnerOrThrow(ctx.app, ctx.params.username ?? '');
      const repo = await createRepository(ctx.app, ctx.doer!, owner, ctx.body, { baseUrl: ctx.baseUrl });
      json(ctx, 201, repoJsonFor(ctx)((await repos.viewOf(ctx.app, ctx.doer, repo))!));
    },
  }),
  route({
    method: 'get', path: '/repos/search', operationId: 'repoSearch', access: 'public', scope: 'repository', query: RepoSearchQuery, response: SearchResults,
    handler: async (ctx) => {
      const publicOnly = !!ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes);
      const found = await repos.searchRepositories(ctx.app, ctx.doer, { ...ctx.query, publicOnly }, ctx.paging);
      setPageHeaders(ctx, found.total);
      // the same bytes as json(ctx, 200, { ok: true, data: [...] }): each repository's text comes from its cache
      const { body, etag } = repoSearchAnswer(ctx, found.views);
      if (!sendJsonText(ctx.res, 200, body, etag)) json(ctx, 200, { ok: true, data: found.views.map(repoJsonFor(ctx)) });
    },
  }),
  route({
    method: 'get', path: '/user/repos', operationId: 'userCurrentListRepos', access: 'signed-in', scope: 'repository', response: z.array(Repository),
    handler: async (ctx) => sendRepoPage(ctx, await repos.listOwnRepositories(ctx.app, ctx.doer!, ctx.paging)),
  }),
  route({
    method: 'get', path: '/users/:username/repos', operationId: 'userListRepos', access: 'public', scope: 'repository', response: z.array(Repository),
    handler: async (ctx) => sendRepoPage(ctx, await repos.listUserRepositories(ctx.app, ctx.doer, ctx.params.username ?? '', ctx.paging)),
  }),
  route({
    method: 'get', path: '/repositories/:id', operationId: 'repoGetByID', access: 'public', scope: 'repository', response: Repository,
    handler: async (ctx) => {
      const id = z.coerce.number().int().safeParse(ctx.params.id);
      json(ctx, 200, repoJsonFor(ctx)(await repos.getRepositoryById(ctx.app, ctx.doer, id.success ? id.data : 0)));
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo', operationId: 'repoGet', access: 'public', scope: 'repository', guards: [repoAccess('read')], response: Repository,
    handler: async (ctx) => {
      const v = await checkedView(ctx);
      const { text, etag } = repoJsonAnswer(ctx, v);
      if (!sendJsonText(ctx.res, 200, text, etag)) json(ctx, 200, repoJson(ctx, v));
    },
  }),
  route({
    method: 'patch', path: '/repos/:owner/:repo', operationId: 'repoEdit', access: 'signed-in', scope: 'repository', body: EditRepoOption, response: Repository,
    guards: [repoAccess('admin')],
    handler: async (ctx) => {
      const { owner, repo, perm } = repoOf(ctx);
      const next = await editRepository(ctx.app, repo, ctx.body, ctx.doer ?? undefined);
      json(ctx, 200, repoJsonFor(ctx)(await repos.viewOfChecked(ctx.app, next, owner, perm)));
    },
  }),
  route({
    method: 'delete', path: '/repos/:owner/:repo', operationId: 'repoDelete', access: 'signed-in', scope: 'repository', status: 204, guards: [repoAccess('admin'), reqOwner],
    handler: async (ctx) => {
      await repos.deleteRepository(ctx.app, repoOf(ctx).repo, ctx.doer!, { baseUrl: ctx.baseUrl });
      noContent(ctx);
    },
  }),
];
