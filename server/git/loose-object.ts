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
 * Objects below this size are written with synchronous calls: a small write to the page cache (no fsync) costs
 * less than the thread-pool round trips of the asynchronous calls (four or five per object), which on a busy host
 * were most of a file write's time.
 */
const SYNC_WRITE = 64 * 1024;
/** git's core.looseCompression default (best speed). */
const LEVEL = 1;

/** Stores the object (unless it is there already) and returns its id. */
export async function writeLooseObject(gitDir: string, format: ObjectFormatName, type: 'blob' | 'tree' | 'commit' | 'tag', body: Buffer): Promise<string> {
  const id = objectId(format, type, body);
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (existsSync(file)) return id;
  if (body.length < SYNC_WRITE) {
    writeSmall(dir, file, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]), { level: LEVEL }));
    return id;
  }
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  try {
    const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
    const packed = raw.length >= ASYNC_DEFLATE ? await deflateAsync(raw, { level: LEVEL }) : deflateSync(raw, { level: LEVEL });
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
  const tmp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
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
