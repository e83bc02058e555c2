/** Writing answers: JSON with a status, 204, and paged lists with Gitea's X-Total-Count and Link headers. */
import type { ApiContext } from './context.ts';
import type { AppContext } from '../../services/context.ts';
import { mapPer } from '../../lib/map-per.ts';
import { sendJson } from './send-json.ts';

/** Sends `body` as JSON. */
export function json(ctx: ApiContext<unknown, unknown>, status: number, body: unknown): void {
  sendJson(ctx.res, status, body);
}

/** Sends 204 No Content. */
export function noContent(ctx: ApiContext<unknown, unknown>): void {
  ctx.res.status(204).end();
}

/** Cuts one page out of `all` with the request's page and limit. */
export function pageOf<T>(ctx: ApiContext<unknown, unknown>, all: T[]): T[] {
  const { page, limit } = ctx.paging;
  return all.slice((page - 1) * limit, page * limit);
}

/**
 * Link headers by request address, base URL, page, limit and total, kept per host: a list page's repeated reads
 * skip the URL work, and a closed host's entries go with it.
 */
const linksOf = mapPer<AppContext, string, string>();
const MAX_LINKS = 256;
/** Longer addresses are not kept: a few hundred of them stay small. */
const MAX_KEPT_URL = 1024;

/** Sets X-Total-Count and Link (first, prev, next, last), as Gitea's SetLinkHeader does. */
export function setPageHeaders(ctx: ApiContext<unknown, unknown>, total: number): void {
  const { page, limit } = ctx.paging;
  const { res, req, baseUrl } = ctx;
  res.setHeader('X-Total-Count', String(total));
  const kept = req.originalUrl.length + baseUrl.length <= MAX_KEPT_URL;
  const key = kept ? `${page}|${limit}|${total}|${baseUrl}|${req.originalUrl}` : '';
  const links = kept ? linksOf(ctx.app) : undefined;
  let value = links?.get(key);
  if (value === undefined) {
    value = linkHeader(req.originalUrl, baseUrl, page, limit, total);
    if (links) {
      if (links.size >= MAX_LINKS) links.clear();
      links.set(key, value);
    }
  }
  if (value) res.setHeader('Link', value);
}

/** Gitea's Link header of a page ('' when there is no other page). */
function linkHeader(originalUrl: string, baseUrl: string, page: number, limit: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / limit));
  // One parse of the request's address for every link: set() replaces the two parameters in place each time.
  let url: URL | undefined;
  const link = (p: number, rel: string): string => {
    url ??= new URL(originalUrl, baseUrl);
    url.searchParams.set('page', String(p));
    url.searchParams.set('limit', String(limit));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  return links.join(',');
}

/** Sends one page of `all` with its paging headers. */
export function paged<T>(ctx: ApiContext<unknown, unknown>, all: T[], convert: (item: T) => unknown = (x) => x): void {
  setPageHeaders(ctx, all.length);
  json(ctx, 200, pageOf(ctx, all).map(convert));
}
