/**
 * Who gets a thread for an event (Gitea's createOrUpdateIssueNotifications): the repository's watchers, the issue's
 * explicit subscribers, poster, assignees and commenters, minus those who unsubscribed from the issue; mentioned
 * users always (they were named). Never the actor, and never a user who cannot read the issue's unit.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as watchStore from '../../store/watches.ts';
import * as issueWatchStore from '../../store/issue-watches.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as userStore from '../../store/users.ts';
import { atLeast, repoPermission, unitMode, type RepoUnit } from '../permission/permissions.ts';
import { mentionNames } from '../issue/mentions.ts';
import { timeSlicer } from '../../lib/time-slice.ts';

/** Ids of the users who watch the repository. */
export async function repoWatcherIds(app: AppContext, repoId: number): Promise<number[]> {
  return (await watchStore.listByRepo(app.store, repoId)).map((w) => w.user_id);
}

/** Ids of the users named with `@` in `text` who exist. */
async function mentionedIds(app: AppContext, text: string): Promise<number[]> {
  const ids: number[] = [];
  for (const name of mentionNames(text)) {
    const u = await userStore.peekByName(app.store, name);
    if (u) ids.push(u.id);
  }
  return ids;
}

/** The users to notify of an event on `issue` (`mentionText`: the new text that may name users). */
export async function issueReceivers(app: AppContext, issue: IssueRecord, mentionText: string): Promise<number[]> {
  const { repo_id: repoId, index } = issue;
  const ids = new Set<number>([issue.poster_id, ...issue.assignee_ids, ...(await repoWatcherIds(app, repoId))]);
  for (const w of (await issueWatchStore.watching(app.store, repoId, index, 1, 0)).rows) ids.add(w.user_id);
  for (const c of await commentStore.listTimeline(app.store, repoId, index)) if (commentStore.isPlain(c)) ids.add(c.poster_id);
  const slice = timeSlicer();
  for (const id of [...ids]) {
    await slice();
    const choice = await issueWatchStore.get(app.store, id, repoId, index);
    if (choice && !choice.is_watching) ids.delete(id);
  }
  for (const id of await mentionedIds(app, mentionText)) ids.add(id);
  return [...ids];
}

/** The receivers who may get a thread: active people, not the actor, who can read `unit` of the repository. */
export async function allowedReceivers(app: AppContext, repo: RepoRecord, owner: UserRecord, ids: number[], actorId: number, unit: RepoUnit): Promise<number[]> {
  const out: number[] = [];
  const slice = timeSlicer();
  for (const id of ids) {
    await slice();
    if (id === actorId || id <= 0) continue;
    const u = await userStore.getById(app.store, id);
    if (!u || u.type !== 'individual' || !u.is_active || u.prohibit_login) continue;
    if (atLeast(unitMode(await repoPermission(app, u, repo, owner), unit), 'read')) out.push(id);
  }
  return out;
}
