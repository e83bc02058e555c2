/** HTTP pieces shared by the repository git routes: links, wildcard params, boolean flags, headers of served files. */
import type { ApiContext } from '../../router/context.ts';
import { repoOf } from '../../guards/access.ts';
import { repoUrls } from '../../../convert/repo.ts';
import type { RepoLinks } from '../../../convert/commit.ts';
import { atLeast, unitMode } from '../../../services/permission/permissions.ts';

/** The API and web addresses of the guarded repository. */
export function linksOf(ctx: ApiContext<unknown, unknown>): RepoLinks {
  const { owner, repo } = repoOf(ctx);
  return repoUrls(owner, repo, ctx.baseUrl);
}

/** Whether the doer may write code in the guarded repository. */
export const canWriteCode = (ctx: ApiContext<unknown, unknown>): boolean => atLeast(unitMode(repoOf(ctx).perm, 'repo.code'), 'write');

/** A `*name` path parameter (express 5 gives its segments as an array) joined back with `/`. */
export function wildcard(ctx: ApiContext<unknown, unknown>, name: string): string {
  const v = (ctx.params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
}

/** A query flag that defaults to true, as Gitea reads stat/files/verification. */
export function flag(ctx: ApiContext<unknown, unknown>, name: string): boolean {
  const raw = (ctx.req.query as Record<string, unknown>)[name];
  const v = String(Array.isArray(raw) ? raw[0] : (raw ?? '')).toLowerCase();
  return v === '' || v === 'true' || v === '1' || v === 't';
}

/** A string query parameter (first value). */
export function queryString(ctx: ApiContext<unknown, unknown>, name: string): string | undefined {
  const raw = (ctx.req.query as Record<string, unknown>)[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return typeof v === 'string' ? v : undefined;
}

const BROWSABLE: [number[], string, number?][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x42, 0x4d], 'image/bmp'],
  [[0x00, 0x00, 0x01, 0x00], 'image/x-icon'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x57, 0x45, 0x42, 0x50], 'image/webp', 8],
];

/**
 * The Content-Type a raw file is served with, from its bytes as Gitea sniffs them: images and PDF as
 * themselves, any text (HTML and SVG included) as text/plain so it never runs in the browser, else binary.
 */
export function rawContentType(data: Buffer): string {
  const head = data.subarray(0, 1024);
  for (const [magic, type, at = 0] of BROWSABLE) {
    if (magic.every((b, i) => head[at + i] === b)) return type;
  }
  if (head.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'text/plain; charset=utf-8';
  } catch {
    return 'application/octet-stream';
  }
}

/** Adds names to Access-Control-Expose-Headers, keeping those already listed (CORS sets some). */
export function exposeHeaders(ctx: ApiContext<unknown, unknown>, ...names: string[]): void {
  const have = String(ctx.res.getHeader('Access-Control-Expose-Headers') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  ctx.res.setHeader('Access-Control-Expose-Headers', [...new Set([...have, ...names])].join(', '));
}

/** Headers every served file or archive gets: no sniffing, a sandboxing CSP, a download name. */
export function setServeHeaders(ctx: ApiContext<unknown, unknown>, contentType: string, filename: string, disposition: 'inline' | 'attachment'): void {
  const res = ctx.res;
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', contentType.includes('application/pdf') ? "default-src 'none'; style-src 'unsafe-inline'" : "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.setHeader('Content-Disposition', `${disposition}; filename="${filename.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  exposeHeaders(ctx, 'Content-Disposition');
  res.setHeader('Cache-Control', 'private, no-cache');
}
