/**
 * The bytes of attachments: `<data>/attachments/<u0>/<u1>/<uuid>` (Gitea's layout), written to a temporary file
 * first and renamed into place once whole. The path is built only from a checked uuid, so it stays inside its root.
 */
import path from 'node:path';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a uuid as this store makes them. */
export const isUuid = (v: string): boolean => UUID.test(v);

/** The folder all attachments live in. */
export const rootOf = (dataDir: string): string => path.join(dataDir, 'attachments');

/** Where the bytes of `uuid` live. */
export function pathOf(dataDir: string, uuid: string): string {
  if (!isUuid(uuid)) throw new Error('not an attachment uuid');
  return path.join(rootOf(dataDir), uuid[0]!, uuid[1]!, uuid);
}

/** The file is bigger than allowed; nothing was kept. */
export class TooLargeError extends Error {}

/** The upload itself broke off or was malformed (the client's doing); nothing was kept. */
export class BrokenUploadError extends Error {}

/** Writes `source` under a new uuid, at most `maxBytes`; resolves with the uuid and size. */
export async function writeFile(dataDir: string, source: Readable, maxBytes: number): Promise<{ uuid: string; size: number }> {
  const uuid = randomUUID();
  const final = pathOf(dataDir, uuid);
  await mkdir(path.dirname(final), { recursive: true });
  const tmp = `${final}.tmp`;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) done(new TooLargeError('attachment is too large'));
      else done(null, chunk);
    },
  });
  let broken: Error | null = null;
  source.once('error', (err: Error) => { broken = err; });
  try {
    await pipeline(source, counter, createWriteStream(tmp, { flags: 'wx' }));
    await rename(tmp, final);
  } catch (err) {
    source.resume();
    await rm(tmp, { force: true });
    const cause = broken ?? source.errored;
    if (cause && !(err instanceof TooLargeError)) throw new BrokenUploadError(cause.message);
    throw err;
  }
  return { uuid, size };
}

/** A stream of the bytes of `uuid`, with their size; null when the file is gone. */
export async function openFile(dataDir: string, uuid: string): Promise<{ stream: ReadStream; size: number } | null> {
  const p = pathOf(dataDir, uuid);
  const st = await stat(p).catch(() => null);
  return st ? { stream: createReadStream(p), size: st.size } : null;
}

/** Deletes the bytes of `uuid`. */
export async function removeFile(dataDir: string, uuid: string): Promise<void> {
  await rm(pathOf(dataDir, uuid), { force: true });
}
