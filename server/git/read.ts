/**
 * Git reads that are not single objects: refs, commit walks with a path filter and paging, changed files and
 * line stats, the last commit of a path. Arguments are never taken from user input without a check: revisions
 * are full hex ids resolved beforehand and paths follow `--`.
 */
import { launchGit } from './spawner.ts';
import type { Readable } from 'node:stream';
import type { ObjectReader } from './cat-file.ts';
import { parseTree, type ObjectFormatName, type TreeEntry } from './objects.ts';
import { entryAt, findName, treeIndex } from './tree-index.ts';

/** Runs `git <args>` in a bare repository and returns stdout; rejects with stderr on a non-zero exit. */
export function runGit(gitDir: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const proc = launchGit(args, { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir, ...opts.env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    proc.stdout.on('data', (c: Buffer) => out.push(c));
    proc.stderr.on('data', (c: Buffer) => err.push(c));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitCommandError(args, code ?? -1, Buffer.concat(err).toString('utf8').trim()));
    });
    proc.stdin.on('error', () => undefined);
    proc.stdin.end(opts.input ?? '');
  });
}

/** A git command that exited non-zero. */
export class GitCommandError extends Error {
  constructor(readonly args: string[], readonly code: number, readonly stderr: string) {
    super(`git ${args[0] ?? ''} failed (${code}): ${stderr}`);
  }
}

export interface RefEntry {
  /** Full name, e.g. refs/heads/main. */
  name: string;
  /** The id the ref points at (a tag object for annotated tags). */
  id: string;
  /** The type of that object. */
  type: string;
  /** For tags: the peeled object id (the commit); else the same as id. */
  peeled: string;
  /** Committer time of a commit, tagger time of a tag object (seconds), for sorting. */
  time: number;
}

/** Every branch and tag ref, with peeled ids. */
export async function listRefs(gitDir: string): Promise<RefEntry[]> {
  const fmt = '%(refname)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(creatordate:unix)';
  const out = await runGit(gitDir, ['for-each-ref', `--format=${fmt}`, 'refs/heads', 'refs/tags']);
  const refs: RefEntry[] = [];
  for (const line of out.toString('utf8').split('\n')) {
    if (!line) continue;
    const [name = '', id = '', type = '', peeled = '', time = '0'] = line.split('\0');
    refs.push({ name, id, type, peeled: peeled || id, time: Number(time) || 0 });
  }
  return refs;
}

/** The branch HEAD names (refs/heads/x), or null when HEAD is detached or missing. */
export async function headRef(gitDir: string): Promise<string | null> {
  try {
    return (await runGit(gitDir, ['symbolic-ref', '-q', 'HEAD'])).toString('utf8').trim() || null;
  } catch {
    return null;
  }
}

/** How many commits are reachable from `commitId` (touching `path` when given). */
export async function countCommits(gitDir: string, commitId: string, path?: string): Promise<number> {
  const args = ['rev-list', '--count', '--end-of-options', commitId];
  if (path) args.push('--', path);
  return Number((await runGit(gitDir, args)).toString('utf8').trim()) || 0;
}

/** One page of commit ids reachable from `commitId`, newest first (touching `path` when given). */
export async function listCommitIds(gitDir: string, commitId: string, skip: number, max: number, path?: string): Promise<string[]> {
  const args = ['rev-list', `--skip=${skip}`, `--max-count=${max}`, '--end-of-options', commitId];
  if (path) args.push('--', path);
  return (await runGit(gitDir, args)).toString('utf8').split('\n').filter(Boolean);
}

/** The newest commit reachable from `commitId` that touched `path`, or null. */
export async function lastCommitOf(gitDir: string, commitId: string, path: string): Promise<string | null> {
  const args = ['rev-list', '--max-count=1', '--end-of-options', commitId];
  if (path) args.push('--', path);
  return (await runGit(gitDir, args)).toString('utf8').trim() || null;
}

export interface ChangedFile {
  filename: string;
  status: 'added' | 'removed' | 'modified';
  additions: number;
  deletions: number;
}

const STATUS: Record<string, ChangedFile['status']> = { A: 'added', D: 'removed' };

/** Files a commit changed against its first parent (all files for a root commit), with line counts. */
export async function changedFiles(gitDir: string, commitId: string, firstParent: string | null): Promise<ChangedFile[]> {
  const range = firstParent ? [firstParent, commitId] : ['--root', commitId];
  const out = await runGit(gitDir, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', '--raw', '--numstat', ...range]);
  const tokens = out.toString('utf8').split('\0');
  const files: ChangedFile[] = [];
  let i = 0;
  while (i < tokens.length && tokens[i]!.startsWith(':')) {
    const status = tokens[i]!.split(' ').pop() ?? 'M';
    files.push({ filename: tokens[i + 1] ?? '', status: STATUS[status[0] ?? 'M'] ?? 'modified', additions: 0, deletions: 0 });
    i += 2;
  }
  for (let f = 0; i < tokens.length && f < files.length; i++, f++) {
    const [add = '0', del = '0'] = tokens[i]!.split('\t');
    files[f]!.additions = Number(add) || 0;
    files[f]!.deletions = Number(del) || 0;
  }
  return files;
}

/**
 * Splits a tree path into its segments. Git tree paths are never file system paths: empty and `.` segments are
 * dropped, and `..` is refused (null), so no input can name anything outside the tree it is looked up in.
 */
export function treePathSegments(path: string): string[] | null {
  const segs = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.some((s) => s === '..' || s.includes('\0'))) return null;
  return segs;
}

export interface PathEntry {
  /** The entry; for the root, a synthetic tree entry named "". */
  entry: TreeEntry;
  path: string;
}

/**
 * A tree's entries by name, kept per tree buffer: the object cache hands out the same buffer for an id, so a
 * large directory read again (a file write checks, builds and answers on the same trees) is parsed once.
 */
const parsedTrees = new WeakMap<Buffer, Map<string, TreeEntry>>();

function entriesByName(data: Buffer, format: ObjectFormatName): Map<string, TreeEntry> {
  let m = parsedTrees.get(data);
  if (!m) {
    m = new Map();
    // the first of a name wins, as find() did
    for (const e of parseTree(data, format)) if (!m.has(e.name)) m.set(e.name, Object.freeze(e));
    parsedTrees.set(data, m);
  }
  return m;
}

/** Looks `path` up below the tree `treeId`, one tree object per segment; null when it does not exist. */
export async function entryAtPath(reader: ObjectReader, format: ObjectFormatName, treeId: string, path: string): Promise<PathEntry | null> {
  const segs = treePathSegments(path);
  if (!segs) return null;
  let entry: TreeEntry = { mode: '40000', name: '', id: treeId, type: 'tree' };
  for (const seg of segs) {
    if (entry.type !== 'tree') return null;
    const obj = await reader.read(entry.id);
    if (!obj || obj.type !== 'tree') return null;
    // a canonical tree is searched in its bytes; any other is parsed once into a map
    const ix = treeIndex(obj.data, format);
    const at = ix ? findName(ix, seg) : -1;
    const next = ix ? (at >= 0 ? entryAt(ix, at) : undefined) : entriesByName(obj.data, format).get(seg);
    if (!next) return null;
    entry = next;
  }
  return { entry, path: segs.join('/') };
}

/** The entries of the tree `treeId`, in git's order. */
export async function readTree(reader: ObjectReader, format: ObjectFormatName, treeId: string): Promise<TreeEntry[]> {
  const obj = await reader.read(treeId);
  if (!obj || obj.type !== 'tree') return [];
  return parseTree(obj.data, format);
}

export interface LsTreeEntry {
  mode: string;
  type: string;
  id: string;
  size: number;
  path: string;
}

/** Every entry below `treeId` (trees included), with blob sizes: `git ls-tree -r -t -l`. */
export async function lsTreeRecursive(gitDir: string, treeId: string): Promise<LsTreeEntry[]> {
  const out = await runGit(gitDir, ['ls-tree', '-r', '-t', '-l', '-z', treeId]);
  const entries: LsTreeEntry[] = [];
  for (const rec of out.toString('utf8').split('\0')) {
    const tab = rec.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', type = '', id = '', size = '-'] = rec.slice(0, tab).split(/ +/);
    entries.push({ mode, type, id, size: size === '-' ? 0 : Number(size) || 0, path: rec.slice(tab + 1) });
  }
  return entries;
}

/** The bytes of a blob as a stream from its own `git cat-file blob` process (for blobs too large to buffer). */
export function streamBlob(gitDir: string, blobId: string): Readable {
  const proc = launchGit(['cat-file', 'blob', blobId], { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir }, stdin: 'ignore' });
  proc.stderr.resume();
  return proc.stdout;
}

/**
 * At most the first `max` bytes of an object's content, from its own `git cat-file <type>` process, which is
 * stopped once they are in: a 64 MiB blob behind a symlink costs a few KiB, and the shared reader is not held.
 */
export function readObjectPrefix(gitDir: string, type: 'blob' | 'commit' | 'tag', id: string, max: number): Promise<Buffer> {
  if (!/^[0-9a-f]{4,64}$/.test(id)) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const proc = launchGit(['cat-file', type, id], { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir }, stdin: 'ignore' });
    proc.stderr.resume();
    const parts: Buffer[] = [];
    let have = 0;
    const done = (): void => {
      proc.stdout.removeAllListeners('data');
      proc.kill();
      resolve(Buffer.concat(parts, Math.min(have, max)).subarray(0, max));
    };
    proc.stdout.on('data', (c: Buffer) => {
      parts.push(c);
      have += c.length;
      if (have >= max) done();
    });
    proc.on('error', () => resolve(Buffer.alloc(0)));
    proc.on('close', () => { if (have < max) resolve(Buffer.concat(parts, have)); });
  });
}
