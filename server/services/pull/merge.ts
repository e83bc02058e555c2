/**
 * Merging a pull request in the bare repository, in every Gitea style: `merge` (a merge commit), `rebase` (the
 * head's commits replayed on the base), `rebase-merge` (replayed, then a merge commit), `squash` (one commit)
 * and `fast-forward-only`. The base branch moves through the same path as any API ref write (pre-receive rules,
 * checked old value, push event); then the pull request is marked merged and its issue closed.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as pullStore from '../../store/pulls.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import type { MergeStyle, PullRecord } from '../../store/pulls.ts';
import { ConflictError, ForbiddenError, MethodNotAllowedError, NotFoundError } from '../../lib/errors.ts';
import { commitTree, isAncestor, mergeTrees, replay, ReplayConflict, treeOf, type Ident } from '../../git/merge.ts';
import { repoOption } from '../../convert/repo.ts';
import { atLeast, unitMode } from '../permission/permissions.ts';
import { gitDirFor, limitGit } from '../repository/cache.ts';
import { getCommit } from '../repository/read.ts';
import { headOf, moveRefs, RefMovedError } from '../repository/ref-write.ts';
import { notify, type IssueScope } from '../issue/issues.ts';
import { userOrGhost } from '../issue/view.ts';
import { getPull, type Pull } from './pulls.ts';
import { branchHead, refreshPull } from './sync.ts';
import { mergeBlockers } from './merge-gate.ts';
import { deleteHeadAfterMerge } from './retarget.ts';

/** What a merge request asks for (Gitea's MergePullRequestOption). */
export interface MergeRequest {
  style: MergeStyle;
  title?: string | undefined;
  message?: string | undefined;
  headCommitId?: string | undefined;
  deleteBranch?: boolean | undefined;
  whenChecksSucceed?: boolean | undefined;
  /** Gitea's force_merge: an administrator merges past the branch rules (see mayOverrideRule). */
  force?: boolean | undefined;
}

const STYLE_OPTION = {
  merge: 'allow_merge_commits', rebase: 'allow_rebase', 'rebase-merge': 'allow_rebase_explicit', squash: 'allow_squash_merge',
  'fast-forward-only': 'allow_fast_forward_only_merge',
} as const;

/** The merge styles the repository allows. */
export const allowedStyles = (repo: RepoRecord): MergeStyle[] => (Object.keys(STYLE_OPTION) as MergeStyle[]).filter((s) => repoOption(repo, STYLE_OPTION[s]));

/** Whether `doer` may merge into the base repository (Gitea's IsUserAllowedToMerge without branch rules). */
export const mayMerge = (s: IssueScope): boolean => !!s.doer && atLeast(unitMode(s.perm, 'repo.code'), 'write');

/** Why a merge of `p` is refused now: its state, its check, then the merge gate (passed by `force` when the doer may). Empty when it may go. */
export async function mergeRefusals(app: AppContext, s: IssueScope, p: Pull, force = false): Promise<string[]> {
  if (p.pr.has_merged) return ['The pull request is already merged.'];
  if (p.issue.is_closed) return ['The pull request is closed.'];
  const out: string[] = [];
  if (!mayMerge(s)) out.push('You are not allowed to merge this pull request.');
  if (p.pr.status === 'conflict') out.push(`There are merge conflicts: ${p.pr.conflicted_files.join(', ')}`);
  if (p.pr.status === 'checking' || p.pr.status === 'error') out.push('The mergeability check has not finished.');
  return [...out, ...(await mergeBlockers(app, s.repo, p.pr, s.doer, force ? { perm: s.perm } : undefined))];
}

const identOf = (u: UserRecord): Ident => ({ name: u.full_name || u.name, email: u.email, date: `@${Math.floor(Date.now() / 1000)} +0000` });

/** Gitea's default merge title of each style. */
async function defaultMessage(app: AppContext, base: RepoRecord, p: Pull, style: MergeStyle): Promise<string> {
  const headLabel = p.pr.head_repo_id === base.id ? p.pr.head_branch : `${(await headRepoLabel(app, p.pr))}:${p.pr.head_branch}`;
  if (style === 'squash') return `${p.issue.title} (#${p.pr.index})\n\n${p.issue.content}`.trimEnd();
  return `Merge pull request '${p.issue.title}' (#${p.pr.index}) from ${headLabel} into ${p.pr.base_branch}`;
}

async function headRepoLabel(app: AppContext, pr: PullRecord): Promise<string> {
  const r = await repoStore.getById(app.store, pr.head_repo_id);
  return r ? `${(await userOrGhost(app, r.owner_id)).name}/${r.name}` : '';
}

/** Computes the base branch's new commit for `style` in the bare repository. */
async function mergedCommit(app: AppContext, base: RepoRecord, p: Pull, style: MergeStyle, baseSha: string, message: string, doer: UserRecord): Promise<string> {
  const gitDir = gitDirFor(app, base);
  const headSha = p.pr.head_sha;
  const me = identOf(doer);
  return limitGit(app, async () => {
    try {
      switch (style) {
        case 'fast-forward-only':
          if (!(await isAncestor(gitDir, baseSha, headSha))) throw new MethodNotAllowedError('The head branch is not a fast-forward of the base branch.');
          return headSha;
        case 'rebase':
          return await replay(gitDir, baseSha, headSha, baseSha, me);
        case 'rebase-merge': {
          const tip = await replay(gitDir, baseSha, headSha, baseSha, me);
          return tip === baseSha ? baseSha : commitTree(gitDir, await treeOf(gitDir, tip), [baseSha, tip], message, me, me);
        }
        default: {
          const m = await mergeTrees(gitDir, baseSha, headSha);
          if (m.conflicts.length) throw new MethodNotAllowedError(`There are merge conflicts: ${m.conflicts.join(', ')}`);
          if (style === 'squash') return commitTree(gitDir, m.tree, [baseSha], message, identOf(await userOrGhost(app, p.issue.poster_id)), me);
          return commitTree(gitDir, m.tree, [baseSha, headSha], message, me, me);
        }
      }
    } catch (err) {
      if (err instanceof ReplayConflict) throw new MethodNotAllowedError(`The commits do not rebase cleanly: ${err.conflicts.join(', ')}`);
      throw err;
    }
  });
}

/** Moves the base branch to `next` as `doer` (pre-receive rules, checked old value, push event). */
async function moveBase(app: AppContext, base: RepoRecord, doer: UserRecord, branch: string, oldSha: string, next: string, baseUrl: string): Promise<void> {
  const commit = await getCommit(app, base, next);
  if (!commit) throw new NotFoundError(`commit ${next} was not written`);
  const ref = `refs/heads/${branch}`;
  try {
    await moveRefs(app, base, doer, gitDirFor(app, base), [{ ref, oldSha, newSha: next }], { baseUrl, heads: [headOf(branch, commit)], changes: [{ ref, id: next, type: 'commit' }], sameSize: false, merge: true });
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError('The base branch moved while merging; try again.');
    throw err;
  }
}

/** Merges now (the caller has checked the request); marks the pull request merged and closes its issue. */
export async function performMerge(app: AppContext, s: IssueScope, p: Pull, req: MergeRequest, baseUrl: string): Promise<Pull> {
  const doer = s.doer!;
  return app.locks.run(`merge:${s.repo.id}:${p.pr.index}`, async () => {
    const baseSha = await branchHead(app, s.repo, p.pr.base_branch);
    if (!baseSha) throw new NotFoundError(`The base branch ${p.pr.base_branch} does not exist.`);
    const title = req.title?.trim() || await defaultMessage(app, s.repo, p, req.style);
    const message = req.message?.trim() ? `${title}\n\n${req.message.trim()}\n` : `${title}\n`;
    await pullStore.update(app.store, p.pr.id, (r) => { r.auto_merge = null; });
    const next = await mergedCommit(app, s.repo, p, req.style, baseSha, message, doer);
    // The merged change as it was checked: moving the base re-checks open pull requests, this one included, and
    // would leave it with its head as merge base and an empty diff.
    const { merge_base, changed_files, additions, deletions } = p.pr;
    if (next !== baseSha) await moveBase(app, s.repo, doer, p.pr.base_branch, baseSha, next, baseUrl);
    const now = new Date().toISOString();
    const pr = (await pullStore.update(app.store, p.pr.id, (r) => {
      Object.assign(r, { has_merged: true, merged_sha: next, merged_at: now, merger_id: doer.id, auto_merge: null, status: 'mergeable', merge_base, changed_files, additions, deletions });
    }))!;
    const issue = (await issueStore.update(app.store, s.repo.id, p.issue.index, (r) => { r.is_closed = true; r.closed_at = now; r.updated = now; }))!;
    await notify(app, s, issue, 'issues', 'closed');
    let deleted = false;
    if (req.deleteBranch) deleted = await deleteHeadAfterMerge(app, s, pr, baseUrl);
    await app.bus.publish('pull.merged', { repo: s.repo, owner: s.owner, doer, issue, pull: pr, deletedHead: deleted });
    return { issue, pr };
  });
}

/**
 * Gitea's MergePullRequest: the style must be allowed, the head as the client saw it, the check clean and the
 * merge gate open. With `whenChecksSucceed` and a closed gate, the request is stored (auto-merge) instead.
 */
export async function mergePull(app: AppContext, s: IssueScope, index: number, req: MergeRequest, baseUrl: string): Promise<{ pull: Pull; scheduled: boolean }> {
  let p = await getPull(app, s.repo.id, index);
  if (p.pr.has_merged) throw new MethodNotAllowedError('The pull request is already merged.');
  if (p.issue.is_closed) throw new MethodNotAllowedError('The pull request is closed.');
  if (!mayMerge(s)) throw new MethodNotAllowedError('User not allowed to merge PR');
  if (!allowedStyles(s.repo).includes(req.style)) throw new MethodNotAllowedError(`${req.style} is not an allowed merge style for this repository`);
  p = { ...p, pr: (await refreshPull(app, s.repo, p.pr)).pr };
  if (req.headCommitId && req.headCommitId !== p.pr.head_sha) throw new ConflictError('head out of date');
  const refusals = await mergeRefusals(app, s, p, !!req.force);
  const gate = await mergeBlockers(app, s.repo, p.pr, s.doer, req.force ? { perm: s.perm } : undefined);
  if (req.whenChecksSucceed && gate.length && refusals.length === gate.length) {
    const pr = (await pullStore.update(app.store, p.pr.id, (r) => {
      r.auto_merge = { doer_id: s.doer!.id, style: req.style, title: req.title ?? '', message: req.message ?? '', delete_branch: !!req.deleteBranch, created: new Date().toISOString() };
    }))!;
    return { pull: { ...p, pr }, scheduled: true };
  }
  if (refusals.length) throw new MethodNotAllowedError(refusals.join(' '));
  return { pull: await performMerge(app, s, p, req, baseUrl), scheduled: false };
}

/** Cancels a stored auto-merge (Gitea's CancelScheduledAutoMerge): its requester or a repository admin. */
export async function cancelAutoMerge(app: AppContext, s: IssueScope, index: number): Promise<void> {
  const p = await getPull(app, s.repo.id, index);
  if (!p.pr.auto_merge) throw new NotFoundError('no scheduled auto merge');
  if (p.pr.auto_merge.doer_id !== s.doer?.id && !atLeast(s.perm.mode, 'admin')) throw new ForbiddenError('only the requester or an admin may cancel an auto merge');
  await pullStore.update(app.store, p.pr.id, (r) => { r.auto_merge = null; });
}

