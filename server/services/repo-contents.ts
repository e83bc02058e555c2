/**
 * Files and directories at a ref: the contents API (one entry or a directory listing) and raw blobs.
 * Paths are git tree paths looked up object by object; `..` is refused, nothing touches the file system.
 */
import type { AppContext } from './context.ts';
import type { RepoRecord } from '../store/records.ts';
import { BadRequestError, NotFoundError } from '../lib/errors.ts';
import type { Commit, TreeEntry } from '../git/objects.ts';
import type { Readable } from 'node:stream';
import { entryAtPath, readTree, streamBlob, treePathSegments } from '../git/read.ts';
import { gitDirFor, readerFor, refsOf } from './repo-cache.ts';
import { checkIdFormat, isEmptyRepo, lastCommitOfPath, notExist, resolveRef, type ResolvedRef } from './repo-read.ts';

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

const typeOf = (e: TreeEntry): ContentType => (e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file');

/** The URL of the submodule at `path`, read from the commit's .gitmodules. */
async function submoduleUrl(app: AppContext, repo: RepoRecord, commit: Commit, path: string): Promise<string | null> {
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, commit.tree, '.gitmodules');
  if (!found || found.entry.type !== 'blob') return null;
  const text = (await readerFor(app, repo).read(found.entry.id))?.data.toString('utf8') ?? '';
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
    const wantBytes = type === 'symlink' || (withContent && out.size <= app.settings.int('api.DEFAULT_MAX_BLOB_SIZE'));
    const blob = wantBytes ? await reader.read(e.id) : null;
    if (type === 'symlink') out.target = blob?.data.subarray(0, 1024).toString('utf8') ?? '';
    else if (blob) out.content = blob.data.toString('base64');
  } else if (type === 'submodule') {
    out.submoduleUrl = await submoduleUrl(app, repo, ref.commit, path);
  }
  return out;
}

/** The contents API: a file with its base64 content, or the entries of a directory. 404 for a missing path. */
export async function getContents(app: AppContext, repo: RepoRecord, refInput: string | undefined, rawPath: string): Promise<ContentsResult | null> {
  const segs = treePathSegments(rawPath === '.' ? '' : rawPath);
  if (!segs) throw new NotFoundError(notExist('', rawPath));
  const path = segs.join('/');
  if (!path && (await isEmptyRepo(app, repo))) return null;
  const ref = await resolveRef(app, repo, refInput);
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, ref.commit.tree, path);
  if (!found) throw new NotFoundError(notExist('', path));
  if (found.entry.type !== 'tree') {
    return { ref, file: await describe(app, repo, ref, { ...found.entry, name: segs.at(-1) ?? '' }, path, true), dir: [] };
  }
  const entries = await readTree(readerFor(app, repo), repo.object_format, found.entry.id);
  const dir = await Promise.all(entries.map((e) => describe(app, repo, ref, e, path ? `${path}/${e.name}` : e.name, false)));
  return { ref, file: null, dir };
}

/** Blobs up to this size are read through the shared reader and sent from memory; larger ones are streamed. */
const BUFFERED_BLOB_MAX = 8 * 1024 * 1024;

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
  const data = info.size <= BUFFERED_BLOB_MAX ? ((await reader.read(found.entry.id))?.data ?? null) : null;
  const gitDir = gitDirFor(app, repo);
  const open = (): Readable => streamBlob(gitDir, found.entry.id);
  const head = async (): Promise<Buffer> => {
    for await (const chunk of open()) return Buffer.from(chunk as Buffer).subarray(0, 1024);
    return Buffer.alloc(0);
  };
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
