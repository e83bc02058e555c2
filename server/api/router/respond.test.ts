import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiContext } from './context.ts';
import { setPageHeaders } from './respond.ts';

/** Gitea's Link header built the plain way: a fresh parse of the address for each link. */
function expected(originalUrl: string, baseUrl: string, page: number, limit: number, total: number): string | undefined {
  const last = Math.max(1, Math.ceil(total / limit));
  const link = (p: number, rel: string): string => {
    const url = new URL(originalUrl, baseUrl);
    url.searchParams.set('page', String(p));
    url.searchParams.set('limit', String(limit));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  return links.length ? links.join(',') : undefined;
}

test('page links are the same as with a fresh parse of the address per link, kept or not', () => {
  const urls = ['/api/v1/repos/search?q=bench&limit=10', '/api/v1/x?page=2&limit=5&page=9&q=a%20b', '/api/v1/x', '/api/v1/x?limit=3&sort=alpha&q=ü', '/api/v1/x?page=abc', `/api/v1/x?q=${'a'.repeat(2000)}`];
  // the second round answers from the kept headers (kept per host); the base URL is part of their name
  const hosts = [{}, {}];
  for (let round = 0; round < 2; round++) for (const app of hosts) for (const baseUrl of ['http://127.0.0.1:3000', 'https://forge.example.com/sub']) for (const originalUrl of urls) {
    for (const [page, limit, total] of [[1, 10, 35], [2, 5, 30], [4, 10, 35], [1, 10, 5], [3, 3, 100]] as const) {
      const headers: Record<string, string> = {};
      const ctx = {
        app, paging: { page, limit }, baseUrl,
        req: { originalUrl }, res: { setHeader: (k: string, v: string) => { headers[k] = v; } },
      } as unknown as ApiContext<unknown, unknown>;
      setPageHeaders(ctx, total);
      assert.equal(headers['X-Total-Count'], String(total));
      assert.equal(headers.Link, expected(originalUrl, baseUrl, page, limit, total), `${originalUrl} page ${page}`);
    }
  }
});
