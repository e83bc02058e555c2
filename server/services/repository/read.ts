/**
 * Reading a repository's git data for the API: resolving refs, commits, commit lists with a path filter and
 * paging, changed files and stats. Objects come from the repository's shared cat-file reader; results are
 * cached by immutable ids (see repo-cache.ts), refs until the next push or write.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { NotFoundError, ConflictError } from '../../lib/errors.ts';
import { parseCommit, parseTag, hexLength, formatOfId, type Commit } from '../../git/objects.ts';
import { countCommits, listCommitIds, changedFiles, lastCommitOf, type ChangedFile, type RefEntry } from '../../git/read.ts';
import { cached, gitDirFor, limitGit, readerFor, refsOf } from './cache.ts';
import { readForDisplay, SHARED_READ_MAX } from './capped.ts';

export type RefKind = 'branch' | 'tag' | 'commit';

export interface ResolvedRef {
  /** What the client asked for (the default branch's name when it asked for nothing). */
  input: string;
  kind: RefKind;
  /** Branch or tag name; the commit id for kind commit. */
  name: string;
  commit: Commit;
}

/** Gitea's git.ErrNotExist text. */
/** Words for an object id or name that names nothing in the repository. */
export const notExist = (id: string, what = 'object'): string => `The ${what} ${id} does not exist in this repository.`;

/** Words for a path that is not in the tree of a ref (`branch main`, `tag v1`, `commit 1a2b…`). */
export const fileNotExist = (path: string, at?: { kind: string; name: string }): string =>
  `The file ${path} does not exist${at ? ` on ${at.kind} ${at.name}` : ''}.`;

/** Gitea's answer for reads of a repository without commits. */
export const EMPTY_REPO = 'Git Repository is empty.';

/**
 * Reads one commit by id (full or abbreviated hex); null when there is no such commit. A commit object over
 * 1 MiB is read only in part, so its message is cut (lists and caches never hold a 32 MiB message); a single
 * commit's full message comes from withFullMessage.
 */
export function getCommit(app: AppContext, repo: RepoRecord, id: string): Promise<Commit | null> {
  return cached(app, repo, `commit:${id}`, async () => {
    const obj = await readForDisplay(app, repo, id, 'commit');
    return obj ? parseCommit(obj.id, obj.data) : null;
  });
}

/** The commit with its whole message (re-read, not cached, when getCommit had to cut it). */
export async function withFullMessage(app: AppContext, repo: RepoRecord, commit: Commit): Promise<Commit> {
  const info = await readerFor(app, repo).info(commit.id);
  if (!info || info.size <= SHARED_READ_MAX) return commit;
  const obj = await readerFor(app, repo).read(commit.id);
  return obj ? parseCommit(obj.id, obj.data) : commit;
}

/** Follows tag objects from `id` down to a commit; null when it does not end at one. */
export async function peelToCommit(app: AppContext, repo: RepoRecord, id: string): Promise<Commit | null> {
  let cur = id;
  for (let depth = 0; depth < 10; depth++) {
    // info first: an id naming a (possibly huge) blob or tree is never read into memory
    const info = await readerFor(app, repo).info(cur);
    if (info?.type === 'commit') return getCommit(app, repo, info.id);
    if (info?.type !== 'tag') return null;
    const obj = await readForDisplay(app, repo, info.id, 'tag');
    if (!obj) return null;
    cur = parseTag(obj.id, obj.data).object;
  }
  return null;
}

/** True when the repository has no branch and no tag. */
export async function isEmptyRepo(app: AppContext, repo: RepoRecord): Promise<boolean> {
  return (await refsOf(app, repo)).size === 0;
}

/** The branch or tag ref of that exact name, if it exists. */
export async function findRef(app: AppContext, repo: RepoRecord, full: string): Promise<RefEntry | undefined> {
  return (await refsOf(app, repo)).byName.get(full);
}

/**
 * Checks a hex id against the repository's object format: a full-length id of the other format is refused
 * with a clear message (where only an id is given, its length decides the format).
 */
export function checkIdFormat(repo: RepoRecord, id: string): void {
  const fmt = formatOfId(id);
  if (fmt && fmt !== repo.object_format) {
    throw new NotFoundError(`object id ${id} is a ${fmt} id but the repository uses ${repo.object_format} (${hexLength(repo.object_format)} hex characters)`);
  }
}

/**
 * Resolves a branch, tag, `refs/heads/…`, `refs/tags/…` or commit id (7+ hex characters) to a commit, as
 * Gitea's ResolveRefCommit does; an empty ref means the default branch. 404 when nothing matches.
 */
export async function resolveRef(app: AppContext, repo: RepoRecord, input: string | undefined): Promise<ResolvedRef> {
  const ref = input?.trim() || repo.default_branch;
  const snap = await refsOf(app, repo);
  const candidates: [RefKind, string, string][] = ref.startsWith('refs/heads/') ? [['branch', ref, ref.slice(11)]]
    : ref.startsWith('refs/tags/') ? [['tag', ref, ref.slice(10)]]
      : [['branch', `refs/heads/${ref}`, ref], ['tag', `refs/tags/${ref}`, ref]];
  for (const [kind, full, name] of candidates) {
    const entry = snap.byName.get(full);
    if (!entry) continue;
    const commit = await peelToCommit(app, repo, entry.id);
    if (commit) return { input: ref, kind, name, commit };
  }
  if (/^[0-9a-f]{7,64}$/i.test(ref)) {
    checkIdFormat(repo, ref);
    const commit = ref.length <= hexLength(repo.object_format) ? await peelToCommit(app, repo, ref.toLowerCase()) : null;
    if (commit) return { input: ref, kind: 'commit', name: commit.id, commit };
  }
  throw new NotFoundError(notExist(ref, 'branch, tag or commit'));
}

export interface CommitPage {
  commits: Commit[];
  total: number;
}

/** One page of the history of `from` (touching `path` when given), newest first, with the total count. */
export async function listCommits(app: AppContext, repo: RepoRecord, from: Commit, page: number, limit: number, path?: string): Promise<CommitPage> {
  const gitDir = gitDirFor(app, repo);
  const p = path ?? '';
  const total = await cached(app, repo, `count:${from.id}:${p}`, () => limitGit(app, () => countCommits(gitDir, from.id, p || undefined)));
  if (p && total === 0) throw new NotFoundError(`No commit touches ${p}.`);
  const ids = await cached(app, repo, `page:${from.id}:${p}:${page}:${limit}`, () => limitGit(app, () => listCommitIds(gitDir, from.id, (page - 1) * limit, limit, p || undefined)));
  const commits = await Promise.all(ids.map((id) => getCommit(app, repo, id)));
  return { commits: commits.filter((c): c is Commit => !!c), total };
}

/** Files the commit changed against its first parent, with line counts. */
export function commitChanges(app: AppContext, repo: RepoRecord, commit: Commit): Promise<ChangedFile[]> {
  return cached(app, repo, `changes:${commit.id}`, () => limitGit(app, () => changedFiles(gitDirFor(app, repo), commit.id, commit.parents[0] ?? null)));
}

/** The newest commit at or before `from` that touched `path` ("" = the whole tree). */
export async function lastCommitOfPath(app: AppContext, repo: RepoRecord, from: Commit, path: string): Promise<Commit> {
  if (!path) return from;
  const id = await cached(app, repo, `last:${from.id}:${path}`, () => limitGit(app, () => lastCommitOf(gitDirFor(app, repo), from.id, path)));
  return (id && (await getCommit(app, repo, id))) || from;
}

/** Refuses history reads of a repository without commits with Gitea's 409. */
export async function requireNotEmpty(app: AppContext, repo: RepoRecord): Promise<void> {
  if (await isEmptyRepo(app, repo)) throw new ConflictError(EMPTY_REPO);
}

/** Every branch and tag ref (GET /git/refs), by name, with the type of the object each points at; 404 when none. */
export async function listGitRefs(app: AppContext, repo: RepoRecord, prefix = ''): Promise<RefEntry[]> {
  const want = prefix ? `refs/${prefix.replace(/^refs\//, '')}` : 'refs/';
  const refs = (await refsOf(app, repo)).refs.filter((r) => r.name.startsWith(want));
  if (!refs.length) throw new NotFoundError();
  return [...refs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
