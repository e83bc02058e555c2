/** What an answer about an issue needs besides the record: poster, assignees, labels, milestone with counts. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as userStore from '../../store/users.ts';
import * as milestoneStore from '../../store/milestones.ts';
import * as pullStore from '../../store/pulls.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { labelsByIds, type LabelRecord } from './labels.ts';
import { milestoneView, type MilestoneView } from './milestones.ts';
import { atLeast, unitMode, type Permission } from '../permission/permissions.ts';
import { GHOST_USER_ID, systemUsers } from '../user/users.ts';

/** An issue and the records its answer shows. */
export interface IssueView {
  issue: IssueRecord;
  repo: RepoRecord;
  owner: UserRecord;
  poster: UserRecord;
  assignees: UserRecord[];
  labels: LabelRecord[];
  milestone: MilestoneView | null;
  pull: PullRecord | null;
}

/** The user with this id, or Gitea's Ghost when the account is gone. */
export async function userOrGhost(app: AppContext, id: number): Promise<UserRecord> {
  return (await userStore.getById(app.store, id)) ?? systemUsers().find((u) => u.id === GHOST_USER_ID)!;
}

/** Whether the permission allows writing issues (Gitea's CanWriteIssuesOrPulls for an issue). */
export const canWriteIssues = (perm: Permission): boolean => atLeast(unitMode(perm, 'repo.issues'), 'write');

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
    pull: issue.is_pull ? (await pullStore.getByIndex(app.store, repo.id, issue.index)) ?? null : null,
  };
}
