/**
 * Package file content in the data dir, addressed by sha256 (`packages/ab/cd/<sha256>`): written from a stream
 * into a temporary file while four checksums are computed (never held whole in memory), then moved into place
 * unless that content is there already; read back as a stream.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Store } from './index.ts';

/** The checksums and size of written content. */
export interface BlobSums {
  sha256: string;
  sha1: string;
  sha512: string;
  md5: string;
  size: number;
}

/** Thrown when the content grows past the limit given to `writeTemp`. */
export class BlobTooLarge extends Error {}

export const packagesRoot = (store: Store): string => path.join(store.dataDir, 'packages');
const tmpRoot = (store: Store): string => path.join(packagesRoot(store), '.tmp');

/** Where the content with this sha256 lives. */
export function blobPath(store: Store, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('bad blob checksum');
  return path.join(packagesRoot(store), sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Streams `source` into a temporary file, at most `limit` bytes (negative: no limit); returns its path and sums. */
export async function writeTemp(store: Store, source: Readable, limit: number): Promise<{ tmp: string; sums: BlobSums }> {
  await mkdir(tmpRoot(store), { recursive: true });
  const tmp = path.join(tmpRoot(store), randomBytes(12).toString('hex'));
  const hashes = { sha256: createHash('sha256'), sha1: createHash('sha1'), sha512: createHash('sha512'), md5: createHash('md5') };
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (limit >= 0 && size > limit) return done(new BlobTooLarge('too large'));
      for (const h of Object.values(hashes)) h.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, count, createWriteStream(tmp, { flags: 'wx' }));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const sums: BlobSums = {
    sha256: hashes.sha256.digest('hex'), sha1: hashes.sha1.digest('hex'), sha512: hashes.sha512.digest('hex'), md5: hashes.md5.digest('hex'), size,
  };
  return { tmp, sums };
}

/** Moves a temporary file to the place of its content; drops it when that content is stored already. */
export async function settle(store: Store, tmp: string, sha256: string): Promise<void> {
  const dest = blobPath(store, sha256);
  const there = await stat(dest).then(() => true, () => false);
  if (there) {
    await rm(tmp, { force: true });
    return;
  }
  await mkdir(path.dirname(dest), { recursive: true });
  await rename(tmp, dest);
}

/** Removes a temporary file (an upload that was refused after it was written). */
export const dropTemp = (tmp: string): Promise<void> => rm(tmp, { force: true });

/** Removes the stored content with this sha256. */
export const removeContent = (store: Store, sha256: string): Promise<void> => rm(blobPath(store, sha256), { force: true });

/** A stream of the stored content (optionally a byte range, inclusive end). */
export const openContent = (store: Store, sha256: string, range?: { start: number; end: number }): Readable =>
  createReadStream(blobPath(store, sha256), range);
