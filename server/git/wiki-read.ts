/**
 * Reads of a wiki repository (`{repo}.wiki.git`): its default branch, the top-level entries of a commit, blobs by
 * path, the commits that touched one file, and the files two trees differ in. Commit ids are resolved before
 * they reach git, and paths always follow `--`.
 */
import { runGit } from './read.ts';
import { git } from './process.ts';
import type { ObjectFormatName } from './objects.ts';
import type { WikiCommitInfo } from '../lib/wiki-commit.ts';

/** git's empty tree, per object format: the "before" of a branch's first commit. */
export const EMPTY_TREE: Record<ObjectFormatName, string> = {
  sha1: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
  sha256: '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
};

export interface WikiEntry {
  mode: string;
  type: string;
  id: string;
  name: string;
}

/** The branch HEAD names (without refs/heads/), or null when HEAD is detached. */
export async function headBranch(gitDir: string): Promise<string | null> {
  try {
    const ref = (await git(['symbolic-ref', '-q', 'HEAD'], { gitDir })).trim();
    return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  } catch {
    return null;
  }
}

/** The commit a branch holds, or null. */
export async function branchCommit(gitDir: string, branch: string): Promise<string | null> {
  try {
    return (await git(['rev-parse', '--verify', '-q', '--end-of-options', `refs/heads/${branch}^{commit}`], { gitDir })).trim() || null;
  } catch {
    return null;
  }
}

/** Every branch of the wiki repository, by name. */
export async function branchNames(gitDir: string): Promise<string[]> {
  return (await git(['for-each-ref', '--format=%(refname:lstrip=2)', 'refs/heads'], { gitDir })).split('\n').filter(Boolean);
}

function parseLsTree(out: Buffer): WikiEntry[] {
  const entries: WikiEntry[] = [];
  for (const rec of out.toString('utf8').split('\0')) {
    const tab = rec.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', type = '', id = ''] = rec.slice(0, tab).split(' ');
    entries.push({ mode, type, id, name: rec.slice(tab + 1) });
  }
  return entries;
}

/** The top-level entries of `commit`'s tree, in git's order (Gitea lists pages from these). */
export async function topEntries(gitDir: string, commit: string): Promise<WikiEntry[]> {
  return parseLsTree(await runGit(gitDir, ['ls-tree', '-z', '--end-of-options', commit]));
}

/** The entries at exactly these paths of `commit` (missing ones are left out). */
export async function entriesAt(gitDir: string, commit: string, paths: string[]): Promise<WikiEntry[]> {
  const wanted = new Set(paths);
  const found = parseLsTree(await runGit(gitDir, ['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', ...paths]));
  return found.filter((e) => wanted.has(e.name));
}

/** The content of the blobs `ids`, read with one `cat-file --batch`. */
export async function readBlobs(gitDir: string, ids: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (ids.length === 0) return out;
  const buf = await runGit(gitDir, ['cat-file', '--batch'], { input: `${ids.join('\n')}\n` });
  let at = 0;
  while (at < buf.length) {
    const nl = buf.indexOf(0x0a, at);
    if (nl < 0) break;
    const [id = '', type = '', size = ''] = buf.subarray(at, nl).toString('utf8').split(' ');
    if (type === 'missing' || !size) {
      at = nl + 1;
      continue;
    }
    const n = Number(size);
    out.set(id, buf.subarray(nl + 1, nl + 1 + n));
    at = nl + 1 + n + 1;
  }
  return out;
}

export type { WikiCommitInfo };

const FORMAT = '%x1e%H%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B';

function parseLog(out: string): WikiCommitInfo[] {
  return out.split('\x1e').filter((r) => r.includes('\0')).map((r) => {
    const [sha = '', authorName = '', authorEmail = '', authorDate = '', committerName = '', committerEmail = '', committerDate = '', message = ''] = r.split('\0');
    return { sha, authorName, authorEmail, authorDate, committerName, committerEmail, committerDate, message: message.replace(/\n+$/, '\n') };
  });
}

/** One page of the commits reachable from `commit` that touched `path`, newest first (no rename following). */
export async function fileCommits(gitDir: string, commit: string, path: string, skip: number, max: number): Promise<WikiCommitInfo[]> {
  const out = await runGit(gitDir, ['log', `--format=${FORMAT}`, `--skip=${skip}`, `--max-count=${max}`, '--end-of-options', commit, '--', path]);
  return parseLog(out.toString('utf8'));
}

/** The details of the commits `ids` (full ids resolved beforehand), by id. */
export async function commitsByIds(gitDir: string, ids: string[]): Promise<Map<string, WikiCommitInfo>> {
  const out = new Map<string, WikiCommitInfo>();
  if (ids.length === 0) return out;
  const log = await runGit(gitDir, ['log', '--no-walk=unsorted', `--format=${FORMAT}`, '--end-of-options', ...ids]);
  for (const c of parseLog(log.toString('utf8'))) out.set(c.sha, c);
  return out;
}

/** How many commits reachable from `commit` touched `path`. */
export async function countFileCommits(gitDir: string, commit: string, path: string): Promise<number> {
  return Number((await runGit(gitDir, ['rev-list', '--count', '--end-of-options', commit, '--', path])).toString('utf8').trim()) || 0;
}

export interface TreeChangeEntry {
  /** A added, M modified (or type changed), D deleted, R renamed (with `from`). */
  status: 'A' | 'M' | 'D' | 'R';
  path: string;
  from?: string;
}

/** The files `oldTree` and `newTree` differ in, renames found by content similarity (`diff-tree -M`). */
export async function diffTrees(gitDir: string, oldTree: string, newTree: string): Promise<TreeChangeEntry[]> {
  const out = (await runGit(gitDir, ['diff-tree', '-r', '-M', '-z', '--name-status', '--no-commit-id', '--end-of-options', oldTree, newTree])).toString('utf8').split('\0');
  const changes: TreeChangeEntry[] = [];
  for (let i = 0; i < out.length;) {
    const code = out[i] ?? '';
    if (!code) break;
    const kind = code[0];
    if (kind === 'R' || kind === 'C') {
      const from = out[i + 1] ?? '';
      const to = out[i + 2] ?? '';
      changes.push(kind === 'R' ? { status: 'R', path: to, from } : { status: 'A', path: to });
      i += 3;
    } else {
      const status = kind === 'A' ? 'A' : kind === 'D' ? 'D' : 'M';
      changes.push({ status, path: out[i + 1] ?? '' });
      i += 2;
    }
  }
  return changes;
}
