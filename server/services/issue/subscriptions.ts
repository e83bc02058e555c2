/**
 * Subscriptions to issues (Gitea's issue_watch): a user's explicit choice wins; without one, a user watches an
 * issue they take part in (its poster, a commenter) or whose repository they watch (Gitea's CheckIssueWatch).
 * The list holds the explicit subscribers, as Gitea's GetIssueWatchers. Only a site admin changes another's.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as watchStore from '../../store/issue-watches.ts';
import * as repoWatchStore from '../../store/watches.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as userStore from '../../store/users.ts';
import type { IssueRecord } from '../../store/issues.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { getIssue, type IssueScope } from './issues.ts';

/** Whether the user takes part in the issue: its poster or the poster of one of its comments. */
async function participates(app: AppContext, user: UserRecord, issue: IssueRecord): Promise<boolean> {
  if (issue.poster_id === user.id) return true;
  return (await commentStore.listTimeline(app.store, issue.repo_id, issue.index)).some((c) => commentStore.isPlain(c) && c.poster_id === user.id);
}

/** Whether the user watches the issue (Gitea's CheckIssueWatch). */
export async function isWatching(app: AppContext, user: UserRecord | null, issue: IssueRecord): Promise<boolean> {
  if (!user || user.type === 'organization') return false;
  const own = await watchStore.get(app.store, user.id, issue.repo_id, issue.index);
  if (own) return own.is_watching;
  return Boolean(await repoWatchStore.get(app.store, user.id, issue.repo_id)) || participates(app, user, issue);
}

/** Subscribes or unsubscribes `name` (the doer themself, or anyone for a site admin); `changed` false when it already was so. */
export async function setSubscription(app: AppContext, s: IssueScope, index: number, name: string, watch: boolean): Promise<{ changed: boolean }> {
  const issue = await getIssue(app, s.repo.id, index);
  const user = await userStore.getByName(app.store, name);
  if (!user) throw new NotFoundError('user does not exist');
  if (user.id !== s.doer!.id && !s.doer!.is_admin) throw new ForbiddenError(`${s.doer!.name} is not permitted to change subscriptions for ${user.name}`);
  if ((await isWatching(app, user, issue)) === watch) return { changed: false };
  await watchStore.set(app.store, user.id, s.repo.id, index, watch);
  return { changed: true };
}

/** One page of the issue's explicit subscribers, with the total. */
export async function listSubscribers(app: AppContext, s: IssueScope, index: number, page: number, limit: number): Promise<{ rows: UserRecord[]; total: number }> {
  await getIssue(app, s.repo.id, index);
  const { rows, total } = await watchStore.watching(app.store, s.repo.id, index, page, limit);
  const users: UserRecord[] = [];
  for (const w of rows) {
    const u = await userStore.getById(app.store, w.user_id);
    if (u && u.is_active && !u.prohibit_login) users.push(u);
  }
  return { rows: users, total };
}
