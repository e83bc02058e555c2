/**
 * Release attachments (Gitea's routers/api/v1/repo/release_attachment.go). Uploads come as Gitea and `tea` send
 * them: multipart with the file in the `attachment` part, or the raw file as the body with `?name=`; either way
 * the bytes are streamed to disk, never held in memory.
 */
import type { Readable } from 'node:stream';
import type busboyType from 'busboy';
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import type { ApiContext } from '../../router/context.ts';
import { Attachment, EditAttachmentOptions, UploadAttachmentQuery } from '../../../structs/release.ts';
import { assertAttachmentsEnabled, deleteAsset, getAsset, listAssets, renameAsset, uploadAsset, type ReleaseAssetRecord } from '../../../services/release/assets.ts';
import { toAttachment } from '../../../convert/release.ts';
import { BadRequestError } from '../../../lib/errors.ts';
import { releaseOf, releasesRead, releasesWrite } from './release-helpers.ts';
import { busboy } from '../../router/multipart.ts';

const R = '/repos/:owner/:repo/releases/:id/assets';
const assetIdOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.attachment_id);

async function assetJson(ctx: ApiContext<unknown, unknown>, a: ReleaseAssetRecord) {
  const { repo, owner } = repoOf(ctx);
  return toAttachment(a, (await releaseOf(ctx)).tag_name, owner, repo, ctx.baseUrl);
}

const mediaType = (ctx: ApiContext<unknown, unknown>): string => (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** Reads the `attachment` part of a multipart body and hands its stream to `store`; other parts are drained. */
function fromMultipart<T>(ctx: ApiContext<unknown, unknown>, store: (name: string, file: Readable) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let bb: busboyType.Busboy;
    try {
      bb = busboy()({ headers: ctx.req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(new BadRequestError('the multipart body has no boundary'));
      return;
    }
    let result: Promise<T> | null = null;
    const fail = (err: unknown) => {
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(err);
    };
    bb.on('file', (field, file, info) => {
      if (field !== 'attachment' || result) {
        file.resume();
        return;
      }
      result = store(info.filename ?? '', file);
      result.catch((err: unknown) => {
        file.resume();
        fail(err);
      });
    });
    bb.on('error', (err) => fail(new BadRequestError(`the multipart body cannot be read: ${(err as Error).message}`)));
    bb.on('close', () => {
      if (!result) reject(new BadRequestError('the multipart body has no attachment part'));
      else result.then(resolve, reject);
    });
    ctx.req.pipe(bb);
  });
}

async function upload(ctx: ApiContext<unknown, UploadAttachmentQuery>): Promise<ReleaseAssetRecord> {
  assertAttachmentsEnabled(ctx.app);
  const release = await releaseOf(ctx);
  const store = (name: string, file: Readable) => uploadAsset(ctx.app, repoOf(ctx).repo, release.id, ctx.doer!, ctx.query.name || name, file);
  if (mediaType(ctx) === 'multipart/form-data') return fromMultipart(ctx, store);
  if (!ctx.query.name) throw new BadRequestError('Could not determine name of attachment.');
  return store(ctx.query.name, ctx.req);
}

export const releaseAssetRoutes = [
  route({
    method: 'get', path: R, operationId: 'repoListReleaseAttachments', access: 'public', scope: 'repository', response: z.array(Attachment), guards: releasesRead,
    handler: async (ctx) => {
      const r = await releaseOf(ctx);
      const { repo, owner } = repoOf(ctx);
      json(ctx, 200, (await listAssets(ctx.app, r.id)).map((a) => toAttachment(a, r.tag_name, owner, repo, ctx.baseUrl)));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'repoCreateReleaseAttachment', access: 'signed-in', scope: 'repository', query: UploadAttachmentQuery, response: Attachment, status: 201, guards: releasesWrite,
    handler: async (ctx) => {
      try {
        json(ctx, 201, await assetJson(ctx, await upload(ctx)));
      } catch (err) {
        // the rest of a refused upload is not read: the connection closes after the answer
        if (!ctx.req.complete) ctx.res.setHeader('Connection', 'close');
        throw err;
      }
    },
  }),
  route({
    method: 'get', path: `${R}/:attachment_id`, operationId: 'repoGetReleaseAttachment', access: 'public', scope: 'repository', response: Attachment, guards: releasesRead,
    handler: async (ctx) => json(ctx, 200, await assetJson(ctx, await getAsset(ctx.app, (await releaseOf(ctx)).id, assetIdOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/:attachment_id`, operationId: 'repoEditReleaseAttachment', access: 'signed-in', scope: 'repository', body: EditAttachmentOptions, response: Attachment, status: 201, guards: releasesWrite,
    handler: async (ctx) => json(ctx, 201, await assetJson(ctx, await renameAsset(ctx.app, (await releaseOf(ctx)).id, assetIdOf(ctx), ctx.body.name))),
  }),
  route({
    method: 'delete', path: `${R}/:attachment_id`, operationId: 'repoDeleteReleaseAttachment', access: 'signed-in', scope: 'repository', status: 204, guards: releasesWrite,
    handler: async (ctx) => {
      await deleteAsset(ctx.app, (await releaseOf(ctx)).id, assetIdOf(ctx));
      noContent(ctx);
    },
  }),
];
