/**
 * Updating a pull request's head branch from its base (Gitea's UpdatePullRequest), without a working tree:
 * `merge` writes a merge commit of the base into the head, `rebase` replays the head's commits on the base.
 * The result is computed in the base repository (which holds both sides) and, for a fork, fetched into it;
 * the head branch then moves like any API ref write (rules, checked old value, push event, PR sync).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { commitTree, dropRef, fetchRef, isAncestor, mergeTrees, replay, ReplayConflict, setRef, type Ident } from '../../git/merge.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { gitDirFor, invalidateRepo, limitGit } from '../repository/cache.ts';
import { getCommit } from '../repository/read.ts';
import { headOf, moveRefs, RefMovedError } from '../repository/ref-write.ts';
import type { IssueScope } from '../issue/issues.ts';
import { getPull, pullScope, type Pull } from './pulls.ts';
import { branchHead, refreshPull } from './sync.ts';

const identOf = (u: UserRecord): Ident => ({ name: u.full_name || u.name, email: u.email, date: `@${Math.floor(Date.now() / 1000)} +0000` });

async function mayPushHead(app: AppContext, s: IssueScope, p: Pull, head: RepoRecord): Promise<boolean> {
  if (!s.doer) return false;
  if (atLeast(unitMode(await repoPermission(app, s.doer, head), 'repo.code'), 'write')) return true;
  // A maintainer of the base may push to a fork's branch when its poster allowed it (Gitea's allow_maintainer_edit).
  return p.pr.allow_maintainer_edit && atLeast(unitMode(s.perm, 'repo.code'), 'write');
}

/** The new head commit: the base merged into the head, or the head's commits replayed on the base. */
async function updatedHead(app: AppContext, base: RepoRecord, p: Pull, style: 'merge' | 'rebase', baseSha: string, doer: UserRecord): Promise<string> {
  const gitDir = gitDirFor(app, base);
  const me = identOf(doer);
  return limitGit(app, async () => {
    if (style === 'rebase') {
      try {
        return await replay(gitDir, baseSha, p.pr.head_sha, baseSha, me);
      } catch (err) {
        if (err instanceof ReplayConflict) throw new ConflictError(`rebase conflicts: ${err.conflicts.join(', ')}`);
        throw err;
      }
    }
    const m = await mergeTrees(gitDir, p.pr.head_sha, baseSha);
    if (m.conflicts.length) throw new ConflictError(`merge conflicts: ${m.conflicts.join(', ')}`);
    return commitTree(gitDir, m.tree, [p.pr.head_sha, baseSha], `Merge branch '${p.pr.base_branch}' into ${p.pr.head_branch}\n`, me, me);
  });
}

/** Brings the head branch of pull request `index` up to date with its base; does nothing when it already is. */
export async function updatePullBranch(app: AppContext, s0: IssueScope, index: number, style: 'merge' | 'rebase', baseUrl: string): Promise<Pull> {
  const s = pullScope(s0);
  let p = await getPull(app, s.repo.id, index);
  if (p.pr.has_merged || p.issue.is_closed) throw new ConflictError('the pull request is closed');
  const head = p.pr.head_repo_id === s.repo.id ? s.repo : await repoStore.getById(app.store, p.pr.head_repo_id);
  if (!head) throw new NotFoundError('the head repository does not exist');
  if (!(await mayPushHead(app, s, p, head))) throw new ForbiddenError('user cannot push to the head branch');
  if (style === 'rebase' && !(atLeast(unitMode(await repoPermission(app, s.doer, head), 'repo.code'), 'write'))) throw new ForbiddenError('user cannot rebase the head branch');
  p = { ...p, pr: (await refreshPull(app, s.repo, p.pr)).pr };
  const baseSha = await branchHead(app, s.repo, p.pr.base_branch);
  if (!baseSha) throw new NotFoundError(`The base branch ${p.pr.base_branch} does not exist.`);
  if (await isAncestor(gitDirFor(app, s.repo), baseSha, p.pr.head_sha)) return p;
  const next = await updatedHead(app, s.repo, p, style, baseSha, s.doer!);
  const headGit = gitDirFor(app, head);
  if (head.id !== s.repo.id) {
    // The fork gets the new objects under a scratch ref first, so the branch move below is an ordinary one.
    const scratch = `refs/pull/${p.pr.index}/update`;
    await setRef(gitDirFor(app, s.repo), scratch, next);
    await fetchRef(headGit, gitDirFor(app, s.repo), scratch, scratch);
    await dropRef(gitDirFor(app, s.repo), scratch);
    await dropRef(headGit, scratch);
    invalidateRepo(app, head.id);
  }
  const commit = await getCommit(app, head, next);
  if (!commit) throw new NotFoundError(`commit ${next} was not written`);
  const ref = `refs/heads/${p.pr.head_branch}`;
  try {
    await moveRefs(app, head, s.doer!, headGit, [{ ref, oldSha: p.pr.head_sha, newSha: next }], {
      baseUrl, heads: [headOf(p.pr.head_branch, commit)], changes: [{ ref, id: next, type: 'commit' }], sameSize: false,
    });
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError('The head branch moved while updating; try again.');
    throw err;
  }
  return getPull(app, s.repo.id, index);
}
