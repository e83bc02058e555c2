/**
 * Branches through the API: list (newest commit first, as Gitea orders its branch table), get, create from a
 * branch/tag/commit, delete. Writes go through moveRefs (pre-receive rules, `git update-ref` with the expected old
 * value, then processRefUpdates so branch records and create/delete events follow, as for a push).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { zeroId, type Commit } from '../../git/objects.ts';
import { isValidRefName } from '../../git/ref-update.ts';
import { headOf, moveRefs, RefMovedError } from './ref-write.ts';
import { gitDirFor, refsOf } from './cache.ts';
import { EMPTY_REPO, getCommit, isEmptyRepo, peelToCommit, resolveRef } from './read.ts';
import type { CreateBranchRepoOption } from '../../structs/branch.ts';

export interface BranchInfo {
  name: string;
  commit: Commit;
  /** Names of the users whose emails authored and committed the head commit ("" when unknown). */
  usernames: { author: string; committer: string };
}

async function branchInfo(app: AppContext, name: string, commit: Commit): Promise<BranchInfo> {
  const [a, c] = await Promise.all([userStore.getByEmail(app.store, commit.author.email), userStore.getByEmail(app.store, commit.committer.email)]);
  return { name, commit, usernames: { author: a?.name ?? '', committer: c?.name ?? '' } };
}

const HEADS = 'refs/heads/';

/** Every branch with its head commit, newest commit first, then by name. */
export async function listBranches(app: AppContext, repo: RepoRecord): Promise<BranchInfo[]> {
  const snap = await refsOf(app, repo);
  const out: BranchInfo[] = [];
  for (const r of snap.refs) {
    if (!r.name.startsWith(HEADS)) continue;
    const commit = await getCommit(app, repo, r.id);
    if (commit) out.push(await branchInfo(app, r.name.slice(HEADS.length), commit));
  }
  return out.sort((a, b) => b.commit.committer.unix - a.commit.committer.unix || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** One branch; 404 when it does not exist. */
export async function getBranch(app: AppContext, repo: RepoRecord, name: string): Promise<BranchInfo> {
  const ref = (await refsOf(app, repo)).byName.get(HEADS + name);
  const commit = ref ? await getCommit(app, repo, ref.id) : null;
  if (!commit) throw new NotFoundError(`The branch ${name} does not exist.`);
  return branchInfo(app, name, commit);
}

function refuseMirrorOrEmpty(repo: RepoRecord, empty: boolean): void {
  if (empty) throw new NotFoundError(EMPTY_REPO);
  if (repo.is_mirror) throw new ForbiddenError('Git Repository is a mirror.');
}

/** Gitea's CreateBranchRepoOption, parsed. */
export type CreateBranchInput = CreateBranchRepoOption;

async function startCommit(app: AppContext, repo: RepoRecord, opt: CreateBranchInput): Promise<Commit> {
  if (opt.old_ref_name) return (await resolveRef(app, repo, opt.old_ref_name)).commit;
  const from = opt.old_branch_name || repo.default_branch;
  const ref = (await refsOf(app, repo)).byName.get(HEADS + from);
  // a branch names a commit: read it (cached by id) without asking the reader what the id is first
  const commit = ref ? await (ref.type === 'commit' ? getCommit(app, repo, ref.id) : peelToCommit(app, repo, ref.id)) : null;
  if (!commit) throw new NotFoundError('The old branch does not exist');
  return commit;
}

/** The names `a` and `a/b` of a branch named `a/b/c` (a branch of such a name would clash with it). */
function parentNames(name: string): string[] {
  const out: string[] = [];
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) out.push(name.slice(0, i));
  return out;
}

/** Creates a branch at a branch, tag or commit (default: the default branch), with Gitea's statuses. */
export async function createBranch(app: AppContext, repo: RepoRecord, doer: UserRecord, opt: CreateBranchInput, baseUrl: string): Promise<BranchInfo> {
  refuseMirrorOrEmpty(repo, await isEmptyRepo(app, repo));
  const name = opt.new_branch_name;
  const gitDir = gitDirFor(app, repo);
  // Gitea's binding on CreateBranchRepoOption.BranchName (the schema caps its length at 100 already)
  if (!(await isValidRefName(gitDir, HEADS + name))) throw new ValidationError(`new_branch_name: ${name} is not a valid branch name.`, [{ field: 'new_branch_name', code: 'invalid_format', message: `${name} is not a valid branch name` }]);
  const commit = await startCommit(app, repo, opt);
  const snap = await refsOf(app, repo);
  if (snap.byName.has(HEADS + name)) throw new ConflictError('The branch already exists.');
  if (snap.byName.has(`refs/tags/${name}`)) throw new ConflictError('The branch with the same tag already exists.');
  const clash = snap.hasRefUnder(`${HEADS}${name}/`) || parentNames(name).some((p) => snap.byName.has(HEADS + p));
  if (clash) throw new ConflictError('The branch with the same name already exists.');
  const update = { ref: HEADS + name, oldSha: zeroId(repo.object_format), newSha: commit.id };
  const change = { ref: update.ref, id: commit.id, type: 'commit', time: commit.committer.unix };
  try {
    await moveRefs(app, repo, doer, gitDir, [update], { baseUrl, heads: [headOf(name, commit)], changes: [change], sameSize: true });
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError('The branch already exists.');
    throw err;
  }
  return branchInfo(app, name, commit);
}

/** Deletes a branch other than the default one, with Gitea's statuses. */
export async function deleteBranch(app: AppContext, repo: RepoRecord, doer: UserRecord, name: string, baseUrl: string): Promise<void> {
  refuseMirrorOrEmpty(repo, await isEmptyRepo(app, repo));
  const ref = (await refsOf(app, repo)).byName.get(HEADS + name);
  if (!ref) throw new NotFoundError(`The branch ${name} does not exist.`);
  if (name === repo.default_branch) throw new ForbiddenError('can not delete default branch');
  const update = { ref: HEADS + name, oldSha: ref.id, newSha: zeroId(repo.object_format) };
  try {
    await moveRefs(app, repo, doer, gitDirFor(app, repo), [update], { baseUrl, heads: [], changes: [{ ref: update.ref, id: null }], sameSize: true });
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError(`branch ${name} changed while it was being deleted`);
    throw err;
  }
}
