/**
 * Issue dependencies (Gitea's issue_dependency): an issue depends on (is blocked by) another. Adding or removing
 * one needs write on the issues of the issue's repository and read on the other's; across repositories only with
 * `[service] ALLOW_CROSS_REPOSITORY_DEPENDENCIES`. Self, duplicate and circular dependencies are refused. Lists
 * report a related issue only when the viewer may read that issue's repository; the others come as a stub
 * that says the relation is not permitted.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as depStore from '../../store/issue-dependencies.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { IssueRecord } from '../../store/issues.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { repoOption } from '../../convert/repo.ts';
import { getIssue, type IssueScope } from './issues.ts';
import { recordEvent } from './timeline.ts';
import { canReadIssuesOf, canWriteIssues } from './view.ts';

/** The message shown instead of a related issue the viewer may not read (Gitea's lock-icon tooltip). */
export const NOT_PERMITTED = 'You do not have permission to read this dependency';

/** A related issue: readable, with its repository and owner, or hidden from the viewer. */
export type Related = { visible: true; issue: IssueRecord; repo: RepoRecord; owner: UserRecord } | { visible: false };

export interface IssueRef { owner: string; repo: string; index: number }

/** The issue named by `ref` as the doer may reach it: 404 for a missing or unreadable one. */
async function resolveRef(app: AppContext, s: IssueScope, ref: IssueRef): Promise<{ issue: IssueRecord; repo: RepoRecord }> {
  const owner = await userStore.getByName(app.store, ref.owner);
  const repo = owner ? await repoStore.getByOwnerAndName(app.store, owner.id, ref.repo) : undefined;
  if (!repo || !(await canReadIssuesOf(app, s.doer, repo))) throw new NotFoundError('issue does not exist');
  return { issue: await getIssue(app, repo.id, ref.index), repo };
}

/** Whether `from` already depends, directly or through others, on `target`. */
async function reaches(app: AppContext, from: number, target: number): Promise<boolean> {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const d of await depStore.blockersOf(app.store, id)) stack.push(d.dep_id);
  }
  return false;
}

function assertCanChange(app: AppContext, s: IssueScope): void {
  if (!canWriteIssues(s.perm) || !repoOption(s.repo, 'internal_tracker').enable_issue_dependencies) throw new ForbiddenError('CanCreateIssueDependencies');
}

/** Gitea's dependency comments: one on each issue, naming the other. */
async function dependencyEvents(app: AppContext, s: IssueScope, blocked: IssueRecord, blocker: IssueRecord, add: boolean): Promise<void> {
  const type = add ? 'add_dependency' : 'remove_dependency';
  await recordEvent(app, blocked.repo_id, blocked.index, s.doer!.id, type, { dep_repo_id: blocker.repo_id, dep_index: blocker.index });
  await recordEvent(app, blocker.repo_id, blocker.index, s.doer!.id, type, { dep_repo_id: blocked.repo_id, dep_index: blocked.index });
}

/**
 * Records that `blocked` depends on `blocker` (`pathBlocks`: the path issue is the blocker). Returns the path issue.
 */
export async function addDependency(app: AppContext, s: IssueScope, index: number, ref: IssueRef, pathBlocks: boolean): Promise<IssueRecord> {
  assertCanChange(app, s);
  const self = await getIssue(app, s.repo.id, index);
  const other = await resolveRef(app, s, ref);
  if (other.repo.id !== s.repo.id && !app.settings.bool('service.ALLOW_CROSS_REPOSITORY_DEPENDENCIES')) throw new ValidationError('dependency is not in the same repository');
  const [blocked, blocker] = pathBlocks ? [other.issue, self] : [self, other.issue];
  if (blocked.id === blocker.id) throw new ValidationError('an issue cannot depend on itself');
  if (await depStore.get(app.store, blocked.id, blocker.id)) throw new ValidationError('dependency already exists');
  if (await reaches(app, blocker.id, blocked.id)) throw new ValidationError('circular dependencies are not allowed');
  try {
    await depStore.insert(app.store, { issue_id: blocked.id, repo_id: blocked.repo_id, index: blocked.index, dep_id: blocker.id, dep_repo_id: blocker.repo_id, dep_index: blocker.index });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError('dependency already exists');
    throw err;
  }
  await dependencyEvents(app, s, blocked, blocker, true);
  return self;
}

/** Removes the dependency between the path issue and `ref`; returns the path issue. */
export async function removeDependency(app: AppContext, s: IssueScope, index: number, ref: IssueRef, pathBlocks: boolean): Promise<IssueRecord> {
  assertCanChange(app, s);
  const self = await getIssue(app, s.repo.id, index);
  const other = await resolveRef(app, s, ref);
  const [blocked, blocker] = pathBlocks ? [other.issue, self] : [self, other.issue];
  if (!(await depStore.remove(app.store, blocked.id, blocker.id))) throw new NotFoundError('dependency does not exist');
  await dependencyEvents(app, s, blocked, blocker, false);
  return self;
}

/** The issues the path issue depends on (`blocks` false) or blocks (true), each checked against the viewer's permission on its own repository. */
export async function listRelated(app: AppContext, s: IssueScope, index: number, blocks: boolean): Promise<Related[]> {
  const self = await getIssue(app, s.repo.id, index);
  const links = blocks ? await depStore.blockedBy(app.store, self.id) : await depStore.blockersOf(app.store, self.id);
  const out: Related[] = [];
  for (const d of links) {
    const [repoId, idx] = blocks ? [d.repo_id, d.index] : [d.dep_repo_id, d.dep_index];
    const repo = await repoStore.getById(app.store, repoId);
    const issue = repo ? await issueStore.get(app.store, repoId, idx) : undefined;
    const owner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
    if (!repo || !issue || !owner) continue;
    out.push((await canReadIssuesOf(app, s.doer, repo)) ? { visible: true, issue, repo, owner } : { visible: false });
  }
  return out;
}
