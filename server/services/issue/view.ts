/** What an answer about an issue needs besides the record: poster, assignees, labels, milestone with counts. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as userStore from '../../store/users.ts';
import * as milestoneStore from '../../store/milestones.ts';
import * as pullStore from '../../store/pulls.ts';
import * as issueStore from '../../store/issues.ts';
import * as commentStore from '../../store/issue-comments.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { labelsByIds, type LabelRecord } from './labels.ts';
import { milestoneView, type MilestoneView } from './milestones.ts';
import { atLeast, repoPermission, unitMode, type Permission } from '../permission/permissions.ts';
import { GHOST_USER_ID, systemUsers } from '../user/users.ts';
import { listIssueAttachments, type AttachmentRecord } from '../attachment/attachments.ts';

/** An issue and the records its answer shows. */
export interface IssueView {
  issue: IssueRecord;
  repo: RepoRecord;
  owner: UserRecord;
  poster: UserRecord;
  assignees: UserRecord[];
  labels: LabelRecord[];
  milestone: MilestoneView | null;
  attachments: AttachmentRecord[];
  pull: PullRecord | null;
}

/** The user with this id, or Gitea's Ghost when the account is gone. */
export async function userOrGhost(app: AppContext, id: number): Promise<UserRecord> {
  return (await userStore.getById(app.store, id)) ?? systemUsers().find((u) => u.id === GHOST_USER_ID)!;
}

/** Whether the permission allows writing issues (Gitea's CanWriteIssuesOrPulls for an issue). */
export const canWriteIssues = (perm: Permission): boolean => atLeast(unitMode(perm, 'repo.issues'), 'write');

/** Whether the viewer may read the issues of the repository (its unit on, their permission). */
export async function canReadIssuesOf(app: AppContext, viewer: UserRecord | null, repo: RepoRecord): Promise<boolean> {
  return repo.units.has_issues && atLeast(unitMode(await repoPermission(app, viewer, repo), 'repo.issues'), 'read');
}

/** Loads what an issue's answer shows. */
export async function issueView(app: AppContext, repo: RepoRecord, owner: UserRecord, issue: IssueRecord): Promise<IssueView> {
  const assignees: UserRecord[] = [];
  for (const id of issue.assignee_ids) {
    const u = await userStore.getById(app.store, id);
    if (u) assignees.push(u);
  }
  const m = issue.milestone_id ? await milestoneStore.get(app.store, issue.milestone_id) : undefined;
  return {
    issue, repo, owner, poster: await userOrGhost(app, issue.poster_id), assignees,
    labels: await labelsByIds(app, issue.label_ids), milestone: m ? await milestoneView(app, m) : null,
    attachments: await listIssueAttachments(app, repo.id, issue.index, 0),
    pull: issue.is_pull ? (await pullStore.getByIndex(app.store, repo.id, issue.index)) ?? null : null,
  };
}

/** Whether issue `index` (or the issue of comment `commentId`) of the repository is a pull request; null when it does not exist. */
export async function isPullItem(app: AppContext, repoId: number, t: { index?: number; commentId?: number }): Promise<boolean | null> {
  let index = t.index;
  if (t.commentId !== undefined) {
    const c = Number.isInteger(t.commentId) ? await commentStore.get(app.store, t.commentId) : undefined;
    if (!c || c.repo_id !== repoId) return null;
    index = c.issue_index;
  }
  const issue = index !== undefined && Number.isInteger(index) && index > 0 ? await issueStore.get(app.store, repoId, index) : undefined;
  return issue ? issue.is_pull : null;
}
