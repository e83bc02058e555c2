/** Rendering markdown to HTML: `POST /markdown` (JSON options) and `POST /markdown/raw` (the text as the body). */
import type { Request } from 'express';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { PayloadTooLargeError } from '../../../lib/errors.ts';
import { renderMarkdown } from '../../../services/markup/markdown.ts';
import { MarkdownOption } from '../../../structs/misc.ts';

/** Reads a text body of at most `max` bytes (413 past it), whatever its content type, as Gitea's MarkdownRaw does. */
async function textBody(req: Request, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > max) throw new PayloadTooLargeError();
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendHtml(ctx: ApiContext<unknown, unknown>, html: string): void {
  ctx.res.status(200).type('text/html; charset=utf-8').setHeader('X-Content-Type-Options', 'nosniff');
  ctx.res.send(html);
}

export const markdownRoutes = [
  route({
    method: 'post', path: '/markdown', operationId: 'renderMarkdown', access: 'public', scope: 'misc', body: MarkdownOption, status: 200,
    handler: async (ctx) => {
      const b = ctx.body;
      sendHtml(ctx, await renderMarkdown({ text: b.Text ?? '', mode: b.Mode, context: b.Context, wiki: b.Wiki }));
    },
  }),
  route({
    method: 'post', path: '/markdown/raw', operationId: 'renderMarkdownRaw', access: 'public', scope: 'misc', status: 200,
    handler: async (ctx) => sendHtml(ctx, await renderMarkdown({ text: await textBody(ctx.req, ctx.app.settings.int('api.MAX_BODY_SIZE')) })),
  }),
];
