/** Attachments of issues and comments (Gitea's repo/issue_attachment.go and issue_comment_attachment.go). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import { readUpload } from '../../router/multipart.ts';
import { Attachment, AttachmentQuery, EditAttachmentOptions } from '../../../structs/issue-extras.ts';
import { assertCanUpload, deleteAsset, editAsset, getAsset, listAssets, uploadAsset, type AssetTarget } from '../../../services/issue/attachments.ts';
import { toAttachment } from '../../../convert/issue-extras.ts';
import { idOf, indexOf, commentRead, commentWrite, issuesComment, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues';

const attachmentIdOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.attachment_id);

function assetRoutes(kind: 'issue' | 'comment') {
  const base = kind === 'issue' ? `${R}/:index/assets` : `${R}/comments/:id/assets`;
  const target = (ctx: ApiContext<unknown, unknown>): AssetTarget => (kind === 'issue' ? { index: indexOf(ctx) } : { commentId: idOf(ctx) });
  const op = (issue: string, comment: string) => (kind === 'issue' ? issue : comment);
  return [
    route({
      method: 'get', path: base, operationId: op('issueListIssueAttachments', 'issueListIssueCommentAttachments'), access: 'public', scope: 'issue', response: z.array(Attachment), guards: kind === 'issue' ? issuesRead : commentRead,
      handler: async (ctx) => json(ctx, 200, (await listAssets(ctx.app, scopeOf(ctx), target(ctx))).map((a) => toAttachment(a, ctx.baseUrl))),
    }),
    route({
      method: 'post', path: base, operationId: op('issueCreateIssueAttachment', 'issueCreateIssueCommentAttachment'), access: 'signed-in', scope: 'issue',
      query: AttachmentQuery, response: Attachment, status: 201, guards: kind === 'issue' ? issuesComment : commentWrite,
      handler: async (ctx) => {
        const s = scopeOf(ctx);
        // Checked before a byte of the upload is read.
        const owner = await assertCanUpload(ctx.app, s, target(ctx));
        const file = await readUpload(ctx.req, 'attachment', ctx.app.settings.int('attachment.MAX_FILES'));
        const a = await uploadAsset(ctx.app, s, owner, { ...file, name: ctx.query.name || file.name });
        json(ctx, 201, toAttachment(a, ctx.baseUrl));
      },
    }),
    route({
      method: 'get', path: `${base}/:attachment_id`, operationId: op('issueGetIssueAttachment', 'issueGetIssueCommentAttachment'), access: 'public', scope: 'issue', response: Attachment, guards: kind === 'issue' ? issuesRead : commentRead,
      handler: async (ctx) => json(ctx, 200, toAttachment(await getAsset(ctx.app, scopeOf(ctx), target(ctx), attachmentIdOf(ctx)), ctx.baseUrl)),
    }),
    route({
      method: 'patch', path: `${base}/:attachment_id`, operationId: op('issueEditIssueAttachment', 'issueEditIssueCommentAttachment'), access: 'signed-in', scope: 'issue',
      body: EditAttachmentOptions, response: Attachment, status: 201, guards: kind === 'issue' ? issuesComment : commentWrite,
      handler: async (ctx) => json(ctx, 201, toAttachment(await editAsset(ctx.app, scopeOf(ctx), target(ctx), attachmentIdOf(ctx), ctx.body.name), ctx.baseUrl)),
    }),
    route({
      method: 'delete', path: `${base}/:attachment_id`, operationId: op('issueDeleteIssueAttachment', 'issueDeleteIssueCommentAttachment'), access: 'signed-in', scope: 'issue', status: 204, guards: kind === 'issue' ? issuesComment : commentWrite,
      handler: async (ctx) => {
        await deleteAsset(ctx.app, scopeOf(ctx), target(ctx), attachmentIdOf(ctx));
        noContent(ctx);
      },
    }),
  ];
}

export const issueAttachmentRoutes = [...assetRoutes('issue'), ...assetRoutes('comment')];
