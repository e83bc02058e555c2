/** Commit statuses (Gitea's routers/api/v1/repo/status.go): create, list by commit or ref, the combined status. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import type { ApiContext } from '../../router/context.ts';
import { CombinedStatus, CommitStatus, CreateStatusOption, StatusListQuery } from '../../../structs/status.ts';
import { combinedStatus, createStatus, listStatuses, type CommitStatusRecord } from '../../../services/repository/commit-status.ts';
import { findUserById } from '../../../services/user/lookup.ts';
import { viewOfChecked } from '../../../services/repository/repos.ts';
import { toCombinedStatus, toCommitStatus } from '../../../convert/status.ts';
import { repoJson } from './json.ts';

const R = '/repos/:owner/:repo';
const read = [repoAccess('read', 'repo.code')];
const write = [repoAccess('write', 'repo.code')];

async function statusJson(ctx: ApiContext<unknown, unknown>, rows: CommitStatusRecord[]) {
  const { repo, owner } = repoOf(ctx);
  const creators = new Map<number, Awaited<ReturnType<typeof findUserById>>>();
  const out = [];
  for (const s of rows) {
    if (!creators.has(s.creator_id)) creators.set(s.creator_id, await findUserById(ctx.app, s.creator_id));
    out.push(toCommitStatus(s, creators.get(s.creator_id) ?? null, owner, repo, ctx.doer, ctx.baseUrl));
  }
  return out;
}

async function sendList(ctx: ApiContext<unknown, StatusListQuery>, ref: string): Promise<void> {
  const page = await listStatuses(ctx.app, repoOf(ctx).repo, ref, { sort: ctx.query.sort, state: ctx.query.state, ...ctx.paging });
  setPageHeaders(ctx, page.total);
  json(ctx, 200, await statusJson(ctx, page.rows));
}

export const statusRoutes = [
  route({
    method: 'post', path: `${R}/statuses/:sha`, operationId: 'repoCreateStatus', access: 'signed-in', scope: 'repository', body: CreateStatusOption, response: CommitStatus, status: 201, guards: write,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const s = await createStatus(ctx.app, { repo, owner, doer: ctx.doer! }, ctx.params.sha ?? '', ctx.body);
      json(ctx, 201, (await statusJson(ctx, [s]))[0]);
    },
  }),
  route({
    method: 'get', path: `${R}/statuses/:sha`, operationId: 'repoListStatuses', access: 'public', scope: 'repository', query: StatusListQuery, response: z.array(CommitStatus), guards: read,
    handler: (ctx) => sendList(ctx, ctx.params.sha ?? ''),
  }),
  route({
    method: 'get', path: `${R}/commits/:ref/statuses`, operationId: 'repoListStatusesByRef', access: 'public', scope: 'repository', query: StatusListQuery, response: z.array(CommitStatus), guards: read,
    handler: (ctx) => sendList(ctx, ctx.params.ref ?? ''),
  }),
  route({
    method: 'get', path: `${R}/commits/:ref/status`, operationId: 'repoGetCombinedStatusByRef', access: 'public', scope: 'repository', response: CombinedStatus, guards: read,
    handler: async (ctx) => {
      const { repo, owner, perm } = repoOf(ctx);
      const c = await combinedStatus(ctx.app, repo, ctx.params.ref ?? '');
      const { page, limit } = ctx.paging;
      setPageHeaders(ctx, c.statuses.length);
      const statuses = await statusJson(ctx, c.statuses.slice((page - 1) * limit, page * limit));
      const repository = repoJson(ctx, await viewOfChecked(ctx.app, repo, owner, perm));
      json(ctx, 200, toCombinedStatus(c.sha, c.state ?? 'pending', statuses, c.statuses.length, repository, owner, repo, ctx.baseUrl));
    },
  }),
];
