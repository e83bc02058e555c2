/**
 * One file of a `multipart/form-data` request, as Gitea's clients send attachments: the part named `field`
 * is handed over as a stream as soon as it starts (other parts are skipped). 400 for a body that is not
 * multipart or has no such part.
 */
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import type busboyType from 'busboy';
import { ServiceError } from '../../lib/errors.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';

/** The multipart parser, loaded with the first upload. */
export const busboy = lazyRequire<typeof busboyType>('busboy');

/** The file and `complete`, which settles when the whole body is read: refused when it carried more than `maxFiles` files. */
export interface UploadedFile { name: string; mime: string; stream: Readable; complete: Promise<void> }

/** Gitea's words when one upload carries more files than `[attachment] MAX_FILES` allows. */
export const TOO_MANY_FILES = 'You cannot upload any more files.';

/**
 * Resolves with the file part `field` of the request; the caller must consume its stream. With `maxFiles`, a body
 * with more file parts than that makes `complete` reject with 422 (Gitea's MAX_FILES is a limit per upload).
 */
export function readUpload(req: Request, field: string, maxFiles = 1): Promise<UploadedFile> {
  let settle: { ok: () => void; fail: (e: Error) => void } = { ok: () => undefined, fail: () => undefined };
  const complete = new Promise<void>((ok, fail) => { settle = { ok, fail }; });
  complete.catch(() => undefined);
  return new Promise((resolve, reject) => {
    let bb: busboyType.Busboy;
    try {
      bb = busboy()({ headers: req.headers, limits: { files: Math.max(1, maxFiles), fields: 20, parts: Math.max(30, maxFiles + 10), fieldSize: 64 * 1024 } });
    } catch {
      reject(new ServiceError(400, 'the request body must be multipart/form-data'));
      return;
    }
    let found = false;
    bb.on('file', (name, stream, info) => {
      if (found || name !== field) { stream.resume(); return; }
      found = true;
      // A body cut short errors the file stream, maybe before the consumer listens: never let that crash the
      // process. The error stays on the stream (`errored`), where the consumer finds it.
      stream.on('error', () => undefined);
      // A client that goes away mid-upload ends the file with an error, so its consumer does not wait forever.
      req.once('aborted', () => stream.destroy(new Error('the upload was aborted')));
      resolve({ name: info.filename ?? '', mime: info.mimeType ?? '', stream, complete });
    });
    bb.on('filesLimit', () => settle.fail(new ServiceError(422, TOO_MANY_FILES)));
    bb.on('error', (err) => {
      const e = new ServiceError(400, `the multipart body could not be read: ${(err as Error).message}`);
      settle.fail(e);
      if (!found) reject(e);
    });
    bb.on('close', () => {
      settle.ok();
      if (!found) reject(new ServiceError(400, `the form has no file "${field}"`));
    });
    req.pipe(bb);
  });
}
