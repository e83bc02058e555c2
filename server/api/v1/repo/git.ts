/** Reading a repository's git data: branches, tags, commits, refs, contents, raw files and archives. */
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, pageOf, setPageHeaders } from '../../router/respond.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { canWriteCode, exposeHeaders, flag, linksOf, queryString, rawContentType, setServeHeaders, wildcard } from './http-helpers.ts';
import type { ApiContext } from '../../router/context.ts';
import { toBranch, toGitTree, toReference, toTag } from '../../../convert/branch.ts';
import { commitJson } from './commit-json.ts';
import { toGitBlob } from '../../../convert/content.ts';
import { createBranch, deleteBranch, getBranch, listBranches } from '../../../services/repository/branches.ts';
import { createTag, deleteTag, getTag, listTags } from '../../../services/repository/tags.ts';
import { tagHasRelease } from '../../../services/release/releases.ts';
import { ConflictError } from '../../../lib/errors.ts';
import { commitList, singleCommit } from '../../../services/repository/commits.ts';
import { listGitRefs } from '../../../services/repository/read.ts';
import { getBlobById, getRawBlob } from '../../../services/repository/contents.ts';
import { sendContents } from './contents-answer.ts';
import { prepareArchive } from '../../../services/repository/archive.ts';
import { getTree } from '../../../services/repository/trees.ts';
import { branchProtectionInfo } from '../../../services/repository/protection-rules.ts';
import { Branch, CreateBranchRepoOption } from '../../../structs/branch.ts';
import { Commit } from '../../../structs/commit.ts';
import { ContentsResponse, ContentsResponseOrList, GitBlobResponse, GitTreeResponse } from '../../../structs/content.ts';
import { CreateTagOption, Reference, Tag } from '../../../structs/tag.ts';

const R = '/repos/:owner/:repo';
const read = [repoAccess('read', 'repo.code')];
const write = [repoAccess('write', 'repo.code'), notArchived];

/** Gitea's extra paging headers of the commit list. */
function setCommitPageHeaders(ctx: ApiContext<unknown, unknown>, total: number): void {
  const { page, limit } = ctx.paging;
  const pages = Math.ceil(total / limit);
  setPageHeaders(ctx, total);
  ctx.res.setHeader('X-Page', String(page));
  ctx.res.setHeader('X-PerPage', String(limit));
  ctx.res.setHeader('X-Total', String(total));
  ctx.res.setHeader('X-PageCount', String(pages));
  ctx.res.setHeader('X-HasMore', String(page < pages));
  exposeHeaders(ctx, 'X-Total-Count', 'Link', 'X-Page', 'X-PerPage', 'X-Total', 'X-PageCount', 'X-HasMore');
}

/** The protection rules of these branches of the guarded repository, as the doer sees them. */
const protectionsFor = (ctx: ApiContext<unknown, unknown>, names: string[]) =>
  branchProtectionInfo(ctx.app, repoOf(ctx).repo, ctx.doer, repoOf(ctx).perm, names);

const serveRaw = (ctx: ApiContext<unknown, unknown>): Promise<void> => sendRawBlob(ctx, queryString(ctx, 'ref'), wildcard(ctx, 'filepath'));

/** Serves one file of the guarded repository at `ref` (split from the front of `path` when not given), as Gitea's raw routes do. */
export async function sendRawBlob(ctx: ApiContext<unknown, unknown>, ref: string | undefined, path: string): Promise<void> {
  const blob = await getRawBlob(ctx.app, repoOf(ctx).repo, ref, path);
  const head = blob.data ?? (await blob.head());
  setServeHeaders(ctx, rawContentType(head), blob.path.split('/').pop() ?? 'file', 'inline');
  ctx.res.setHeader('X-Gitea-Object-Type', blob.type);
  ctx.res.setHeader('ETag', `"${blob.entry.id}"`);
  ctx.res.setHeader('Last-Modified', blob.lastModified.toUTCString());
  if (blob.data) {
    ctx.res.status(200).send(blob.data);
    return;
  }
  if (ctx.req.fresh) {
    ctx.res.status(304).end();
    return;
  }
  ctx.res.setHeader('Content-Length', String(blob.size));
  await pipeline(blob.open(), ctx.res);
}

export const repoGitRoutes = [
  route({
    method: 'get', path: `${R}/branches`, operationId: 'repoListBranches', access: 'public', scope: 'repository', response: z.array(Branch), guards: read,
    handler: async (ctx) => {
      const q = queryString(ctx, 'q')?.toLowerCase();
      const all = (await listBranches(ctx.app, repoOf(ctx).repo)).filter((b) => !q || b.name.toLowerCase().includes(q));
      setPageHeaders(ctx, all.length);
      const links = linksOf(ctx);
      const page = pageOf(ctx, all);
      const rules = await protectionsFor(ctx, page.map((b) => b.name));
      json(ctx, 200, page.map((b) => toBranch(b.name, b.commit, { links, canWrite: canWriteCode(ctx), usernames: b.usernames, protection: rules.get(b.name) })));
    },
  }),
  route({
    method: 'post', path: `${R}/branches`, operationId: 'repoCreateBranch', access: 'signed-in', scope: 'repository', status: 201, response: Branch, guards: write, body: CreateBranchRepoOption,
    handler: async (ctx) => {
      const b = await createBranch(ctx.app, repoOf(ctx).repo, ctx.doer!, ctx.body, ctx.baseUrl);
      const protection = (await protectionsFor(ctx, [b.name])).get(b.name);
      json(ctx, 201, toBranch(b.name, b.commit, { links: linksOf(ctx), canWrite: true, usernames: b.usernames, protection }));
    },
  }),
  route({
    method: 'get', path: `${R}/branches/*branch`, operationId: 'repoGetBranch', access: 'public', scope: 'repository', response: Branch, guards: read,
    handler: async (ctx) => {
      const b = await getBranch(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'branch'));
      const protection = (await protectionsFor(ctx, [b.name])).get(b.name);
      json(ctx, 200, toBranch(b.name, b.commit, { links: linksOf(ctx), canWrite: canWriteCode(ctx), usernames: b.usernames, protection }));
    },
  }),
  route({
    method: 'delete', path: `${R}/branches/*branch`, operationId: 'repoDeleteBranch', access: 'signed-in', scope: 'repository', status: 204, guards: write,
    handler: async (ctx) => {
      await deleteBranch(ctx.app, repoOf(ctx).repo, ctx.doer!, wildcard(ctx, 'branch'), ctx.baseUrl);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/tags`, operationId: 'repoListTags', access: 'public', scope: 'repository', response: z.array(Tag), guards: read,
    handler: async (ctx) => {
      const all = await listTags(ctx.app, repoOf(ctx).repo);
      setPageHeaders(ctx, all.length);
      json(ctx, 200, pageOf(ctx, all).map((t) => toTag(t, linksOf(ctx))));
    },
  }),
  route({
    method: 'post', path: `${R}/tags`, operationId: 'repoCreateTag', access: 'signed-in', scope: 'repository', status: 201, response: Tag, guards: write, body: CreateTagOption,
    handler: async (ctx) => json(ctx, 201, toTag(await createTag(ctx.app, repoOf(ctx).repo, ctx.doer!, ctx.body, ctx.baseUrl), linksOf(ctx))),
  }),
  route({
    method: 'get', path: `${R}/tags/*tag`, operationId: 'repoGetTag', access: 'public', scope: 'repository', response: Tag, guards: read,
    handler: async (ctx) => json(ctx, 200, toTag(await getTag(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'tag')), linksOf(ctx))),
  }),
  route({
    method: 'delete', path: `${R}/tags/*tag`, operationId: 'repoDeleteTag', access: 'signed-in', scope: 'repository', status: 204, guards: write,
    handler: async (ctx) => {
      // Gitea: a release's tag goes only with the release (409), a tag-only release goes with its tag
      if (await tagHasRelease(ctx.app, repoOf(ctx).repo, wildcard(ctx, 'tag'))) throw new ConflictError('a tag attached to a release cannot be deleted directly');
      await deleteTag(ctx.app, repoOf(ctx).repo, ctx.doer!, wildcard(ctx, 'tag'), ctx.baseUrl);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/commits`, operationId: 'repoGetAllCommits', access: 'public', scope: 'repository', response: z.array(Commit), guards: read,
    handler: async (ctx) => {
      const q = { sha: queryString(ctx, 'sha'), path: queryString(ctx, 'path'), ...ctx.paging };
      const { views, total } = await commitList(ctx.app, repoOf(ctx).repo, q, { changes: flag(ctx, 'files') || flag(ctx, 'stat') });
      setCommitPageHeaders(ctx, total);
      json(ctx, 200, views.map((v) => commitJson(ctx, v)));
    },
  }),
  route({
    method: 'get', path: `${R}/git/commits/:sha`, operationId: 'repoGetSingleCommit', access: 'public', scope: 'repository', response: Commit, guards: read,
    handler: async (ctx) => {
      const v = await singleCommit(ctx.app, repoOf(ctx).repo, ctx.params.sha!, { changes: flag(ctx, 'files') || flag(ctx, 'stat') });
      json(ctx, 200, commitJson(ctx, v));
    },
  }),
  route({
    method: 'get', path: `${R}/git/refs`, operationId: 'repoListAllGitRefs', access: 'public', scope: 'repository', response: z.array(Reference), guards: read,
    handler: async (ctx) => json(ctx, 200, (await listGitRefs(ctx.app, repoOf(ctx).repo)).map((r) => toReference(r.name, r.id, r.type, linksOf(ctx)))),
  }),
  route({
    method: 'get', path: `${R}/git/refs/*ref`, operationId: 'repoListGitRefs', access: 'public', scope: 'repository', response: z.union([Reference, z.array(Reference)]), guards: read,
    handler: async (ctx) => {
      const filter = wildcard(ctx, 'ref');
      const refs = (await listGitRefs(ctx.app, repoOf(ctx).repo, filter)).map((r) => toReference(r.name, r.id, r.type, linksOf(ctx)));
      json(ctx, 200, refs.length === 1 && refs[0]!.ref === `refs/${filter.replace(/^refs\//, '')}` ? refs[0] : refs);
    },
  }),
  route({
    method: 'get', path: `${R}/git/blobs/:sha`, operationId: 'GetBlob', access: 'public', scope: 'repository', response: GitBlobResponse, guards: read,
    handler: async (ctx) => json(ctx, 200, toGitBlob(await getBlobById(ctx.app, repoOf(ctx).repo, ctx.params.sha ?? ''), linksOf(ctx))),
  }),
  route({
    method: 'get', path: `${R}/git/trees/:sha`, operationId: 'GetTree', access: 'public', scope: 'repository', response: GitTreeResponse, guards: read,
    handler: async (ctx) => {
      const perPage = Number.parseInt(queryString(ctx, 'per_page') ?? '', 10) || 0;
      const t = await getTree(ctx.app, repoOf(ctx).repo, ctx.params.sha ?? '', ['true', '1', 't'].includes((queryString(ctx, 'recursive') ?? '').toLowerCase()), ctx.paging.page, perPage);
      json(ctx, 200, toGitTree(t, linksOf(ctx)));
    },
  }),
  route({
    method: 'get', path: `${R}/contents`, operationId: 'repoGetContentsList', access: 'public', scope: 'repository', response: z.array(ContentsResponse), guards: read,
    handler: (ctx) => sendContents(ctx, ''),
  }),
  route({
    method: 'get', path: `${R}/contents/*filepath`, operationId: 'repoGetContents', access: 'public', scope: 'repository', response: ContentsResponseOrList, guards: read,
    handler: (ctx) => sendContents(ctx, wildcard(ctx, 'filepath')),
  }),
  route({
    method: 'get', path: `${R}/raw/*filepath`, operationId: 'repoGetRawFile', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: serveRaw,
  }),
  route({
    method: 'get', path: `${R}/media/*filepath`, operationId: 'repoGetRawFileOrLFS', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: serveRaw,
  }),
  route({
    method: 'get', path: `${R}/archive/*archive`, operationId: 'repoGetArchive', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: (ctx) => sendArchive(ctx, wildcard(ctx, 'archive')),
  }),
];

/** Streams the archive `{ref}.{zip|tar.gz|bundle}` of the guarded repository, limited to the `path` query values. */
export async function sendArchive(ctx: ApiContext<unknown, unknown>, archive: string): Promise<void> {
  const raw = (ctx.req.query as Record<string, unknown>).path;
  const paths = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  const a = await prepareArchive(ctx.app, repoOf(ctx).repo, archive, paths);
  setServeHeaders(ctx, a.contentType, a.filename, 'attachment');
  ctx.res.setHeader('ETag', `"${a.commitId}.${a.format}${paths.length ? `.${Buffer.from(paths.join('\0')).toString('base64url')}` : ''}"`);
  if (ctx.req.fresh) {
    ctx.res.status(304).end();
    return;
  }
  await a.stream(ctx.res);
  ctx.res.end();
}
