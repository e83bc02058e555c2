/**
 * Writing files through the API (Gitea's ChangeRepoFiles): create, update, upload, rename and delete files in one
 * commit built without a working tree, on a branch or a new branch, then moved in through moveRefs like a push
 * (pre-receive rules, update-ref with the old value, push processing and events). Writes to one branch run one at a
 * time; if a `git push` moved the branch meanwhile, the write is checked again against the new head and retried.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { zeroId, type Commit, type TreeEntry } from '../../git/objects.ts';
import { writeCommit, type TreeChange } from '../../git/commit-write.ts';
import { isValidRefFormat } from '../../git/ref-name.ts';
import { entryAtPath } from '../../git/read.ts';
import { gitDirFor, readerFor, refsOf } from './cache.ts';
import { withBranchLock } from './locks.ts';
import { getCommit, isEmptyRepo, peelToCommit, type ResolvedRef } from './read.ts';
import { headOf, moveRefs, RefMovedError } from './ref-write.ts';
import { knownPushCommit } from './push-events.ts';
import type { CommitDetails } from '../../git/refs.ts';
import type { ContentEntry } from './contents.ts';
import {
  checkFile, commitMessage, nestedBranch, commitPeople, defaultMessage, treePathOf, type FileOperation, type IdentityInput,
} from './files-check.ts';

export interface FileChange {
  operation: FileOperation;
  /** The path as the client gave it. */
  path: string;
  fromPath?: string | null | undefined;
  /** Decoded bytes (none for a delete, or a rename that keeps the content). */
  content?: Buffer | undefined;
  sha?: string | null | undefined;
}

export interface ChangeFilesInput {
  branch?: string | null | undefined;
  newBranch?: string | null | undefined;
  message?: string | null | undefined;
  author?: IdentityInput | null | undefined;
  committer?: IdentityInput | null | undefined;
  dates?: { author?: string | null; committer?: string | null } | null | undefined;
  signoff?: boolean | null | undefined;
  forcePush?: boolean | null | undefined;
  files: FileChange[];
}

export interface ChangeFilesResult {
  commit: Commit;
  ref: ResolvedRef;
  /** One entry per file, in request order; null for a deleted file. */
  files: (ContentEntry | null)[];
}

const HEADS = 'refs/heads/';
/** A write is checked again and retried this many times when a push moves the branch under it. */
const ATTEMPTS = 3;
/** Writes below this many bytes leave the recorded repository size as it was. */
const SMALL_WRITE = 64 * 1024;

interface Planned extends FileChange {
  treePath: string;
  from: string;
}

/** Gitea's 404 for a base branch that does not exist. */
const branchMissing = (repo: RepoRecord, name: string) => new NotFoundError(`The branch ${name} does not exist in this repository.`);

/** The tree changes of the planned files, with the entries they replace (checked against the head first). */
async function treeChanges(app: AppContext, repo: RepoRecord, head: Commit | null, files: Planned[]): Promise<TreeChange[]> {
  const changes: TreeChange[] = [];
  for (const f of files) {
    const from: TreeEntry | null = head
      ? await checkFile(readerFor(app, repo), repo.object_format, head.tree, { operation: f.operation, path: f.treePath, fromPath: f.from, sha: f.sha })
      : null;
    if (f.operation === 'delete') {
      changes.push({ path: f.from, content: null });
      continue;
    }
    if (from && f.from !== f.treePath) changes.push({ path: f.from, content: null });
    const mode = from?.mode === '100755' ? '100755' : '100644';
    const keep = f.operation === 'rename' && !f.content?.length && from ? from.id : undefined;
    changes.push({ path: f.treePath, content: keep ? null : (f.content ?? Buffer.alloc(0)), mode, ...(keep ? { blobId: keep } : {}) });
  }
  return changes;
}

/** One attempt: read the head, check, build the commit, move the ref. */
async function attempt(app: AppContext, repo: RepoRecord, doer: UserRecord, o: ChangeFilesInput, files: Planned[], baseUrl: string): Promise<Commit> {
  const oldBranch = o.branch || repo.default_branch;
  const newBranch = o.newBranch || oldBranch;
  const snap = await refsOf(app, repo);
  const empty = await isEmptyRepo(app, repo);
  const oldRef = snap.byName.get(HEADS + oldBranch);
  if (!oldRef && !empty) throw branchMissing(repo, oldBranch);
  if (empty && files.some((f) => f.operation === 'delete')) throw branchMissing(repo, oldBranch);
  const target = snap.byName.get(HEADS + newBranch);
  if (newBranch !== oldBranch && target && !o.forcePush) throw new ValidationError(`branch already exists [name: ${newBranch}]`);
  const branchNames = snap.refs.filter((r) => r.name.startsWith(HEADS)).map((r) => r.name.slice(HEADS.length));
  const nested = nestedBranch(branchNames, newBranch);
  if (nested) throw new ValidationError(`branch already exists [name: ${nested}]`);
  const head = oldRef ? await peelToCommit(app, repo, oldRef.id) : null;
  if (oldRef && !head) throw branchMissing(repo, oldBranch);
  const changes = await treeChanges(app, repo, head, files);
  const people = commitPeople(doer, o);
  const message = commitMessage(o.message?.trim() || defaultMessage(files), !!o.signoff, people.committer);
  const gitDir = gitDirFor(app, repo);
  const zero = zeroId(repo.object_format);
  const built = await writeCommit(gitDir, zero, { parent: head?.id ?? null, changes, ...people, message }, readerFor(app, repo));
  const commit = await getCommit(app, repo, built.id);
  if (!commit) throw new Error(`commit ${built.id} was written but cannot be read`);
  const update = { ref: HEADS + newBranch, oldSha: newBranch === oldBranch ? (oldRef?.id ?? zero) : (target?.id ?? zero), newSha: commit.id };
  if (head && update.oldSha === head.id) knownPushCommit(app, repo, head.id, await pushDetails(app, repo, head, commit, changes));
  // A small write changes the repository's size by less than its rounding: the size is refreshed by the next push
  // or larger write instead of a `count-objects` per request.
  const written = changes.reduce((n, c) => n + (c.content?.length ?? 0), 0);
  await moveRefs(app, repo, doer, gitDir, [update], {
    baseUrl, heads: [headOf(newBranch, commit)], changes: [{ ref: update.ref, id: commit.id, type: 'commit', time: commit.committer.unix }],
    sameSize: written < SMALL_WRITE, wasEmpty: empty,
  });
  return commit;
}

/** What `git log --name-status` says of the commit: its files added, removed and modified against the head. */
async function pushDetails(app: AppContext, repo: RepoRecord, head: Commit, commit: Commit, changes: TreeChange[]): Promise<CommitDetails> {
  const added: string[] = [];
  const removed: string[] = [];
  const modified: string[] = [];
  for (const c of changes) {
    const existed = !!(await entryAtPath(readerFor(app, repo), repo.object_format, head.tree, c.path));
    const writes = c.content !== null || !!c.blobId;
    if (!writes) {
      if (existed && !changes.some((o) => o !== c && o.path === c.path)) removed.push(c.path);
    } else (existed ? modified : added).push(c.path);
  }
  const iso = (w: string): string => w.replace(/Z$/, '+00:00');
  return {
    sha: commit.id, message: commit.message, authorName: commit.author.name, authorEmail: commit.author.email, authorTime: iso(commit.author.when),
    committerName: commit.committer.name, committerEmail: commit.committer.email, committerTime: iso(commit.committer.when),
    added: added.sort(), removed: removed.sort(), modified: modified.sort(),
  };
}

/** The answer's entry of a written file at the new commit (the commit is its last commit). */
async function describeWritten(app: AppContext, repo: RepoRecord, commit: Commit, f: Planned): Promise<ContentEntry | null> {
  if (f.operation === 'delete') return null;
  const found = await entryAtPath(readerFor(app, repo), repo.object_format, commit.tree, f.treePath);
  if (!found || found.entry.type !== 'blob') return null;
  const reader = readerFor(app, repo);
  const size = (await reader.info(found.entry.id))?.size ?? 0;
  const small = size <= app.settings.int('api.DEFAULT_MAX_BLOB_SIZE');
  const data = small ? (await reader.read(found.entry.id))?.data ?? null : null;
  const name = f.treePath.split('/').pop() ?? f.treePath;
  return {
    name, path: f.treePath, sha: found.entry.id, type: found.entry.mode === '120000' ? 'symlink' : 'file', size,
    content: data ? data.toString('base64') : null, target: null, submoduleUrl: null, lastCommit: commit,
  };
}

/**
 * Changes files in one commit, as Gitea's ChangeRepoFiles: 404 for a missing base branch or file, 422 for a stale
 * sha, an existing file or new branch, a bad path; the first commit of an empty repository creates the branch.
 */
export async function changeFiles(app: AppContext, repo: RepoRecord, doer: UserRecord, o: ChangeFilesInput, baseUrl: string): Promise<ChangeFilesResult> {
  if (repo.is_mirror) throw new ForbiddenError('Git Repository is a mirror.');
  const newBranch = o.newBranch || o.branch || repo.default_branch;
  if (!isValidRefFormat(HEADS + newBranch)) throw new ValidationError(`invalid branch name [name: ${newBranch}]`);
  const files: Planned[] = o.files.map((f) => {
    const treePath = treePathOf(f.path);
    return { ...f, treePath, from: f.fromPath ? treePathOf(f.fromPath) : treePath };
  });
  const targets = files.filter((f) => f.operation !== 'delete').map((f) => f.treePath);
  const twice = targets.find((t, i) => targets.indexOf(t) !== i);
  if (twice) throw new ValidationError(`repository file already exists [path: ${twice}]`);
  const commit = await withBranchLock(app, repo.id, newBranch, async () => {
    for (let i = 1; ; i++) {
      try {
        return await attempt(app, repo, doer, o, files, baseUrl);
      } catch (err) {
        if (!(err instanceof RefMovedError)) throw err;
        if (i >= ATTEMPTS) throw new ConflictError(`branch ${newBranch} kept changing while the files were written; try again`);
      }
    }
  });
  const ref: ResolvedRef = { input: newBranch, kind: 'branch', name: newBranch, commit };
  return { commit, ref, files: await Promise.all(files.map((f) => describeWritten(app, repo, commit, f))) };
}
