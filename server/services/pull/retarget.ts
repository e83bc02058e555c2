/**
 * After a merge: deleting the head branch when asked, and retargeting the child pull requests of a merged one
 * once its source branch is gone. The spec overrides Gitea here: children move to the merged pull request's
 * target branch (Gitea: the default branch); nothing moves when `[repository.pull-request]
 * RETARGET_CHILDREN_ON_MERGE` is false or when the merged pull request came from or targeted another repository.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as pullStore from '../../store/pulls.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { deleteBranch } from '../repository/branches.ts';
import { notify, type IssueScope } from '../issue/issues.ts';
import { refreshPull } from './sync.ts';

/**
 * Deletes the head branch of a merged pull request when the doer may write the head repository, the branch is
 * not its default one and still holds the merged head. Answers whether it was deleted.
 */
export async function deleteHeadAfterMerge(app: AppContext, s: IssueScope, pr: PullRecord, baseUrl: string): Promise<boolean> {
  const headRepo = pr.head_repo_id === s.repo.id ? s.repo : await repoStore.getById(app.store, pr.head_repo_id);
  if (!headRepo || !s.doer || headRepo.default_branch === pr.head_branch) return false;
  if (!atLeast(unitMode(await repoPermission(app, s.doer, headRepo), 'repo.code'), 'write')) return false;
  try {
    await deleteBranch(app, headRepo, s.doer, pr.head_branch, baseUrl);
    return true;
  } catch (err) {
    app.log.warn('head branch not deleted after merge', { repo: headRepo.id, branch: pr.head_branch, error: String(err) });
    return false;
  }
}

/** The open pull requests of `repo` that target `branch`. */
async function openChildren(app: AppContext, repo: RepoRecord, branch: string): Promise<PullRecord[]> {
  const out: PullRecord[] = [];
  for (const p of await pullStore.listByRepo(app.store, repo.id, (r) => r.base_branch === branch && !r.has_merged)) {
    const issue = await issueStore.get(app.store, repo.id, p.index);
    if (issue && !issue.is_closed) out.push(p);
  }
  return out;
}

/**
 * A branch of `repo` was deleted: when it was the source of a pull request merged within `repo`, the open pull
 * requests targeting it are retargeted to that pull request's target branch and stay open.
 */
export async function retargetChildren(app: AppContext, repo: RepoRecord, owner: UserRecord, doer: UserRecord, branch: string): Promise<number> {
  if (!app.settings.bool('repository.pull-request.RETARGET_CHILDREN_ON_MERGE')) return 0;
  const merged = (await pullStore.listByHeadRepo(app.store, repo.id, (p) => p.has_merged && p.head_branch === branch))
    .sort((a, b) => (a.merged_at ?? '').localeCompare(b.merged_at ?? '')).at(-1);
  // Only a pull request merged within one repository moves its children (spec: not across repositories).
  if (!merged || merged.repo_id !== repo.id) return 0;
  let moved = 0;
  for (const child of await openChildren(app, repo, branch)) {
    if (child.head_repo_id === repo.id && child.head_branch === merged.base_branch) continue;
    await pullStore.update(app.store, child.id, (r) => { r.base_branch = merged.base_branch; r.status = 'checking'; });
    await refreshPull(app, repo, (await pullStore.getByIndex(app.store, repo.id, child.index))!);
    const issue = (await issueStore.update(app.store, repo.id, child.index, (r) => { r.updated = new Date().toISOString(); }))!;
    await notify(app, { repo, owner, perm: await repoPermission(app, doer, repo), doer }, issue, 'issues', 'edited', { base: { from: branch } });
    moved += 1;
  }
  return moved;
}
