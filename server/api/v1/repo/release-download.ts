/** A release file at its browser address, `/{owner}/{repo}/releases/download/{tag}/{name}`, streamed from disk (mounted by http/web-files.ts). */
import { pipeline } from 'node:stream/promises';
import { route } from '../../router/route.ts';
import { repoOf } from '../../guards/access.ts';
import { setServeHeaders, wildcard } from './http-helpers.ts';
import { getReleaseByTag } from '../../../services/release/releases.ts';
import { assertAttachmentsEnabled, assetByName, openAsset } from '../../../services/release/assets.ts';
import { releasesRead } from './release-helpers.ts';

export const releaseDownloadRoute = route({
  method: 'get', path: '/:owner/:repo/releases/download/*tag/:name', operationId: 'web_release_download', access: 'public', scope: 'repository', status: 200, guards: releasesRead,
  handler: async (ctx) => {
    assertAttachmentsEnabled(ctx.app);
    const { repo, perm } = repoOf(ctx);
    const release = await getReleaseByTag(ctx.app, repo, perm, wildcard(ctx, 'tag'));
    const asset = await assetByName(ctx.app, release.id, ctx.params.name ?? '');
    const file = await openAsset(ctx.app, asset);
    setServeHeaders(ctx, 'application/octet-stream', asset.name, 'attachment');
    ctx.res.setHeader('Content-Length', String(file.size));
    ctx.res.status(200);
    await pipeline(file.stream(), ctx.res);
  },
});
