/**
 * Gitea's MergedManually (`Do: manually-merged`): marks a pull request merged by a commit that is already on
 * its base branch, without touching git. Only when the repository allows manual merges; the commit must be a
 * full id of the repository's object format, exist, and be contained in the base branch. No other check runs
 * (Gitea's MergeCheckTypeManually): the merge gate, conflicts and the head's state do not matter.
 */
import type { AppContext } from '../context.ts';
import * as pullStore from '../../store/pulls.ts';
import * as issueStore from '../../store/issues.ts';
import { ConflictError, MethodNotAllowedError } from '../../lib/errors.ts';
import { isAncestor } from '../../git/merge.ts';
import { repoOption } from '../../convert/repo.ts';
import { gitDirFor } from '../repository/cache.ts';
import { getCommit } from '../repository/read.ts';
import { notify, type IssueScope } from '../issue/issues.ts';
import { getPull, type Pull } from './pulls.ts';
import { branchHead } from './sync.ts';
import { mayMerge } from './merge.ts';
import { protectionOf, canUserMerge } from '../repository/protection-rules.ts';

const WRONG = 'Wrong commit ID';

/** Gitea's answer to a commit id that is not a commit of the base branch: 409 "Wrong commit ID". */
async function mergedCommitOf(app: AppContext, s: IssueScope, p: Pull, commitId: string) {
  const length = s.repo.object_format === 'sha256' ? 64 : 40;
  if (commitId.length !== length || !/^[0-9a-fA-F]+$/.test(commitId)) throw new ConflictError(WRONG);
  const commit = await getCommit(app, s.repo, commitId.toLowerCase());
  if (!commit) throw new ConflictError(WRONG);
  const baseSha = await branchHead(app, s.repo, p.pr.base_branch);
  if (!baseSha || !(await isAncestor(gitDirFor(app, s.repo), commit.id, baseSha))) throw new ConflictError(WRONG);
  return commit;
}

/** Marks pull request `index` merged by `commitId` (already on its base branch) as the scope's doer. */
export async function markManuallyMerged(app: AppContext, s: IssueScope, index: number, commitId: string): Promise<Pull> {
  const p = await getPull(app, s.repo.id, index);
  if (p.pr.has_merged) throw new MethodNotAllowedError('The pull request is already merged.');
  if (p.issue.is_closed) throw new MethodNotAllowedError('The pull request is closed.');
  const rule = await protectionOf(app, s.repo.id, p.pr.base_branch);
  const allowed = rule ? !!s.doer && (await canUserMerge(app, s.repo, rule, s.doer, s.perm)) : mayMerge(s);
  if (!allowed) throw new MethodNotAllowedError('User not allowed to merge PR');
  if (!repoOption(s.repo, 'allow_manual_merge')) throw new MethodNotAllowedError('manually-merged is not an allowed merge style for this repository');
  const doer = s.doer!;
  return app.locks.run(`merge:${s.repo.id}:${p.pr.index}`, async () => {
    const commit = await mergedCommitOf(app, s, p, commitId);
    const current = await pullStore.getByIndex(app.store, s.repo.id, index);
    if (!current || current.has_merged) throw new MethodNotAllowedError('The pull request is already merged.');
    const mergedAt = new Date(commit.author.unix * 1000).toISOString();
    const pr = (await pullStore.update(app.store, current.id, (r) => {
      Object.assign(r, { has_merged: true, merged_sha: commit.id, merged_at: mergedAt, merger_id: doer.id, auto_merge: null, status: 'manually-merged' });
    }))!;
    const now = new Date().toISOString();
    const issue = (await issueStore.update(app.store, s.repo.id, index, (r) => { r.is_closed = true; r.closed_at = now; r.updated = now; }))!;
    await notify(app, s, issue, 'issues', 'closed');
    await app.bus.publish('pull.merged', { repo: s.repo, owner: s.owner, doer, issue, pull: pr, deletedHead: false });
    return { issue, pr };
  });
}
