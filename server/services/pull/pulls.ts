/**
 * Pull requests: an issue record with a pull part (as Gitea keeps them). Create (same repository or from a fork
 * in the same network), read, find by base and head, edit (the issue's fields through the issue services, the
 * base branch here) and list with Gitea's filters.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as pullStore from '../../store/pulls.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as issueStore from '../../store/issues.ts';
import type { PullRecord } from '../../store/pulls.ts';
import type { IssueRecord } from '../../store/issues.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { changeLabels, createIssue, editIssue, getIssue, notify, type IssueScope } from '../issue/issues.ts';
import { branchHead, checkMerge, refreshPull, syncHeadRef } from './sync.ts';
import { repoOption } from '../../convert/repo.ts';
import type { CreatePullRequestOption, EditPullRequestOption } from '../../structs/pull.ts';

/** The issue scope of a pull request: the issue rules read the pull-request unit's mode. */
export function pullScope(s: IssueScope): IssueScope {
  return { ...s, perm: { ...s.perm, units: { ...s.perm.units, 'repo.issues': unitMode(s.perm, 'repo.pulls') } } };
}

/** A pull request: its issue record and its pull part. */
export interface Pull { issue: IssueRecord; pr: PullRecord }

/** The pull request with this index, or 404 (an issue that is no pull request is not one). */
export async function getPull(app: AppContext, repoId: number, index: number): Promise<Pull> {
  const pr = Number.isInteger(index) && index > 0 ? await pullStore.getByIndex(app.store, repoId, index) : undefined;
  if (!pr) throw new NotFoundError('pull request does not exist');
  return { issue: await getIssue(app, repoId, index), pr };
}

/** Repositories of one fork network: `a` and `b` are the same, or one is a fork of the other, or both of one parent. */
export function sameNetwork(a: RepoRecord, b: RepoRecord): boolean {
  if (a.id === b.id) return true;
  const rootA = a.is_fork ? a.fork_id : a.id;
  const rootB = b.is_fork ? b.fork_id : b.id;
  return rootA === rootB;
}

/** The repository and branch named by Gitea's `head`: `branch`, `owner:branch` or `owner/repo:branch`. */
export async function resolveHead(app: AppContext, base: RepoRecord, head: string): Promise<{ repo: RepoRecord; branch: string }> {
  const colon = head.indexOf(':');
  if (colon < 0) return { repo: base, branch: head };
  const who = head.slice(0, colon);
  const branch = head.slice(colon + 1);
  const [ownerName = '', repoName] = who.split('/');
  const owner = await userStore.getByName(app.store, ownerName);
  if (!owner) throw new NotFoundError(`The user ${ownerName} does not exist.`);
  if (repoName) {
    const r = await repoStore.getByOwnerAndName(app.store, owner.id, repoName);
    if (!r) throw new NotFoundError(`The repository ${who} does not exist.`);
    return { repo: r, branch };
  }
  if (owner.id === base.owner_id) return { repo: base, branch };
  // `owner:branch`: that owner's repository in the base's network (Gitea's fork lookup).
  const theirs = (await repoStore.listByOwner(app.store, owner.id)).find((r) => r.id !== base.id && sameNetwork(r, base));
  if (!theirs) throw new NotFoundError(`The user ${ownerName} has no fork of this repository.`);
  return { repo: theirs, branch };
}

async function assertCanReadHead(app: AppContext, doer: UserRecord, head: RepoRecord): Promise<void> {
  if (!atLeast(unitMode(await repoPermission(app, doer, head), 'repo.code'), 'read')) throw new NotFoundError(`The repository with id ${head.id} does not exist.`);
}

/** An open pull request from this head into this base, if any. */
export async function findOpen(app: AppContext, baseId: number, baseBranch: string, headRepoId: number, headBranch: string, except?: number): Promise<PullRecord | undefined> {
  for (const p of await pullStore.listByRepo(app.store, baseId, (r) => r.base_branch === baseBranch && r.head_repo_id === headRepoId && r.head_branch === headBranch && !r.has_merged && r.index !== except)) {
    const issue = await issueStore.get(app.store, baseId, p.index);
    if (issue && !issue.is_closed) return p;
  }
  return undefined;
}

/** Opens a pull request (Gitea's CreatePullRequest): the issue with its pull part, then the check and the event. */
export async function createPull(app: AppContext, s: IssueScope, f: CreatePullRequestOption): Promise<Pull> {
  const base = s.repo;
  if (!(await branchHead(app, base, f.base))) throw new NotFoundError(`The base branch ${f.base} does not exist.`);
  const head = await resolveHead(app, base, f.head);
  if (!sameNetwork(head.repo, base)) throw new ValidationError('The head repository is not in the same fork network as the base repository.');
  await assertCanReadHead(app, s.doer!, head.repo);
  const headSha = await branchHead(app, head.repo, head.branch);
  if (!headSha) throw new NotFoundError(`The head branch ${head.branch} does not exist.`);
  if (head.repo.id === base.id && head.branch === f.base) throw new ValidationError('Invalid PullRequest: the head and the base are the same branch.');
  const existing = await findOpen(app, base.id, f.base, head.repo.id, head.branch);
  if (existing) throw new ConflictError(`pull request already exists for these targets [id: ${existing.issue_id}, issue_id: ${existing.index}, head_repo_id: ${existing.head_repo_id}, base_repo_id: ${base.id}, head_branch: ${existing.head_branch}, base_branch: ${existing.base_branch}]`);
  let pull: PullRecord | undefined;
  const issue = await createIssue(app, pullScope(s), { ...f, body: f.body ?? '' }, {
    isPull: true,
    attach: async (iss) => {
      const draft: PullRecord = {
        id: 0, repo_id: base.id, index: iss.index, issue_id: iss.id, head_repo_id: head.repo.id, head_branch: head.branch, base_branch: f.base,
        head_sha: headSha, merge_base: '', status: 'checking', conflicted_files: [], changed_files: 0, additions: 0, deletions: 0,
        allow_maintainer_edit: f.allow_maintainer_edit ?? repoOption(base, 'default_allow_maintainer_edit'),
        has_merged: false, merged_sha: '', merged_at: null, merger_id: 0, auto_merge: null,
      };
      await syncHeadRef(app, base, draft);
      const check = await checkMerge(app, base, f.base, headSha);
      pull = await pullStore.insert(app.store, (id) => ({ ...draft, ...check, id }));
    },
  });
  return { issue, pr: pull! };
}

/** The newest pull request from `head` into `base` (Gitea's GetPullRequestByBaseHead), or 404. */
export async function getPullByBaseHead(app: AppContext, repo: RepoRecord, baseBranch: string, headSpec: string): Promise<Pull> {
  const head = await resolveHead(app, repo, headSpec).catch(() => null);
  const found = head ? (await pullStore.listByRepo(app.store, repo.id, (p) => p.base_branch === baseBranch && p.head_repo_id === head.repo.id && p.head_branch === head.branch)).at(-1) : undefined;
  if (!found) throw new NotFoundError('pull request does not exist');
  return getPull(app, repo.id, found.index);
}

/** Changes the target branch (Gitea's ChangeTargetBranch): refused for merged or closed ones and duplicates. */
export async function changeBase(app: AppContext, s: IssueScope, p: Pull, branch: string): Promise<Pull> {
  if (p.pr.base_branch === branch) return p;
  if (p.pr.has_merged) throw new ConflictError('cannot change the target branch of a merged pull request');
  if (p.issue.is_closed) throw new ConflictError('cannot change the target branch of a closed pull request');
  if (!(await branchHead(app, s.repo, branch))) throw new NotFoundError(`The target branch ${branch} does not exist.`);
  if (p.pr.head_repo_id === s.repo.id && p.pr.head_branch === branch) throw new ValidationError('Invalid PullRequest: the head and the base are the same branch.');
  if (await findOpen(app, s.repo.id, branch, p.pr.head_repo_id, p.pr.head_branch, p.pr.index)) throw new ConflictError('pull request already exists for these targets');
  const from = p.pr.base_branch;
  await pullStore.update(app.store, p.pr.id, (r) => { r.base_branch = branch; r.status = 'checking'; });
  const { pr } = await refreshPull(app, s.repo, (await pullStore.getByIndex(app.store, s.repo.id, p.pr.index))!);
  const issue = (await issueStore.update(app.store, s.repo.id, p.issue.index, (r) => { r.updated = new Date().toISOString(); }))!;
  await notify(app, s, issue, 'issues', 'edited', { base: { from } });
  return { issue, pr };
}

/** Gitea's EditPullRequest: title, body, assignees, milestone, due date, labels, base, maintainer edits, state. */
export async function editPull(app: AppContext, s0: IssueScope, index: number, f: EditPullRequestOption): Promise<Pull> {
  const s = pullScope(s0);
  let p = await getPull(app, s.repo.id, index);
  if (f.base !== undefined) {
    if (!atLeast(unitMode(s.perm, 'repo.pulls'), 'write')) throw new ForbiddenError('user cannot change the target branch');
    p = await changeBase(app, s, p, f.base);
  }
  if (f.state === 'open' && p.issue.is_closed) {
    if (p.pr.has_merged) throw new ConflictError('cannot reopen a merged pull request');
    if (await findOpen(app, s.repo.id, p.pr.base_branch, p.pr.head_repo_id, p.pr.head_branch, index)) throw new ConflictError('pull request already exists for these targets');
  }
  if (f.labels !== undefined && atLeast(unitMode(s.perm, 'repo.pulls'), 'write')) await changeLabels(app, s, index, 'replace', f.labels);
  const { base: _b, labels: _l, allow_maintainer_edit: maint, content_version: _c, ...rest } = f;
  void _b; void _l; void _c;
  const issue = await editIssue(app, s, index, { ...rest, milestone: rest.milestone });
  let pr = p.pr;
  if (maint !== undefined && s.doer && (issue.poster_id === s.doer.id || atLeast(unitMode(s.perm, 'repo.pulls'), 'write'))) {
    pr = (await pullStore.update(app.store, pr.id, (r) => { r.allow_maintainer_edit = maint; })) ?? pr;
  }
  if (f.state === 'open' && p.issue.is_closed) pr = (await refreshPull(app, s.repo, pr)).pr;
  return { issue, pr };
}

/** Gitea's pull list filters. */
export interface PullFilter {
  state?: 'open' | 'closed' | 'all' | undefined;
  sort?: string | undefined;
  milestone?: number | undefined;
  labels?: number[] | undefined;
  poster?: string | undefined;
  base_branch?: string | undefined;
}

const SORTS: Record<string, issueStore.IssueSort> = {
  oldest: 'oldest', recentupdate: 'recentupdate', leastupdate: 'leastupdate', mostcomment: 'mostcomment', leastcomment: 'leastcomment', priority: 'priority',
  recentclose: 'recentupdate',
};

/** One page of a repository's pull requests and how many match (Gitea's PullRequests). */
export async function listPulls(app: AppContext, repo: RepoRecord, f: PullFilter, page: number, limit: number): Promise<{ rows: Pull[]; total: number }> {
  const posterId = f.poster ? ((await userStore.getByName(app.store, f.poster))?.id ?? -1) : undefined;
  const q: issueStore.IssueQuery = {
    state: f.state ?? 'open', isPull: true, sort: SORTS[f.sort ?? ''] ?? 'newest', posterId,
    milestoneId: f.milestone || undefined, labelIds: f.labels?.length ? f.labels : undefined,
  };
  let pulls: Map<number, PullRecord> | null = null;
  if (f.base_branch !== undefined) {
    pulls = new Map((await pullStore.listByRepo(app.store, repo.id, (p) => p.base_branch === f.base_branch)).map((p) => [p.index, p]));
  }
  if (!pulls) {
    const found = await issueStore.list(app.store, repo.id, { ...q, page, limit });
    const rows: Pull[] = [];
    for (const issue of found.rows) {
      const pr = await pullStore.getByIndex(app.store, repo.id, issue.index);
      if (pr) rows.push({ issue, pr });
    }
    return { rows, total: found.total };
  }
  // A base-branch filter: the matching indexes come from the pull parts, the order and the rest from the issues.
  const all = await issueStore.list(app.store, repo.id, q);
  const kept = all.rows.filter((i) => pulls.has(i.index));
  return { rows: kept.slice((page - 1) * limit, page * limit).map((issue) => ({ issue, pr: pulls.get(issue.index)! })), total: kept.length };
}
