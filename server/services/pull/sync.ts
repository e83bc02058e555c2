/**
 * Keeping a pull request in step with its branches: the head commit copied to `refs/pull/{n}/head` of the base
 * repository (fetched from a fork), then the mergeability check in the bare repository (`git merge-tree
 * --write-tree`): conflicts, an empty change, a head already in the base, and the diff's size.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as pullStore from '../../store/pulls.ts';
import * as repoStore from '../../store/repos.ts';
import type { PullRecord } from '../../store/pulls.ts';
import * as refs from '../../git/refs.ts';
import { diffStat, fetchRef, isAncestor, mergeTrees, setRef, treeOf } from '../../git/merge.ts';
import { mergeBase } from '../../git/diff.ts';
import { gitDirFor, invalidateRepo, limitGit } from '../repository/cache.ts';

/** The ref of the base repository that holds a pull request's head. */
export const headRefOf = (pr: Pick<PullRecord, 'index'>): string => `refs/pull/${pr.index}/head`;

/** The head commit of a branch in a repository, or null when the branch does not exist. */
export async function branchHead(app: AppContext, repo: RepoRecord, branch: string): Promise<string | null> {
  return refs.resolveRef(gitDirFor(app, repo), `refs/heads/${branch}`);
}

/**
 * Copies the head branch's commit to `refs/pull/{n}/head` in the base repository (fetching it from a fork);
 * answers the head commit, or null when the head branch is gone (the ref then keeps the last one).
 */
export async function syncHeadRef(app: AppContext, base: RepoRecord, pr: PullRecord): Promise<string | null> {
  const headRepo = pr.head_repo_id === base.id ? base : await repoStore.getById(app.store, pr.head_repo_id);
  if (!headRepo) return null;
  const sha = await branchHead(app, headRepo, pr.head_branch);
  if (!sha) return null;
  const gitDir = gitDirFor(app, base);
  if (headRepo.id === base.id) await setRef(gitDir, headRefOf(pr), sha);
  else await limitGit(app, () => fetchRef(gitDir, gitDirFor(app, headRepo), `refs/heads/${pr.head_branch}`, headRefOf(pr)));
  invalidateRepo(app, base.id);
  return sha;
}

/** What a mergeability check found. */
export type CheckResult = Pick<PullRecord, 'head_sha' | 'merge_base' | 'status' | 'conflicted_files' | 'changed_files' | 'additions' | 'deletions'>;

/** Checks how `headSha` merges into the base branch, in the base repository (no working tree). */
export async function checkMerge(app: AppContext, base: RepoRecord, baseBranch: string, headSha: string): Promise<CheckResult> {
  const gitDir = gitDirFor(app, base);
  const baseSha = await branchHead(app, base, baseBranch);
  const none = { head_sha: headSha, merge_base: '', conflicted_files: [], changed_files: 0, additions: 0, deletions: 0 };
  if (!baseSha) return { ...none, status: 'error' };
  return limitGit(app, async () => {
    const mb = (await mergeBase(gitDir, baseSha, headSha)) ?? '';
    const stat = mb ? await diffStat(gitDir, mb, headSha) : { files: 0, additions: 0, deletions: 0 };
    const sized = { ...none, merge_base: mb, changed_files: stat.files, additions: stat.additions, deletions: stat.deletions };
    if (await isAncestor(gitDir, headSha, baseSha)) return { ...sized, status: 'ancestor' as const };
    const m = await mergeTrees(gitDir, baseSha, headSha);
    if (m.conflicts.length) return { ...sized, status: 'conflict' as const, conflicted_files: m.conflicts };
    return { ...sized, status: m.tree === (await treeOf(gitDir, baseSha)) ? 'empty' as const : 'mergeable' as const };
  });
}

/**
 * Brings one open pull request up to date: its head ref, then its mergeability. Answers the stored record and
 * the head commit it had before (to tell a new push on the head from a move of the base).
 */
export async function refreshPull(app: AppContext, base: RepoRecord, pr: PullRecord): Promise<{ pr: PullRecord; oldHead: string }> {
  return app.locks.run(`pull:${base.id}:${pr.index}`, async () => {
    const current = (await pullStore.getByIndex(app.store, base.id, pr.index)) ?? pr;
    if (current.has_merged) return { pr: current, oldHead: current.head_sha };
    const head = (await syncHeadRef(app, base, current)) ?? current.head_sha;
    const result = await checkMerge(app, base, current.base_branch, head);
    // A merge finishing meanwhile keeps the merged change's base and size (its own push moved the base).
    const next = await pullStore.update(app.store, current.id, (r) => { if (!r.has_merged) Object.assign(r, result); });
    return { pr: next ?? current, oldHead: current.head_sha };
  });
}
