/**
 * `/attachments/{uuid}`: an attachment's bytes for the browser, as Gitea serves them. Images of a few safe kinds
 * are shown inline; everything else is a download. The answer never runs as a page (sandboxed, no sniffing).
 */
import path from 'node:path';
import type { ApiContext } from '../api/router/context.ts';
import { openAttachment, readableAttachment } from '../services/attachment/attachments.ts';

const INLINE: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif' };

/** Streams the attachment `uuid` when the viewer may read it (404 otherwise). */
export async function sendAttachment(ctx: ApiContext<unknown, unknown>, uuid: string): Promise<void> {
  const a = await readableAttachment(ctx.app, ctx.doer, uuid);
  const { stream, size } = await openAttachment(ctx.app, a);
  const type = INLINE[path.extname(a.name).toLowerCase()];
  const res = ctx.res;
  res.status(200);
  res.setHeader('Content-Type', type ?? 'application/octet-stream');
  res.setHeader('Content-Length', String(size));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.setHeader('Content-Disposition', `${type ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(a.name)}`);
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    res.on('close', () => { stream.destroy(); resolve(); });
    stream.pipe(res);
  });
}
