/**
 * Writes a backup archive: a gzipped tar streamed to disk entry by entry (never the whole archive in memory),
 * each entry hashed (sha256) on its way, the manifest last. Sources are the snapshot's staged store files (only
 * the size recorded at the point), each repository's objects with the refs recorded at the point as its
 * `packed-refs`, app.ini (secrets removed, or sealed with the passphrase together with the secret key), and the
 * data dir's attachments/, packages/, actions/ and avatars/ folders when present (copied as they are).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type tarType from 'tar-stream';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { packedRefs, repoFiles } from '../../git/snapshot-files.ts';
import { HOMEFORGE_VERSION } from '../../lib/version.ts';
import { SCHEMA_VERSION } from '../../store/index.ts';
import type { Snapshot } from './snapshot.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, HEADER_NAME, MANIFEST_NAME, type ArchiveHeader, SECRETS_NAME, type Manifest, type ManifestEntry, type ManifestRepo, type Progress } from './manifest.ts';
import { redactIni, sealSecrets } from './secrets.ts';

// tar-stream (and its stream helpers) load with the first backup or restore, not at start.
const tar = lazyRequire<typeof tarType>('tar-stream');

export const EXTRA_DIRS = ['attachments', 'packages', 'actions', 'avatars'] as const;

interface Source {
  path: string;
  size: number;
  open: () => Readable;
}

const fromBuffer = (p: string, b: Buffer): Source => ({ path: p, size: b.length, open: () => streamOf(b) });
const fromFile = (p: string, file: string, size: number): Source => ({
  path: p, size, open: () => (size === 0 ? streamOf(Buffer.alloc(0)) : createReadStream(file, { start: 0, end: size - 1 })),
});

function streamOf(b: Buffer): Readable {
  return new Transform({ transform(c, _e, cb) { cb(null, c); } }).end(b);
}

async function walkFiles(root: string, rel: string, out: { rel: string; size: number }[]): Promise<void> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await walkFiles(root, r, out);
    else if (e.isFile()) out.push({ rel: r, size: (await stat(path.join(root, r))).size });
  }
}

function formatOf(config: string, refs: Snapshot['repos'][number]['refs']): 'sha1' | 'sha256' {
  if (refs.some((r) => r.sha.length === 64)) return 'sha256';
  return /objectformat\s*=\s*sha256/i.test(config) ? 'sha256' : 'sha1';
}

export interface WriteOptions {
  dataDir: string;
  /** Seal app.ini and the secret key with this passphrase; without it, secrets are left out. */
  passphrase?: string;
  onProgress?: (p: Progress) => void;
}

/** Plans the entries of an archive from a snapshot: repository files are listed now (after the point). */
async function plan(snap: Snapshot, o: WriteOptions): Promise<{ sources: Source[]; repos: ManifestRepo[]; extra: string[] }> {
  const sources: Source[] = [];
  const ini = await readFile(path.join(o.dataDir, 'app.ini'), 'utf8').catch(() => '');
  sources.push(fromBuffer('app.ini', Buffer.from(redactIni(ini))));
  if (o.passphrase !== undefined) {
    const key = await readFile(path.join(o.dataDir, 'secret.key'), 'utf8');
    sources.push(fromBuffer(SECRETS_NAME, await sealSecrets({ secret_key: key, app_ini: ini }, o.passphrase)));
  }
  for (const f of snap.store) sources.push(fromFile(`store/${f.rel}`, f.staged, f.size));
  const repos: ManifestRepo[] = [];
  for (const r of snap.repos) {
    const base = `repositories/${r.rel}`;
    let config = '';
    for (const f of await repoFiles(r.gitDir)) {
      // Small top files are read whole now: config may be rewritten while the archive is written.
      if (!f.rel.startsWith('objects/')) {
        const b = await readFile(path.join(r.gitDir, f.rel));
        if (f.rel === 'config') config = b.toString('utf8');
        sources.push(fromBuffer(`${base}/${f.rel}`, b));
      } else sources.push(fromFile(`${base}/${f.rel}`, path.join(r.gitDir, f.rel), f.size));
    }
    sources.push(fromBuffer(`${base}/packed-refs`, Buffer.from(packedRefs(r.refs))));
    repos.push({ path: base, object_format: formatOf(config, r.refs), refs: r.refs.length });
  }
  const extra: string[] = [];
  for (const dir of EXTRA_DIRS) {
    if (dir === 'packages') {
      // Package content as staged at the point, so it matches the staged store.
      if (snap.packages.length) extra.push(dir);
      for (const f of snap.packages) sources.push(fromFile(`${dir}/${f.rel}`, f.staged, f.size));
      continue;
    }
    const files: { rel: string; size: number }[] = [];
    await walkFiles(path.join(o.dataDir, dir), '', files);
    if (files.length) extra.push(dir);
    for (const f of files) sources.push(fromFile(`${dir}/${f.rel}`, path.join(o.dataDir, dir, f.rel), f.size));
  }
  return { sources, repos, extra };
}

function hashing(hash: ReturnType<typeof createHash>, onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _e, cb) {
      hash.update(chunk);
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
}

async function addEntry(pack: tarType.Pack, src: Source, onBytes: (n: number) => void): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  const entry = pack.entry({ name: src.path, size: src.size, mode: 0o600, mtime: new Date(0) });
  await pipeline(src.open(), hashing(hash, onBytes), entry);
  return { path: src.path, size: src.size, sha256: hash.digest('hex') };
}

/** Writes the archive of `snap` to `out` (through a temp file renamed at the end); returns its manifest. */
export async function writeArchive(snap: Snapshot, out: string, o: WriteOptions): Promise<Manifest> {
  const { sources, repos, extra } = await plan(snap, o);
  const total = sources.reduce((n, s) => n + s.size, 0);
  const progress: Progress = { phase: 'copy', done_bytes: 0, total_bytes: total, current: '' };
  let last = 0;
  const onBytes = (n: number): void => {
    progress.done_bytes += n;
    if (Date.now() - last > 200) {
      last = Date.now();
      o.onProgress?.({ ...progress });
    }
  };
  const tmp = `${out}.partial`;
  const pack = tar().pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(tmp, { mode: 0o600 }));
  try {
    const entries: ManifestEntry[] = [];
    const header: ArchiveHeader = { format: ARCHIVE_FORMAT, format_version: ARCHIVE_VERSION, schema_version: SCHEMA_VERSION, secrets_included: o.passphrase !== undefined };
    entries.push(await addEntry(pack, fromBuffer(HEADER_NAME, Buffer.from(JSON.stringify(header))), onBytes));
    for (const dir of repos.map((r) => r.path)) {
      // Empty ref folders: git wants refs/ to exist; the refs themselves are in packed-refs.
      for (const d of ['refs', 'refs/heads', 'refs/tags']) pack.entry({ name: `${dir}/${d}`, type: 'directory', mode: 0o700 });
    }
    for (const src of sources) {
      progress.current = src.path;
      entries.push(await addEntry(pack, src, onBytes));
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT, format_version: ARCHIVE_VERSION, homeforge_version: HOMEFORGE_VERSION, schema_version: SCHEMA_VERSION,
      created: new Date().toISOString(),
      point: { started: new Date(snap.started).toISOString(), fixed: new Date(snap.fixed).toISOString(), store_pause_ms: snap.storePauseMs },
      secrets_included: o.passphrase !== undefined, repositories: repos, extra_dirs: extra, entries,
      totals: { entries: entries.length, bytes: total },
    };
    pack.entry({ name: MANIFEST_NAME, mode: 0o600, mtime: new Date(0) }, JSON.stringify(manifest, null, 1));
    pack.finalize();
    await written;
    await rename(tmp, out);
    o.onProgress?.({ ...progress, phase: 'done', current: '' });
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
}
