/**
 * Auto-merge (`merge_when_checks_succeed`): a stored request is carried out as soon as the merge gate lets it,
 * looked at again after each push to the pull request's branches and each recorded commit status of its head.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { repoPermission } from '../permission/permissions.ts';
import { eventBaseUrl } from '../repository/payloads.ts';
import { getPull } from './pulls.ts';
import { mergeRefusals, performMerge } from './merge.ts';

/** Merges `pr` now if it has a stored auto-merge and nothing refuses it; answers whether it merged. */
export async function tryAutoMerge(app: AppContext, repo: RepoRecord, owner: UserRecord, pr: PullRecord): Promise<boolean> {
  const req = pr.auto_merge;
  if (!req) return false;
  const doer = await userStore.getById(app.store, req.doer_id);
  if (!doer) return false;
  const s = { repo, owner, perm: await repoPermission(app, doer, repo), doer };
  const p = await getPull(app, repo.id, pr.index);
  if (!p.pr.auto_merge || (await mergeRefusals(app, s, p)).length) return false;
  try {
    await performMerge(app, s, p, { style: req.style, title: req.title, message: req.message, deleteBranch: req.delete_branch }, eventBaseUrl(app));
    return true;
  } catch (err) {
    app.log.warn('auto merge failed', { repo: repo.id, index: pr.index, error: String(err) });
    return false;
  }
}
