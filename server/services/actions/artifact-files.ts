/**
 * Artifact bytes under `<data>/actions/artifacts/`: a finished zip at `<repo bucket>/<repo id>/<artifact id>.zip`,
 * an upload in progress in `uploads/<artifact id>/` (appended bytes, or Azure-style blocks named by the hash of their
 * id and joined in the order of the block list). Every path is built from numbers and hashes only, never from input.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.ts';
import { ServiceError, ValidationError } from '../../lib/errors.ts';

const root = (app: AppContext): string => path.join(app.dataDir, 'actions', 'artifacts');

function checkId(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('bad artifact id');
  return String(n);
}

/** The finished zip of an artifact. */
export function zipPath(app: AppContext, repoId: number, artifactId: number): string {
  return path.join(root(app), String(repoId % 100).padStart(2, '0'), checkId(repoId), `${checkId(artifactId)}.zip`);
}

const uploadDir = (app: AppContext, artifactId: number): string => path.join(root(app), 'uploads', checkId(artifactId));
const blockFile = (app: AppContext, artifactId: number, blockId: string): string =>
  path.join(uploadDir(app, artifactId), 'blocks', createHash('sha256').update(blockId).digest('hex'));

/** The cap on one artifact, in bytes (`[actions] ARTIFACT_MAX_SIZE` MiB). */
export const maxArtifactBytes = (app: AppContext): number => app.settings.int('actions.ARTIFACT_MAX_SIZE') * 1024 * 1024;

/** Passes bytes through, failing with 413 once more than `max` went by. */
function capped(max: number, already: number): Transform {
  let seen = already;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new ServiceError(413, `artifact larger than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/** Bytes of a file, 0 when it does not exist. */
async function sizeOf(file: string): Promise<number> {
  try { return (await stat(file)).size; } catch { return 0; }
}

/** Bytes an upload holds so far (appended plus staged blocks). */
async function uploadedBytes(app: AppContext, artifactId: number): Promise<number> {
  const dir = uploadDir(app, artifactId);
  let total = await sizeOf(path.join(dir, 'append'));
  const blocks = await readdir(path.join(dir, 'blocks')).catch(() => [] as string[]);
  for (const b of blocks) total += await sizeOf(path.join(dir, 'blocks', b));
  return total;
}

/** Appends a request body to the upload (`comp=appendBlock`, or `comp=block` without an id). */
export async function appendChunk(app: AppContext, artifactId: number, body: Readable): Promise<void> {
  const dir = uploadDir(app, artifactId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const already = await uploadedBytes(app, artifactId);
  await pipeline(body, capped(maxArtifactBytes(app), already), createWriteStream(path.join(dir, 'append'), { flags: 'a', mode: 0o600 }));
}

/** Stages one named block (`comp=block&blockid=...`). */
export async function stageBlock(app: AppContext, artifactId: number, blockId: string, body: Readable): Promise<void> {
  if (!blockId || blockId.length > 1024) throw new ValidationError('bad block id');
  const file = blockFile(app, artifactId, blockId);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const already = await uploadedBytes(app, artifactId);
  await pipeline(body, capped(maxArtifactBytes(app), already), createWriteStream(`${file}.part`, { mode: 0o600 }));
  await rename(`${file}.part`, file);
}

/** The block ids of an Azure block list (`<BlockList><Latest>id</Latest>...`), in order. */
export function parseBlockList(xml: string): string[] {
  const ids: string[] = [];
  for (const m of xml.matchAll(/<(Latest|Committed|Uncommitted)>([^<]{1,1024})<\/\1>/g)) ids.push(m[2]!.trim());
  return ids;
}

/** Makes the finished zip from the block list (or the appended bytes) and checks its sha256; answers its size. */
export async function commitUpload(app: AppContext, repoId: number, artifactId: number, blockIds: string[] | null, sha256?: string): Promise<number> {
  const dir = uploadDir(app, artifactId);
  const target = zipPath(app, repoId, artifactId);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const sources = blockIds?.length ? blockIds.map((id) => blockFile(app, artifactId, id)) : [path.join(dir, 'append')];
  const hash = createHash('sha256');
  const out = createWriteStream(`${target}.part`, { mode: 0o600 });
  try {
    for (const src of sources) {
      if (!(await stat(src).catch(() => null))) throw new ServiceError(400, 'upload incomplete: a block is missing');
      await pipeline(createReadStream(src), new Transform({ transform(c: Buffer, _e, done) { hash.update(c); done(null, c); } }), out, { end: false });
    }
    await new Promise<void>((resolve, reject) => { out.end((e?: Error | null) => (e ? reject(e) : resolve())); });
  } catch (e) {
    out.destroy();
    await rm(`${target}.part`, { force: true });
    throw e;
  }
  const digest = hash.digest('hex');
  if (sha256 && sha256.replace(/^sha256:/, '') !== digest) {
    await rm(`${target}.part`, { force: true });
    throw new ServiceError(400, 'artifact hash does not match');
  }
  await rename(`${target}.part`, target);
  await rm(dir, { recursive: true, force: true });
  return (await stat(target)).size;
}

/** Reads a finished zip. */
export function openZip(app: AppContext, repoId: number, artifactId: number): ReadStream {
  return createReadStream(zipPath(app, repoId, artifactId));
}

/** Removes an artifact's bytes (finished and in progress). */
export async function removeArtifactFiles(app: AppContext, repoId: number, artifactId: number): Promise<void> {
  await rm(zipPath(app, repoId, artifactId), { force: true });
  await rm(uploadDir(app, artifactId), { recursive: true, force: true });
}
