/**
 * Writing files through the API (Gitea's ChangeRepoFiles): create, update, upload, rename and delete files in one
 * commit built without a working tree, on a branch or a new branch, then moved in through moveRefs like a push
 * (pre-receive rules, update-ref with the old value, push processing and events). Writes to one branch run one at a
 * time; if a `git push` moved the branch meanwhile, the write is checked again against the new head and retried.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { zeroId, type Commit } from '../../git/objects.ts';
import { isValidRefFormat } from '../../git/ref-name.ts';
import { entryAtPath } from '../../git/read.ts';
import { gitDirFor, readerFor, refsOf } from './cache.ts';
import { withBranchLock } from './locks.ts';
import { isEmptyRepo, peelToCommit, type ResolvedRef } from './read.ts';
import { headOf, moveRefs, RefMovedError } from './ref-write.ts';
import { knownPushCommit } from './push-events.ts';
import type { ContentEntry } from './contents.ts';
import { treePathOf } from './files-check.ts';
import { ATTEMPTS, buildOn, pushDetails, SMALL_WRITE, storeBlobs, type ChangeFilesInput, type Planned } from './files-build.ts';
import { queueBranchWrite } from './files-batch.ts';

export type { ChangeFilesInput, FileChange } from './files-build.ts';

export interface ChangeFilesResult {
  commit: Commit;
  ref: ResolvedRef;
  /** One entry per file, in request order; null for a deleted file. */
  files: (ContentEntry | null)[];
}

const HEADS = 'refs/heads/';

/** Gitea's 404 for a base branch that does not exist. */
const branchMissing = (repo: RepoRecord, name: string) => new NotFoundError(`The branch ${name} does not exist in this repository.`);

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
  // a binary search of the sorted refs: a repository with thousands of branches paid a scan per write
  const nested = snap.nestedRefName(HEADS, newBranch);
  if (nested) throw new ValidationError(`branch already exists [name: ${nested}]`);
  const head = oldRef ? await peelToCommit(app, repo, oldRef.id) : null;
  if (oldRef && !head) throw branchMissing(repo, oldBranch);
  const { commit, changes, written } = await buildOn(app, repo, doer, o, files, head);
  const gitDir = gitDirFor(app, repo);
  const zero = zeroId(repo.object_format);
  const update = { ref: HEADS + newBranch, oldSha: newBranch === oldBranch ? (oldRef?.id ?? zero) : (target?.id ?? zero), newSha: commit.id };
  if (head && update.oldSha === head.id) knownPushCommit(app, repo, head.id, await pushDetails(app, repo, head, commit, changes));
  // A small write changes the repository's size by less than its rounding: the size is refreshed by the next push
  // or larger write instead of a `count-objects` per request.
  await moveRefs(app, repo, doer, gitDir, [update], {
    baseUrl, heads: [headOf(newBranch, commit)], changes: [{ ref: update.ref, id: commit.id, type: 'commit', time: commit.committer.unix }],
    sameSize: written < SMALL_WRITE, wasEmpty: empty,
  });
  return commit;
}

/** One write under its branch lock, checked again and retried when a push moves the branch meanwhile. */
async function writeAlone(app: AppContext, repo: RepoRecord, doer: UserRecord, o: ChangeFilesInput, files: Planned[], baseUrl: string): Promise<Commit> {
  for (let i = 1; ; i++) {
    try {
      return await attempt(app, repo, doer, o, files, baseUrl);
    } catch (err) {
      if (!(err instanceof RefMovedError)) throw err;
      if (i >= ATTEMPTS) throw new ConflictError(`branch ${o.newBranch || o.branch || repo.default_branch} kept changing while the files were written; try again`);
    }
  }
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
  // an archived repository refuses the write at the ref move: nothing is stored for it beforehand
  if (!repo.is_archived) await storeBlobs(app, repo, files);
  // Writes that only move their own branch forward are grouped with the others waiting on it (files-batch.ts).
  const sameBranch = !o.newBranch || o.newBranch === (o.branch || repo.default_branch);
  const commit = sameBranch
    ? await queueBranchWrite(app, repo, doer, o, files, baseUrl, newBranch, () => writeAlone(app, repo, doer, o, files, baseUrl))
    : await withBranchLock(app, repo.id, newBranch, () => writeAlone(app, repo, doer, o, files, baseUrl));
  const ref: ResolvedRef = { input: newBranch, kind: 'branch', name: newBranch, commit };
  return { commit, ref, files: await Promise.all(files.map((f) => describeWritten(app, repo, commit, f))) };
}
