/**
 * JSON answers written the way express's res.json writes them (same status, headers, ETag, 304 and HEAD
 * handling, same bytes), without its detours: res.json turns the serialized string into a Buffer only to hash
 * and measure it, and sets Content-Type twice through mime lookups and a content-type parse. Here the string is
 * hashed and measured as it is and handed to the socket once.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** The strong ETag express computes for a body of `bytes` bytes (its `etag: 'strong'` setting): length and SHA-1, base64. */
export function strongEtag(body: string | Buffer, bytes = Buffer.byteLength(body, 'utf8')): string {
  if (bytes === 0) return '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  const hash = (typeof body === 'string' ? createHash('sha1').update(body, 'utf8') : createHash('sha1').update(body)).digest('base64').substring(0, 27);
  return `"${bytes.toString(16)}-${hash}"`;
}

/** Statuses express answers without a body (it strips the content headers itself). */
const BODYLESS = new Set([204, 205, 304]);

/** Sends `body` as JSON with `status`, as `res.status(status).json(body)` would. */
export function sendJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body) as string | undefined;
  if (text === undefined || !sendJsonText(res, status, text)) res.status(status).json(body);
}

/**
 * Sends `text`, the JSON.stringify() of a body (or its UTF-8 bytes), as sendJson would send that body; `etag` is
 * strongEtag(text) when the caller has it already. False (nothing sent) when express must write the answer: a preset type or ETag,
 * a bodyless status, other etag or json settings; the caller then sends the body itself.
 */
export function sendJsonText(res: Response, status: number, text: string | Buffer, etag?: string): boolean {
  if (BODYLESS.has(status) || res.getHeader('Content-Type') !== undefined || res.getHeader('ETag') !== undefined
    || res.getHeader('Transfer-Encoding') !== undefined || res.app.get('etag') !== 'strong' || jsonSettings(res)) return false;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const bytes = Buffer.byteLength(text, 'utf8');
  res.setHeader('Content-Length', String(bytes));
  res.setHeader('ETag', etag ?? strongEtag(text, bytes));
  if (res.req.fresh) {
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.end('');
    return true;
  }
  if (res.req.method === 'HEAD') res.end();
  else if (typeof text === 'string') res.end(text, 'utf8');
  else res.end(text);
  return true;
}

const jsonSettings = (res: Response): boolean => !!(res.app.get('json replacer') || res.app.get('json spaces') || res.app.get('json escape'));
