/**
 * Files and directories at a ref: the contents API (one entry or a directory listing) and raw blobs.
 * Paths are git tree paths looked up object by object; `..` is refused, nothing touches the file system.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { Commit, TreeEntry } from '../../git/objects.ts';
import type { Readable } from 'node:stream';
import { entryAtPath, readTree, streamBlob, treePathSegments } from '../../git/read.ts';
import { gitDirFor, readerFor, refsOf } from './cache.ts';
import { readHead, SHARED_READ_MAX, SYMLINK_TARGET_MAX } from './capped.ts';
import { checkIdFormat, isEmptyRepo, fileNotExist, lastCommitOfPath, notExist, resolveRef, type ResolvedRef } from './read.ts';

export type ContentType = 'file' | 'dir' | 'symlink' | 'submodule';

export interface ContentEntry {
  name: string;
  path: string;
  sha: string;
  type: ContentType;
  size: number;
  /** base64 of a file's bytes when asked for (null for larger than the max blob size or for others). */
  content: string | null;
  /** A symlink's target. */
  target: string | null;
  /** A submodule's URL from .gitmodules. */
  submoduleUrl: string | null;
  lastCommit: Commit;
}

export interface ContentsResult {
  ref: ResolvedRef;
  /** One entry for a file, symlink or submodule; null for a directory. */
  file: ContentEntry | null;
  /** The entries of a directory (empty for the root of an empty repository). */
  dir: ContentEntry[];
}

/** A .gitmodules larger than this is read only this far. */
const GITMODULES_MAX = 64 * 1024;

const typeOf = (e: TreeEntry): ContentType => (e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file');

/** The URL of the submodule at `path`, read from the commit's .gitmodules. */
async function submoduleUrl(app: AppContext, repo: RepoRecord, commit: Commit, path: string): Promise<string | null> {
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, commit.tree, '.gitmodules');
  if (!found || found.entry.type !== 'blob') return null;
  const text = (await readHead(app, repo, found.entry.id, GITMODULES_MAX)).toString('utf8');
  let inSection = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) inSection = false;
    const m = /^path\s*=\s*(.+)$/.exec(line);
    if (m && m[1]!.trim() === path) inSection = true;
    const u = /^url\s*=\s*(.+)$/.exec(line);
    if (u && inSection) return u[1]!.trim();
  }
  return null;
}

async function describe(app: AppContext, repo: RepoRecord, ref: ResolvedRef, e: TreeEntry, path: string, withContent: boolean): Promise<ContentEntry> {
  const reader = readerFor(app, repo);
  const type = typeOf(e);
  const out: ContentEntry = {
    name: e.name, path, sha: e.id, type, size: 0, content: null, target: null, submoduleUrl: null,
    lastCommit: await lastCommitOfPath(app, repo, ref.commit, path),
  };
  if (type === 'file' || type === 'symlink') {
    const info = await reader.info(e.id);
    out.size = info?.size ?? 0;
    if (type === 'symlink') {
      // only the first KiB is read, however large the blob behind the link
      out.target = (await readHead(app, repo, e.id, SYMLINK_TARGET_MAX, 'blob', out.size)).toString('utf8');
    } else if (withContent && out.size <= app.settings.int('api.DEFAULT_MAX_BLOB_SIZE')) {
      out.content = (await reader.read(e.id))?.data.toString('base64') ?? null;
    }
  } else if (type === 'submodule') {
    out.submoduleUrl = await submoduleUrl(app, repo, ref.commit, path);
  }
  return out;
}

/** Where a contents read points: the resolved ref and the clean path (its segments too). */
export interface ContentsTarget {
  ref: ResolvedRef;
  path: string;
  segs: string[];
}

/**
 * Resolves the ref and cleans the path of a contents read; null for the root of an empty repository (an empty
 * list). The answer then depends only on the commit, the path and the ref's names, never on later pushes.
 */
export async function contentsTarget(app: AppContext, repo: RepoRecord, refInput: string | undefined, rawPath: string): Promise<ContentsTarget | null> {
  const segs = treePathSegments(rawPath === '.' ? '' : rawPath);
  if (!segs) throw new NotFoundError(fileNotExist(rawPath));
  const path = segs.join('/');
  if (!path && (await isEmptyRepo(app, repo))) return null;
  return { ref: await resolveRef(app, repo, refInput), path, segs };
}

/** The entry (or directory listing) at a resolved target. 404 for a missing path. */
export async function contentsAt(app: AppContext, repo: RepoRecord, { ref, path, segs }: ContentsTarget): Promise<ContentsResult> {
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, ref.commit.tree, path);
  if (!found) throw new NotFoundError(fileNotExist(path, ref));
  if (found.entry.type !== 'tree') {
    return { ref, file: await describe(app, repo, ref, { ...found.entry, name: segs.at(-1) ?? '' }, path, true), dir: [] };
  }
  const entries = await readTree(readerFor(app, repo), repo.object_format, found.entry.id);
  const dir = await Promise.all(entries.map((e) => describe(app, repo, ref, e, path ? `${path}/${e.name}` : e.name, false)));
  return { ref, file: null, dir };
}

/** The contents API: a file with its base64 content, or the entries of a directory. 404 for a missing path. */
export async function getContents(app: AppContext, repo: RepoRecord, refInput: string | undefined, rawPath: string): Promise<ContentsResult | null> {
  const target = await contentsTarget(app, repo, refInput, rawPath);
  return target && contentsAt(app, repo, target);
}


export interface RawBlob {
  ref: ResolvedRef;
  path: string;
  entry: TreeEntry;
  type: ContentType;
  size: number;
  /** The bytes of a small blob; null for a large one (use head() and open()). */
  data: Buffer | null;
  /** The first bytes of the blob (for sniffing its type). */
  head: () => Promise<Buffer>;
  /** A stream of the whole blob. */
  open: () => Readable;
  /** Committer time of the last commit that touched the path. */
  lastModified: Date;
}

/**
 * Splits `{ref}/{filepath}` when no ref is given, as Gitea's raw endpoint does: the shortest leading part that
 * names a branch, a tag or a commit id is the ref; otherwise the whole path is read at the default branch.
 */
async function splitRefFromPath(app: AppContext, repo: RepoRecord, segs: string[]): Promise<[string | undefined, string[]]> {
  const snap = await refsOf(app, repo);
  for (let i = 1; i < segs.length; i++) {
    const name = segs.slice(0, i).join('/');
    if (snap.byName.has(`refs/heads/${name}`) || snap.byName.has(`refs/tags/${name}`)) return [name, segs.slice(i)];
  }
  const first = segs[0] ?? '';
  if (segs.length > 1 && first.length === (repo.object_format === 'sha256' ? 64 : 40) && /^[0-9a-f]+$/i.test(first)) return [first, segs.slice(1)];
  return [undefined, segs];
}

/** The bytes of the blob at `rawPath` (directories and submodules are 404, as in Gitea). */
export async function getRawBlob(app: AppContext, repo: RepoRecord, refInput: string | undefined, rawPath: string): Promise<RawBlob> {
  if (await isEmptyRepo(app, repo)) throw new NotFoundError();
  let segs = treePathSegments(rawPath);
  if (!segs || !segs.length) throw new NotFoundError();
  let refName = refInput?.trim() || undefined;
  if (!refName) [refName, segs] = await splitRefFromPath(app, repo, segs);
  const ref = await resolveRef(app, repo, refName);
  const path = segs.join('/');
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, ref.commit.tree, path);
  if (!found || found.entry.type !== 'blob') throw new NotFoundError();
  const reader = readerFor(app, repo);
  const info = await reader.info(found.entry.id);
  if (!info) throw new NotFoundError();
  // small blobs come from the shared reader; larger ones stream from their own process, never held whole
  const data = info.size <= SHARED_READ_MAX ? ((await reader.read(found.entry.id))?.data ?? null) : null;
  const gitDir = gitDirFor(app, repo);
  const open = (): Readable => streamBlob(gitDir, found.entry.id);
  const head = (): Promise<Buffer> => readHead(app, repo, found.entry.id, 1024, 'blob', info.size);
  const last = await lastCommitOfPath(app, repo, ref.commit, path);
  return { ref, path, entry: found.entry, type: typeOf(found.entry), size: info.size, data, head, open, lastModified: new Date(last.committer.unix * 1000) };
}

export interface BlobById {
  id: string;
  size: number;
  /** base64, or null when larger than [api] DEFAULT_MAX_BLOB_SIZE. */
  content: string | null;
}

/** GET /git/blobs/{sha}: an object's bytes by id (as in Gitea, any object type); 400 when it does not exist. */
export async function getBlobById(app: AppContext, repo: RepoRecord, sha: string): Promise<BlobById> {
  if (!sha) throw new BadRequestError('sha not provided');
  checkIdFormat(repo, sha);
  const reader = readerFor(app, repo);
  const info = /^[0-9a-f]{4,64}$/i.test(sha) ? await reader.info(sha.toLowerCase()) : null;
  if (!info) throw new BadRequestError(notExist(sha));
  const small = info.size <= app.settings.int('api.DEFAULT_MAX_BLOB_SIZE');
  const obj = small ? await reader.read(info.id) : null;
  return { id: info.id, size: info.size, content: obj ? obj.data.toString('base64') : null };
}
