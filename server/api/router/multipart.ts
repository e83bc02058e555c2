/**
 * One file of a `multipart/form-data` request, as Gitea's clients send attachments: the part named `field`
 * is handed over as a stream as soon as it starts (other parts are skipped). 400 for a body that is not
 * multipart or has no such part.
 */
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import { ServiceError } from '../../lib/errors.ts';

export interface UploadedFile { name: string; mime: string; stream: Readable }

/** Resolves with the file part `field` of the request; the caller must consume its stream. */
export function readUpload(req: Request, field: string): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 } });
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
      resolve({ name: info.filename ?? '', mime: info.mimeType ?? '', stream });
    });
    bb.on('error', (err) => { if (!found) reject(new ServiceError(400, `the multipart body could not be read: ${(err as Error).message}`)); });
    bb.on('close', () => { if (!found) reject(new ServiceError(400, `the form has no file "${field}"`)); });
    req.pipe(bb);
  });
}
