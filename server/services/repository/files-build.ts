/**
 * Building one file write's commit on a given head (checks, tree changes, commit, push details), shared by a
 * single write and a group of writes to one branch (files-batch.ts).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { zeroId, type Commit, type TreeEntry } from '../../git/objects.ts';
import { writeCommit, type TreeChange } from '../../git/commit-write.ts';
import { writeLooseObject } from '../../git/loose-object.ts';
import type { PackBuilder } from '../../git/pack-write.ts';
import { entryAtPath } from '../../git/read.ts';
import { gitDirFor, readerFor, rememberWritten } from './cache.ts';
import { getCommit } from './read.ts';
import type { CommitDetails } from '../../git/refs.ts';
import { checkFile, commitMessage, commitPeople, defaultMessage, type FileOperation, type IdentityInput } from './files-check.ts';

/** A write is checked again and retried this many times when a push moves the branch under it. */
export const ATTEMPTS = 3;
/** Writes below this many bytes leave the recorded repository size as it was. */
export const SMALL_WRITE = 64 * 1024;

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

export interface Planned extends FileChange {
  treePath: string;
  from: string;
  /** The blob of `content`, when it was stored before the write queued (storeBlobs). */
  blobId?: string;
}

/** Blobs from this size are stored before the write queues (storeBlobs); smaller ones with the commit. */
const EARLY_BLOB = 64 * 1024;

/**
 * Stores the large blobs of the files' new contents, before the write waits for its branch: a blob depends on
 * nothing the branch holds, so writing it while another write to the branch runs keeps that work out of the part
 * that runs one at a time. A small blob costs little there, and when writes are grouped it goes into the group's
 * pack instead of a file of its own. A write refused later leaves its blob unreferenced (pruned by gc, as a
 * rejected push's).
 */
export async function storeBlobs(app: AppContext, repo: RepoRecord, files: Planned[]): Promise<void> {
  for (const f of files) {
    // a rename without content keeps the old blob (treeChanges)
    if (!f.content || f.content.length < EARLY_BLOB || f.operation === 'delete' || (f.operation === 'rename' && f.content.length === 0)) continue;
    const body = f.content;
    f.blobId = await writeLooseObject(gitDirFor(app, repo), repo.object_format, 'blob', body);
    rememberWritten(app, repo, f.blobId, 'blob', body);
  }
}

/** A commit built on a head, not yet on any ref. */
export interface Built {
  commit: Commit;
  changes: TreeChange[];
  /** Bytes of new content written. */
  written: number;
}

/** The tree changes of the planned files, with the entries they replace (checked against the head first). */
export async function treeChanges(app: AppContext, repo: RepoRecord, head: Commit | null, files: Planned[]): Promise<TreeChange[]> {
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
    const stored = keep ?? f.blobId;
    changes.push({ path: f.treePath, content: keep ? null : (f.content ?? Buffer.alloc(0)), mode, ...(stored ? { blobId: stored } : {}) });
  }
  return changes;
}

/**
 * Checks the files against `head` and writes their commit on it (no ref moves). With `pack`, the new objects go
 * into it, readable from the object cache only until the caller writes the pack (see objectsStored).
 */
export async function buildOn(app: AppContext, repo: RepoRecord, doer: UserRecord, o: ChangeFilesInput, files: Planned[], head: Commit | null, pack?: PackBuilder): Promise<Built> {
  const changes = await treeChanges(app, repo, head, files);
  const people = commitPeople(doer, o);
  const message = commitMessage(o.message?.trim() || defaultMessage(files), !!o.signoff, people.committer);
  // the objects written are kept in the object cache: the answer, the push event and the workflow lookup read them
  const built = await writeCommit(gitDirFor(app, repo), zeroId(repo.object_format), { parent: head?.id ?? null, changes, ...people, message }, readerFor(app, repo),
    (id, type, body) => rememberWritten(app, repo, id, type, body, !!pack), pack);
  const commit = await getCommit(app, repo, built.id);
  if (!commit) throw new Error(`commit ${built.id} was written but cannot be read`);
  return { commit, changes, written: changes.reduce((n, c) => n + (c.content?.length ?? 0), 0) };
}

/** What `git log --name-status` says of the commit: its files added, removed and modified against the head. */
export async function pushDetails(app: AppContext, repo: RepoRecord, head: Commit, commit: Commit, changes: TreeChange[]): Promise<CommitDetails> {
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

