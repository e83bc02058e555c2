/** Reads a registry request's JSON body (any content type, as package clients send), at most `max` bytes. */
import type { Request } from 'express';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors.ts';
import { checkDepth } from '../router/body.ts';

/** The parsed JSON body; 413 past `max` bytes, 400 when it is not JSON. */
export async function readJson(req: Request, max: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) throw new PayloadTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new PayloadTooLargeError();
    chunks.push(chunk);
  }
  const buf = Buffer.concat(chunks);
  try {
    checkDepth(buf);
    return JSON.parse(buf.toString('utf8')) as unknown;
  } catch {
    throw new BadRequestError('the request body is not valid JSON');
  }
}
