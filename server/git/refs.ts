/** Reading refs and the commit details a push needs (for-each-ref, rev-list, log), and setting HEAD. */
import { git, runGit } from './process.ts';

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

/** Every branch with its head commit's time and summary line. */
export async function listBranchHeads(gitDir: string, only?: string[]): Promise<BranchHead[]> {
  const patterns = only ? only.map((n) => `refs/heads/${n}`) : ['refs/heads/'];
  if (only && only.length === 0) return [];
  const fmt = '%(refname:strip=2)%00%(objectname)%00%(committerdate:iso-strict)%00%(contents:subject)';
  const out = await git(['for-each-ref', `--format=${fmt}`, ...patterns], { gitDir });
  return out.split('\n').filter(Boolean).map((line) => {
    const [name = '', sha = '', commitTime = '', summary = ''] = line.split('\0');
    return { name, sha, commitTime, summary };
  });
}

/** How many commits `range` (e.g. `old..new`, or `new` alone) holds. */
export async function countCommits(gitDir: string, range: string[]): Promise<number> {
  return Number.parseInt((await git(['rev-list', '--count', ...range, '--'], { gitDir })).trim(), 10) || 0;
}

const LOG_FORMAT = '%x1e%H%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B%x00';

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
    'log', `--max-count=${limit}`, `--format=${LOG_FORMAT}`, '-z', '--name-status', '--no-renames', '--diff-merges=first-parent', ...range, '--',
  ], { gitDir });
  return out.split('\x1e').slice(1).map(parseLogEntry).filter((c): c is CommitDetails => c !== null);
}

/** The commit a ref or tag object finally points at. */
export async function peelToCommit(gitDir: string, sha: string): Promise<string | null> {
  const r = await runGit(['rev-parse', '--verify', '--quiet', `${sha}^{commit}`], { gitDir });
  return r.code === 0 ? r.stdout.toString().trim() : null;
}

/** Points HEAD at a branch (the repository's default branch). */
export async function setHead(gitDir: string, branch: string): Promise<void> {
  await git(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { gitDir });
}

/** The repository's size on disk in KiB (loose plus packed objects). */
export async function sizeKiB(gitDir: string): Promise<number> {
  const out = await git(['count-objects', '-v'], { gitDir });
  const num = (key: string): number => Number.parseInt(new RegExp(`^${key}: (\\d+)$`, 'm').exec(out)?.[1] ?? '0', 10);
  return num('size') + num('size-pack');
}

/** True when git accepts `ref` as a full ref name. */
export async function isValidRefName(ref: string): Promise<boolean> {
  return (await runGit(['check-ref-format', ref])).code === 0;
}
