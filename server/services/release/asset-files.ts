/**
 * Where release attachment files live: `<data>/attachments/<u0>/<u1>/<uuid>`, Gitea's layout for its
 * attachment storage (a uuid is the only name on disk, so nothing a user typed reaches a path). Uploads are
 * streamed into `<data>/attachments/tmp/` while their size is counted, then renamed into place; downloads
 * are streamed from the file. Memory stays flat whatever the file's size.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { PayloadTooLargeError } from '../../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The attachments folder of a data dir. */
export const attachmentsRoot = (dataDir: string): string => path.join(dataDir, 'attachments');

/** The file of an attachment uuid (refuses anything that is not a uuid). */
export function attachmentPath(dataDir: string, uuid: string): string {
  if (!UUID.test(uuid)) throw new Error('not an attachment uuid');
  return path.join(attachmentsRoot(dataDir), uuid[0]!, uuid[1]!, uuid);
}

/** Gitea's words when a file is over `[attachment] MAX_SIZE`. */
export const SIZE_EXCEEDED = 'attachment size exceeds limit';

/** Streams `source` into a new attachment file of at most `maxBytes`; 413 (and nothing kept) when it is larger. */
export async function storeStream(dataDir: string, source: Readable, maxBytes: number): Promise<{ uuid: string; size: number }> {
  const uuid = randomUUID();
  const tmpDir = path.join(attachmentsRoot(dataDir), 'tmp');
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const tmp = path.join(tmpDir, uuid);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) done(new PayloadTooLargeError(SIZE_EXCEEDED));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(tmp, { mode: 0o600 }));
    const final = attachmentPath(dataDir, uuid);
    await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
    await rename(tmp, final);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return { uuid, size };
}

/** Opens an attachment file for reading, with its size. */
export async function openFile(dataDir: string, uuid: string): Promise<{ size: number; stream: () => Readable }> {
  const file = attachmentPath(dataDir, uuid);
  const { size } = await stat(file);
  return { size, stream: () => createReadStream(file) };
}

/** Removes an attachment file (gone already is fine). */
export async function removeFile(dataDir: string, uuid: string): Promise<void> {
  await rm(attachmentPath(dataDir, uuid), { force: true });
}
