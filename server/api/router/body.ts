/**
 * Request bodies, read only once a route has accepted the caller (access, scope, guards): JSON content types
 * only, at most `[api] MAX_BODY_SIZE` bytes, nested at most MAX_JSON_DEPTH deep. The depth is checked on the
 * raw bytes in one linear pass before JSON.parse, so a hostile body costs no more than reading it.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../../services/context.ts';
import { ServiceError, ValidationError } from '../../lib/errors.ts';

/** No request of Gitea's API nests anywhere near this deep. */
export const MAX_JSON_DEPTH = 32;

/** True for `application/json` and `application/*+json`, with or without parameters. */
export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Throws 422 when the JSON text nests deeper than `max` (brackets inside strings do not count). */
export function checkDepth(buf: Buffer, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) throw new ValidationError(`request body is nested deeper than ${max} levels`);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body reader for one host's routes. */
export function bodyReader(app: AppContext): (req: Request, res: Response) => Promise<unknown> {
  let parser: RequestHandler | null = null;
  let limit = 0;
  return (req, res) => {
    if (!hasBody(req)) return Promise.resolve(undefined);
    if (!isJsonType(req.headers['content-type'])) {
      return Promise.reject(new ServiceError(415, 'Unsupported Content-Type: the request body must be application/json'));
    }
    const max = app.settings.int('api.MAX_BODY_SIZE');
    if (!parser || limit !== max) {
      limit = max;
      parser = express.json({ limit: max, type: () => true, strict: false, verify: (_r, _s, buf) => checkDepth(buf) });
    }
    const parse = parser;
    return new Promise((resolve, reject) => {
      parse(req, res, (err?: unknown) => (err ? reject(err) : resolve((req as { body?: unknown }).body)));
    });
  };
}
