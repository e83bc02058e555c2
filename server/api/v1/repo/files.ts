/** Writing through the API: files in the contents routes, a branch rename, and reading an annotated tag object. */
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import type { ApiContext } from '../../router/context.ts';
import { canWriteCode, linksOf, wildcard } from './http-helpers.ts';
import { ChangeFilesOptions, CreateFileOptions, DeleteFileOptions, FileDeleteResponse, FileResponse, FilesResponse, UpdateFileOptions } from '../../../structs/content.ts';
import { RenameBranchRepoOption } from '../../../structs/branch.ts';
import { AnnotatedTag } from '../../../structs/tag.ts';
import { toFileDeleteResponse, toFileResponse, toFilesResponse } from '../../../convert/file.ts';
import { toAnnotatedTag } from '../../../convert/annotated-tag.ts';
import { changeFiles, type ChangeFilesInput, type FileChange } from '../../../services/repository/files.ts';
import { cannotWrite, decodeContent } from '../../../services/repository/files-check.ts';
import { renameBranch } from '../../../services/repository/branch-rename.ts';
import { getAnnotatedTag } from '../../../services/repository/annotated-tag.ts';

const R = '/repos/:owner/:repo';
const read = [repoAccess('read', 'repo.code')];
/** Gitea's ReqChangeRepoFileOptionsAndCheck: write access to the target branch (site admins always), 403 otherwise. */
const branchWriter = [...read, (ctx: ApiContext<unknown, unknown>) => { if (!canWriteCode(ctx) && !ctx.doer?.is_admin) throw cannotWrite(); }];

type Common = Omit<ChangeFilesOptions, 'files'>;

/** The service's input from the common options of a file write. */
function input(o: Common, files: FileChange[]): ChangeFilesInput {
  return {
    branch: o.branch, newBranch: o.new_branch, message: o.message, author: o.author, committer: o.committer, dates: o.dates,
    signoff: o.signoff, forcePush: o.force_push, files,
  };
}

/** Runs a file write for the guarded repository. */
const write = (ctx: ApiContext<unknown, unknown>, i: ChangeFilesInput) => changeFiles(ctx.app, repoOf(ctx).repo, ctx.doer!, i, ctx.baseUrl);

export const repoFileRoutes = [
  route({
    method: 'post', path: `${R}/contents`, operationId: 'repoChangeFiles', access: 'signed-in', scope: 'repository', guards: branchWriter, body: ChangeFilesOptions,
    response: FilesResponse, status: 201,
    handler: async (ctx) => {
      const files = ctx.body.files.map((f) => ({ operation: f.operation, path: f.path, fromPath: f.from_path, sha: f.sha, content: f.operation === 'delete' ? undefined : decodeContent(f.content ?? '') }));
      json(ctx, 201, toFilesResponse(await write(ctx, input(ctx.body, files)), linksOf(ctx)));
    },
  }),
  route({
    method: 'post', path: `${R}/contents/*filepath`, operationId: 'repoCreateFile', access: 'signed-in', scope: 'repository', guards: branchWriter, body: CreateFileOptions,
    response: FileResponse, status: 201,
    handler: async (ctx) => {
      const file = { operation: 'create' as const, path: wildcard(ctx, 'filepath'), content: decodeContent(ctx.body.content) };
      json(ctx, 201, toFileResponse(await write(ctx, input(ctx.body, [file])), linksOf(ctx)));
    },
  }),
  route({
    method: 'put', path: `${R}/contents/*filepath`, operationId: 'repoUpdateFile', access: 'signed-in', scope: 'repository', guards: branchWriter, body: UpdateFileOptions,
    response: FileResponse, status: 200, alsoStatus: [201],
    handler: async (ctx) => {
      // Gitea: with a sha this updates (200), without one it creates (201); its swagger and this route list both
      const operation = ctx.body.sha ? 'update' as const : 'create' as const;
      const file = { operation, path: wildcard(ctx, 'filepath'), fromPath: ctx.body.from_path, sha: ctx.body.sha, content: decodeContent(ctx.body.content) };
      json(ctx, operation === 'update' ? 200 : 201, toFileResponse(await write(ctx, input(ctx.body, [file])), linksOf(ctx)));
    },
  }),
  route({
    method: 'delete', path: `${R}/contents/*filepath`, operationId: 'repoDeleteFile', access: 'signed-in', scope: 'repository', guards: branchWriter, body: DeleteFileOptions,
    response: FileDeleteResponse, status: 200,
    handler: async (ctx) => {
      const file = { operation: 'delete' as const, path: wildcard(ctx, 'filepath'), sha: ctx.body.sha };
      json(ctx, 200, toFileDeleteResponse(await write(ctx, input(ctx.body, [file])), linksOf(ctx)));
    },
  }),
  route({
    method: 'patch', path: `${R}/branches/*branch`, operationId: 'repoRenameBranch', access: 'signed-in', scope: 'repository',
    guards: [repoAccess('write', 'repo.code'), notArchived], body: RenameBranchRepoOption, status: 204,
    handler: async (ctx) => {
      await renameBranch(ctx.app, repoOf(ctx).repo, ctx.doer!, repoOf(ctx).perm, wildcard(ctx, 'branch'), ctx.body.name, ctx.baseUrl);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/git/tags/:sha`, operationId: 'GetAnnotatedTag', access: 'public', scope: 'repository', guards: read,
    response: AnnotatedTag, status: 200,
    handler: async (ctx) => json(ctx, 200, toAnnotatedTag(await getAnnotatedTag(ctx.app, repoOf(ctx).repo, ctx.params.sha ?? ''), linksOf(ctx))),
  }),
];
