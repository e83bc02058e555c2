/**
 * Deleting issues: one issue by a repository admin (Gitea's DeleteIssue: its comments and dependencies go with
 * it), and everything of a deleted repository (labels, milestones, comments, dependencies, issue partitions).
 */
import type { AppContext } from '../context.ts';
import * as issueStore from '../../store/issues.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as labelStore from '../../store/labels.ts';
import * as milestoneStore from '../../store/milestones.ts';
import * as dependencyStore from '../../store/issue-dependencies.ts';
import * as reactionStore from '../../store/issue-reactions.ts';
import * as issueWatchStore from '../../store/issue-watches.ts';
import { getIssue, notify, type IssueScope } from './issues.ts';
import { deleteIssueAssets } from './attachments.ts';
import { deleteRepositoryAttachments } from '../attachment/attachments.ts';

/** Deletes an issue with its comments and dependencies; the route lets repository admins only. */
export async function deleteIssue(app: AppContext, s: IssueScope, index: number): Promise<void> {
  const issue = await getIssue(app, s.repo.id, index);
  await commentStore.removeByIssue(app.store, s.repo.id, index);
  await dependencyStore.removeByIssue(app.store, issue.id);
  await reactionStore.removeByIssue(app.store, s.repo.id, index);
  await deleteIssueAssets(app, s.repo.id, index);
  await issueWatchStore.removeByIssue(app.store, s.repo.id, index);
  await issueStore.remove(app.store, s.repo.id, index);
  await notify(app, s, issue, 'issues', 'deleted');
}

/** Drops the issue tracker's records of a deleted repository. */
export async function forgetRepositoryIssues(app: AppContext, repoId: number): Promise<void> {
  await dependencyStore.removeByRepo(app.store, repoId);
  await commentStore.removeByRepo(app.store, repoId);
  await reactionStore.removeByRepo(app.store, repoId);
  await deleteRepositoryAttachments(app, repoId);
  await issueWatchStore.removeByRepo(app.store, repoId);
  await labelStore.removeByRepo(app.store, repoId);
  await milestoneStore.removeByRepo(app.store, repoId);
  await issueStore.removeRepo(app.store, repoId);
}
