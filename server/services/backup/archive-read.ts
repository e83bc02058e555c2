/**
 * Restores a backup archive into an empty data dir. Everything is extracted into a staging folder beside the
 * target, each entry hashed on its way and compared with the manifest (every entry, its size and sha256; no
 * entry more or less); only a fully verified archive is moved into place, so a damaged one leaves nothing
 * behind and the error names the archive and the entry. A newer archive format or store schema is refused
 * from the first entry.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type tarType from 'tar-stream';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { SCHEMA_VERSION } from '../../store/index.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, HEADER_NAME, MANIFEST_NAME, SECRETS_NAME, safeEntryPath, type ArchiveHeader, type Manifest, type Progress } from './manifest.ts';
import { openSecrets } from './secrets.ts';

// tar-stream (and its stream helpers) load with the first backup or restore, not at start.
const tar = lazyRequire<typeof tarType>('tar-stream');

export interface RestoreOptions {
  /** Opens the sealed secrets when the archive has them (required then). */
  passphrase?: string;
  onProgress?: (p: Progress) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** False when the archive held no secrets: sealed fields (two-factor seeds, bind passwords, hook headers) must be entered again. */
  secretsRestored: boolean;
}

/** A refused archive: the message names the archive file and, when known, the entry. */
export class ArchiveError extends Error {}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  const s = await stat(dir).catch(() => null);
  if (!s) return true;
  return s.isDirectory() && (await readdir(dir)).length === 0;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function checkHeader(h: ArchiveHeader, o: RestoreOptions): void {
  if (h.format !== ARCHIVE_FORMAT) throw new Error('not a Homeforge backup');
  if (h.format_version > ARCHIVE_VERSION) throw new Error(`archive format ${h.format_version} is newer than this Homeforge reads (${ARCHIVE_VERSION})`);
  if (h.schema_version > SCHEMA_VERSION) throw new Error(`the store schema ${h.schema_version} is newer than this Homeforge knows (${SCHEMA_VERSION}); restore with a newer version`);
  if (h.secrets_included && o.passphrase === undefined) throw new Error('the archive holds sealed secrets: give the passphrase');
}

interface Seen { size: number; sha256: string }

/** Extracts every entry into `stage`; returns what was seen, the manifest and the sealed secrets. */
async function extract(from: string, stage: string, o: RestoreOptions, where: { entry: string }): Promise<{ seen: Map<string, Seen>; manifest: Manifest | null; sealed: Buffer | null }> {
  const seen = new Map<string, Seen>();
  let manifest: Manifest | null = null;
  let sealed: Buffer | null = null;
  let first = true;
  const total = (await stat(from)).size;
  const progress: Progress = { phase: 'extract', done_bytes: 0, total_bytes: total, current: '' };
  let last = 0;
  const counter = new Transform({
    transform(c: Buffer, _e, cb) {
      progress.done_bytes += c.length;
      if (o.onProgress && Date.now() - last > 200) { last = Date.now(); o.onProgress({ ...progress }); }
      cb(null, c);
    },
  });
  const ex = tar().extract();
  const reading = pipeline(createReadStream(from), counter, createGunzip(), ex);
  // Its failure (a damaged gzip stream) also ends the loop below; it is awaited after the loop.
  reading.catch(() => undefined);
  for await (const entry of ex) {
    const name = entry.header.name.replace(/\/$/, '');
    where.entry = name;
    progress.current = name;
    if (!safeEntryPath(name) || seen.has(name)) throw new Error('unsafe or repeated entry path');
    if (first !== (name === HEADER_NAME)) throw new Error('the archive does not start with its header');
    if (entry.header.type === 'directory') {
      await mkdir(path.join(stage, name), { recursive: true, mode: 0o700 });
      entry.resume();
      continue;
    }
    if (entry.header.type !== 'file') throw new Error(`entry of type ${entry.header.type} is not allowed`);
    if (name === MANIFEST_NAME) {
      manifest = JSON.parse((await readAll(entry)).toString('utf8')) as Manifest;
      continue;
    }
    if (manifest) throw new Error('an entry follows the manifest');
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({ transform(c: Buffer, _e, cb) { hash.update(c); size += c.length; cb(null, c); } });
    if (name === HEADER_NAME || name === SECRETS_NAME) {
      const b = await readAll(entry.pipe(tap));
      if (name === HEADER_NAME) checkHeader(JSON.parse(b.toString('utf8')) as ArchiveHeader, o);
      else sealed = b;
    } else {
      const file = path.join(stage, name);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await pipeline(entry, tap, createWriteStream(file, { mode: 0o600 }));
    }
    first = false;
    seen.set(name, { size, sha256: hash.digest('hex') });
  }
  await reading;
  where.entry = '';
  return { seen, manifest, sealed };
}

function verify(manifest: Manifest | null, seen: Map<string, Seen>, where: { entry: string }): Manifest {
  if (!manifest) throw new Error('the manifest is missing (the archive is cut short)');
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error('not a Homeforge backup');
  const listed = new Set<string>();
  for (const e of manifest.entries) {
    where.entry = e.path;
    const got = seen.get(e.path);
    if (!got) throw new Error('listed in the manifest but missing');
    if (got.size !== e.size || got.sha256 !== e.sha256) throw new Error('checksum does not match the manifest');
    listed.add(e.path);
  }
  for (const p of seen.keys()) {
    where.entry = p;
    if (!listed.has(p)) throw new Error('not listed in the manifest');
  }
  where.entry = '';
  return manifest;
}

/** Verifies `from` completely and restores it into `dataDir` (which must be empty or missing). */
export async function restoreArchive(from: string, dataDir: string, o: RestoreOptions = {}): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  if (!(await isEmptyOrMissing(target))) throw new ArchiveError(`${target} is not empty: restore into an empty or new data dir`);
  const stage = path.join(path.dirname(target), `.${path.basename(target)}.restore-${randomBytes(4).toString('hex')}`);
  const where = { entry: '' };
  try {
    await mkdir(stage, { recursive: true, mode: 0o700 });
    const { seen, manifest: m, sealed } = await extract(from, stage, o, where);
    const manifest = verify(m, seen, where);
    let secretsRestored = false;
    if (manifest.secrets_included) {
      if (!sealed || o.passphrase === undefined) throw new Error('the sealed secrets are missing');
      const secrets = await openSecrets(sealed, o.passphrase);
      await writeFile(path.join(stage, 'secret.key'), secrets.secret_key, { mode: 0o600 });
      await writeFile(path.join(stage, 'app.ini'), secrets.app_ini, { mode: 0o600 });
      secretsRestored = true;
    }
    o.onProgress?.({ phase: 'done', done_bytes: manifest.totals.bytes, total_bytes: manifest.totals.bytes, current: '' });
    await rmdir(target).catch(() => undefined);
    await rename(stage, target);
    return { manifest, secretsRestored };
  } catch (err) {
    await rm(stage, { recursive: true, force: true });
    const msg = err instanceof Error ? err.message : String(err);
    throw new ArchiveError(`${from}${where.entry ? ` (entry ${where.entry})` : ''}: ${msg}`);
  }
}
