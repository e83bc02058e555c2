/**
 * Writing one object into a bare repository's object store as git does for a loose object (zlib of
 * `<type> <size>\0<bytes>`, named by its SHA1 or SHA256 id), without starting git: an annotated tag made through
 * the API costs no `mktag` process. Like git's default (core.fsync without loose objects), the file is not fsynced;
 * it appears whole, by rename from a temporary file beside it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate, deflateSync } from 'node:zlib';
import type { ObjectFormatName } from './objects.ts';

/** The id an object of `type` with these bytes has in a repository of `format` (`git hash-object -t type`). */
export function objectId(format: ObjectFormatName, type: string, body: Buffer): string {
  return createHash(format === 'sha256' ? 'sha256' : 'sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

const deflateAsync = promisify(deflate);
/** Bodies from this size are compressed on the thread pool, so a large upload does not hold the event loop. */
const ASYNC_DEFLATE = 64 * 1024;
/**
 * Objects below this size that need no compression on the thread pool are written with synchronous calls: a write
 * to the page cache (no fsync) costs less than the thread-pool round trips of the asynchronous calls (four or five
 * per object), which on a busy host were most of a file write's time. That includes the stored (level 0) tree of a
 * directory of thousands of files, which every commit into it writes again: the writes of one branch queue behind
 * each other, so the round trips of its tree held up every write waiting.
 */
const SYNC_WRITE = 1024 * 1024;
/** git's core.looseCompression default (best speed). */
const LEVEL = 1;
/**
 * Trees from this size are stored without compression (zlib level 0, which every git reads): a tree is mostly
 * binary object ids, so level 1 saves only about a third of an 800-entry directory's 28 KB for about 0.3 ms of CPU,
 * paid again by every write into that directory; repacking compresses them later anyway.
 */
const STORED_TREE = 4 * 1024;

/**
 * Objects below this size (a tag, a commit, a small blob or tree) are stored uncompressed, framed as zlib by
 * storedZlib: zlib's deflateSync sets up a compressor of some 300 KB for each call, which cost 15-60 us per object
 * (a tenth of a tag's request on a busy host), to save a few dozen bytes of a file that takes a disk block anyway.
 */
const SMALL = 4 * 1024 - 64;

/** Adler-32 of `b` (zlib's trailer checksum). */
function adler32(b: Buffer): number {
  let a = 1;
  let s = 0;
  // 5552 bytes is the most that can be summed before the sums must be reduced (zlib's NMAX)
  for (let i = 0; i < b.length;) {
    const end = Math.min(b.length, i + 5552);
    for (; i < end; i++) {
      a += b[i]!;
      s += a;
    }
    a %= 65521;
    s %= 65521;
  }
  return ((s << 16) | a) >>> 0;
}

/**
 * `raw` (under 64 KiB) as a zlib stream of one stored (uncompressed) deflate block: the same bytes zlib writes at
 * level 0, without setting up a compressor. Written by hand because node's zlib has no cheaper call for it.
 */
export function storedZlib(raw: Buffer): Buffer {
  if (raw.length > 0xffff) throw new RangeError('storedZlib takes one block of at most 65,535 bytes');
  const out = Buffer.allocUnsafe(raw.length + 11);
  out[0] = 0x78; // deflate, 32 KiB window
  out[1] = 0x01; // no dictionary, fastest; the two header bytes are a multiple of 31 as zlib requires
  out[2] = 0x01; // the final block, stored
  out.writeUInt16LE(raw.length, 3);
  out.writeUInt16LE(~raw.length & 0xffff, 5);
  raw.copy(out, 7);
  out.writeUInt32BE(adler32(raw), 7 + raw.length);
  return out;
}

/** Temporary file names: a random part per process and a counter, not random bytes per object. */
const tmpPrefix = `tmp_obj_${randomBytes(4).toString('hex')}_`;
let tmpCount = 0;
const tmpName = (dir: string): string => path.join(dir, `${tmpPrefix}${(tmpCount++).toString(36)}`);

export interface WriteOptions {
  /**
   * The object was just built and is almost surely new (a tree or commit made for a write): it is written without
   * checking first whether it is there; if it was, the rename puts identical bytes in its place.
   */
  fresh?: boolean;
}

/** Stores the object (unless it is there already) and returns its id. */
export async function writeLooseObject(
  gitDir: string, format: ObjectFormatName, type: 'blob' | 'tree' | 'commit' | 'tag', body: Buffer, o: WriteOptions = {},
): Promise<string> {
  const id = objectId(format, type, body);
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (!o.fresh && existsSync(file)) return id;
  const level = type === 'tree' && body.length >= STORED_TREE ? 0 : LEVEL;
  if (body.length < SMALL) {
    writeSmall(dir, file, storedZlib(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])));
    return id;
  }
  if (body.length < SYNC_WRITE && (level === 0 || body.length < ASYNC_DEFLATE)) {
    const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
    // one output chunk the size of the input (zlib's 16 KiB default makes a large tree several rounds and a concat)
    writeSmall(dir, file, deflateSync(raw, { level, chunkSize: Math.max(16 * 1024, raw.length + 64) }));
    return id;
  }
  await mkdir(dir, { recursive: true });
  const tmp = tmpName(dir);
  try {
    const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
    const packed = raw.length >= ASYNC_DEFLATE && level > 0 ? await deflateAsync(raw, { level }) : deflateSync(raw, { level });
    await writeFile(tmp, packed, { mode: 0o444 });
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return id;
}

/** Writes a small object's file as writeLooseObject does (temporary file, rename), the fan-out directory made only when missing. */
function writeSmall(dir: string, file: string, packed: Buffer): void {
  const tmp = tmpName(dir);
  try {
    try {
      writeFileSync(tmp, packed, { mode: 0o444 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      mkdirSync(dir, { recursive: true });
      writeFileSync(tmp, packed, { mode: 0o444 });
    }
    renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was left behind
    }
    throw err;
  }
}

/** The bytes of an annotated tag object as `git mktag` stores them (tagger cleaned, message ending in a newline). */
export function tagObjectBody(name: string, target: string, targetType: string, message: string, tagger: { name: string; email: string }, unix: number): Buffer {
  const clean = (s: string): string => s.replace(/[<>\n\0]/g, '');
  const text = message.endsWith('\n') ? message : `${message}\n`;
  return Buffer.from(`object ${target}\ntype ${targetType}\ntag ${name}\ntagger ${clean(tagger.name)} <${clean(tagger.email)}> ${unix} +0000\n\n${text}`, 'utf8');
}
