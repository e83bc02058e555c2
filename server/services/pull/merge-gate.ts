/**
 * The merge gate: why a merge of a pull request is refused now (branch protection, reviews, status checks).
 * The merge, auto-merge and the merge box all ask here; an empty list lets the merge go on. The rules are
 * Gitea's CheckPullBranchProtections and IsUserAllowedToMerge: the merge allow-list, enough official approvals
 * (stale ones left out under ignore_stale_approvals), no official change request, no official review request
 * pending, the head up to date with the base, the required status checks green, no protected file changed.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { PullRecord } from '../../store/pulls.ts';
import type { ProtectedBranchRecord } from '../../store/protected-branches.ts';
import * as reviewStore from '../../store/reviews.ts';
import * as userStore from '../../store/users.ts';
import { canUserMerge, fileMatches, isOfficialReviewer, patternList, protectionOf } from '../repository/protection-rules.ts';
import { latestByUser } from '../review/requests.ts';
import { requiredChecksProblem } from './status-checks.ts';
import { gitDirFor } from '../repository/cache.ts';
import { affectedFiles, mergeBase } from '../../git/push-check.ts';
import { branchHead } from './sync.ts';
import type { Permission } from '../permission/permissions.ts';
import { atLeast } from '../permission/permissions.ts';

/** Gitea's approval count: official, not dismissed approvals (not stale either under ignore_stale_approvals). */
export async function approvalCount(app: AppContext, pr: PullRecord, rule: ProtectedBranchRecord): Promise<number> {
  const reviews = await reviewStore.listByPull(app.store, pr.repo_id, pr.index);
  return reviews.filter((r) => r.type === 'APPROVED' && r.official && !r.dismissed && !(rule.ignore_stale_approvals && r.stale)).length;
}

async function reviewProblems(app: AppContext, repo: RepoRecord, pr: PullRecord, rule: ProtectedBranchRecord): Promise<string[]> {
  const out: string[] = [];
  const approvals = await approvalCount(app, pr, rule);
  if (rule.required_approvals > 0 && approvals < rule.required_approvals) {
    out.push(`The pull request needs ${rule.required_approvals} approval${rule.required_approvals === 1 ? '' : 's'} and has ${approvals}.`);
  }
  const reviews = await reviewStore.listByPull(app.store, pr.repo_id, pr.index);
  if (rule.block_on_rejected_reviews && reviews.some((r) => r.type === 'REQUEST_CHANGES' && r.official && !r.dismissed)) {
    out.push('An official reviewer requested changes.');
  }
  if (rule.block_on_official_review_requests) {
    for (const r of latestByUser(reviews).values()) {
      if (r.type !== 'REQUEST_REVIEW') continue;
      const user = await userStore.getById(app.store, r.reviewer_id);
      if (user && (await isOfficialReviewer(app, repo, rule, user))) {
        out.push('An official review request is still open.');
        break;
      }
    }
  }
  return out;
}

async function branchProblems(app: AppContext, repo: RepoRecord, pr: PullRecord, rule: ProtectedBranchRecord): Promise<string[]> {
  const out: string[] = [];
  const baseSha = await branchHead(app, repo, pr.base_branch);
  const gitDir = gitDirFor(app, repo);
  if (rule.block_on_outdated_branch && baseSha && (await mergeBase(gitDir, baseSha, pr.head_sha)) !== baseSha) {
    out.push(`The head branch is behind ${pr.base_branch}; update it first.`);
  }
  const globs = patternList(rule.protected_file_patterns);
  if (globs.length && baseSha) {
    const from = await mergeBase(gitDir, baseSha, pr.head_sha);
    const touched = (await affectedFiles(gitDir, from, pr.head_sha)).find((f) => fileMatches(globs, f));
    if (touched) out.push(`The pull request changes the protected file ${touched.toLowerCase()}.`);
  }
  if (rule.enable_status_check) {
    const problem = await requiredChecksProblem(app, repo, pr.head_sha, rule.status_check_contexts);
    if (problem) out.push(problem);
  }
  return out;
}

/**
 * Gitea's force merge (`force_merge`): a site administrator may merge past the branch rules, a repository
 * administrator too unless the rule sets block_admin_merge_override. The merge allow-list still applies.
 */
export function mayOverrideRule(rule: ProtectedBranchRecord, doer: UserRecord | null, perm: Permission | undefined): boolean {
  if (!doer) return false;
  return doer.is_admin || (!!perm && atLeast(perm.mode, 'admin') && !rule.block_admin_merge_override);
}

/**
 * The reasons a merge of `pr` by `doer` is refused now; empty when nothing blocks it. With `force` (and a doer
 * who may override the rule), only the merge allow-list is asked.
 */
export async function mergeBlockers(ctx: AppContext, repo: RepoRecord, pr: PullRecord, doer: UserRecord | null, force?: { perm: Permission }): Promise<string[]> {
  const rule = await protectionOf(ctx, repo.id, pr.base_branch);
  if (!rule) return [];
  const out: string[] = [];
  if (doer && !(await canUserMerge(ctx, repo, rule, doer))) out.push(`You are not allowed to merge into the protected branch ${pr.base_branch}.`);
  if (force && mayOverrideRule(rule, doer, force.perm)) return out;
  return [...out, ...(await reviewProblems(ctx, repo, pr, rule)), ...(await branchProblems(ctx, repo, pr, rule))];
}
