/** Reading refs and the commit details a push needs (for-each-ref, rev-list, log), and setting HEAD. */
import { git, runGit } from './process.ts';
import { isValidBranchOrTagRef } from './ref-name.ts';

export interface RefInfo {
  ref: string;
  sha: string;
}

export interface BranchHead {
  name: string;
  sha: string;
  /** Committer time, ISO 8601 with offset. */
  commitTime: string;
  summary: string;
}

export interface CommitDetails {
  sha: string;
  message: string;
  authorName: string;
  authorEmail: string;
  authorTime: string;
  committerName: string;
  committerEmail: string;
  committerTime: string;
  added: string[];
  removed: string[];
  modified: string[];
}

/** The all-zero id of a format: the "old" of a created ref, the "new" of a deleted one. */
export const zeroId = (sha: string): boolean => /^0+$/.test(sha);

/** Every ref under `prefix` (default all) with the object it points at. */
export async function listRefs(gitDir: string, prefix = 'refs/'): Promise<RefInfo[]> {
  const out = await git(['for-each-ref', '--format=%(objectname) %(refname)', prefix], { gitDir });
  return out.split('\n').filter(Boolean).map((line) => {
    const i = line.indexOf(' ');
    return { sha: line.slice(0, i), ref: line.slice(i + 1) };
  });
}

/** The object a full ref name points at (a tag object is not peeled), or null when it does not exist. */
export async function resolveRef(gitDir: string, ref: string): Promise<string | null> {
  // No ref name holds a NUL byte, and a process argument cannot carry one: such a name resolves to nothing.
  if (ref.includes('\0')) return null;
  const r = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', ref], { gitDir });
  return r.code === 0 ? r.stdout.toString().trim() : null;
}

/** Branch summaries are cut to this many characters (git marks the cut with ".."). */
export const SUMMARY_MAX = 1024;

/**
 * Every branch with its head commit's time and summary line. The summary is cut by git itself, so a commit with a
 * 32 MiB first line costs git a read, not the host a 32 MiB string per branch (for-each-ref cannot cut it).
 * `expected`: head ids the caller expects to find (a push's new heads), whose summaries are read beside the listing.
 */
export async function listBranchHeads(gitDir: string, only?: string[], expected: string[] = []): Promise<BranchHead[]> {
  const patterns = only ? only.map((n) => `refs/heads/${n}`) : ['refs/heads/'];
  if (only && only.length === 0) return [];
  const fmt = '%(refname:strip=2)%00%(objectname)%00%(committerdate:iso-strict)';
  // the summaries of the heads the caller expects are read beside the listing (a push knows its new heads)
  const early = commitSummaries(gitDir, [...new Set(expected)]);
  early.catch(() => undefined);
  const out = await git(['for-each-ref', `--format=${fmt}`, '--end-of-options', ...patterns], { gitDir });
  const heads = out.split('\n').filter(Boolean).map((line) => {
    const [name = '', sha = '', commitTime = ''] = line.split('\0');
    return { name, sha, commitTime, summary: '' };
  });
  const summaries = await early;
  const rest = [...new Set(heads.map((h) => h.sha))].filter((sha) => !summaries.has(sha));
  for (const [sha, summary] of await commitSummaries(gitDir, rest)) summaries.set(sha, summary);
  for (const h of heads) h.summary = summaries.get(h.sha) ?? '';
  return heads;
}

/** The subject line of each commit id, at most SUMMARY_MAX characters, from one `git log --no-walk`. */
export async function commitSummaries(gitDir: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const hex = ids.filter((id) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id));
  if (!hex.length) return out;
  const r = await runGit(['log', '--no-walk=unsorted', '--stdin', `--format=%H%x00%<(${SUMMARY_MAX},trunc)%s%x00`], { gitDir, input: `${hex.join('\n')}\n` });
  for (const rec of r.stdout.toString('utf8').split('\0\n')) {
    const [id = '', summary = ''] = rec.split('\0');
    if (id) out.set(id.trim(), summary.trimEnd());
  }
  return out;
}

/** How many commits `range` (e.g. `old..new`, or `new` alone) holds. */
export async function countCommits(gitDir: string, range: string[]): Promise<number> {
  return Number.parseInt((await git(['rev-list', '--count', '--end-of-options', ...range, '--'], { gitDir })).trim(), 10) || 0;
}

// The message is left empty here and read through commitMessages, which caps it.
const LOG_FORMAT = '%x1e%H%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%x00';

function parseLogEntry(chunk: string): CommitDetails | null {
  const parts = chunk.split('\0');
  if (parts.length < 8) return null;
  const [sha = '', authorName = '', authorEmail = '', authorTime = '', committerName = '', committerEmail = '', committerTime = '', message = ''] = parts;
  const c: CommitDetails = {
    sha, message, authorName, authorEmail, authorTime, committerName, committerEmail, committerTime, added: [], removed: [], modified: [],
  };
  const files = parts.slice(8).map((p) => p.replace(/^\n/, '')).filter((p) => p !== '');
  for (let i = 0; i + 1 < files.length; i += 2) {
    const status = files[i] ?? '';
    const file = files[i + 1] ?? '';
    if (status.startsWith('A')) c.added.push(file);
    else if (status.startsWith('D')) c.removed.push(file);
    else c.modified.push(file);
  }
  return c;
}

/** The newest `limit` commits of `range`, newest first, each with the files it added, removed and modified. */
export async function logCommits(gitDir: string, range: string[], limit: number): Promise<CommitDetails[]> {
  const out = await git([
    'log', `--max-count=${limit}`, `--format=${LOG_FORMAT}`, '-z', '--name-status', '--no-renames', '--diff-merges=first-parent', '--end-of-options', ...range, '--',
  ], { gitDir });
  const commits = out.split('\x1e').slice(1).map(parseLogEntry).filter((c): c is CommitDetails => c !== null);
  const messages = await commitMessages(gitDir, commits.map((c) => c.sha));
  for (const c of commits) c.message = messages.get(c.sha) ?? '';
  return commits;
}

/**
 * Push payloads carry commit messages up to this many characters (git marks the cut with ".."); git's `trunc`
 * ignores widths much above this, which would let the whole message through.
 */
export const MESSAGE_MAX = 16384;

/**
 * The full message of each commit, except that a commit object larger than MESSAGE_MAX bytes has its message
 * cut by git: a 32 MiB message costs git a read, not the host 32 MiB of strings per commit.
 */
export async function commitMessages(gitDir: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const hex = [...new Set(ids.filter((id) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id)))];
  if (!hex.length) return out;
  const sizes = await runGit(['cat-file', '--batch-check=%(objectname) %(objectsize)'], { gitDir, input: `${hex.join('\n')}\n` });
  const large = new Set<string>();
  for (const line of sizes.stdout.toString('latin1').split('\n')) {
    const [id = '', size = '0'] = line.split(' ');
    if (Number(size) > MESSAGE_MAX) large.add(id);
  }
  const read = async (list: string[], format: string, cut: boolean): Promise<void> => {
    if (!list.length) return;
    const r = await runGit(['log', '--no-walk=unsorted', '--stdin', `--format=%x1e%H%x00${format}`], { gitDir, input: `${list.join('\n')}\n` });
    for (const rec of r.stdout.toString('utf8').split('\x1e').slice(1)) {
      const nul = rec.indexOf('\0');
      const body = rec.slice(nul + 1).replace(/\n$/, '');
      out.set(rec.slice(0, nul), cut ? `${body.trimEnd()}\n` : body);
    }
  };
  await read(hex.filter((id) => !large.has(id)), '%B', false);
  // git pads a cut field to its width; the padding is trimmed (only large messages take this path)
  await read([...large], `%<(${MESSAGE_MAX},trunc)%B`, true);
  return out;
}

/** The commit a ref or tag object finally points at. */
export async function peelToCommit(gitDir: string, sha: string): Promise<string | null> {
  const r = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${sha}^{commit}`], { gitDir });
  return r.code === 0 ? r.stdout.toString().trim() : null;
}

/** Points HEAD at a branch (the repository's default branch). */
export async function setHead(gitDir: string, branch: string): Promise<void> {
  await git(['symbolic-ref', '--end-of-options', 'HEAD', `refs/heads/${branch}`], { gitDir });
}

/** The repository's size on disk in KiB (loose plus packed objects). */
export async function sizeKiB(gitDir: string): Promise<number> {
  const out = await git(['count-objects', '-v'], { gitDir });
  const num = (key: string): number => Number.parseInt(new RegExp(`^${key}: (\\d+)$`, 'm').exec(out)?.[1] ?? '0', 10);
  return num('size') + num('size-pack');
}

/** True when `ref` is a full refs/heads/ or refs/tags/ name that git's rules and refNameProblem accept (in-process). */
export async function isValidRefName(ref: string): Promise<boolean> {
  return isValidBranchOrTagRef(ref);
}

/** The newest `limit` commits of `range` (`[new]` or `[new, ^old]`), oldest first. */
export async function commitIdsOf(gitDir: string, range: string[], limit: number): Promise<string[]> {
  const out = await git(['rev-list', `--max-count=${limit}`, '--reverse', '--end-of-options', ...range, '--'], { gitDir });
  return out.split('\n').filter(Boolean);
}
