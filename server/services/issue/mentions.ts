/** `@user` mentions in issue and comment text: the users named who exist and may read the repository (Gitea's ResolveIssueMentionsByVisibility). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { atLeast, unitMode, repoPermission } from '../permission/permissions.ts';

const MENTION = /(?:^|[\s([{,;:])@([0-9A-Za-z_.-]*[0-9A-Za-z_])/g;

/** The user names mentioned in `text`, lower case, once each. */
export function mentionNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]!.toLowerCase()))];
}

/** Ids of the mentioned users who may read the repository's issues, leaving out `except` (the author). */
export async function mentionedUsers(app: AppContext, repo: RepoRecord, owner: UserRecord, text: string, except: number): Promise<number[]> {
  const ids: number[] = [];
  for (const name of mentionNames(text)) {
    const u = await userStore.getByName(app.store, name);
    if (!u || u.id === except || u.type === 'organization') continue;
    if (atLeast(unitMode(await repoPermission(app, u, repo, owner), 'repo.issues'), 'read')) ids.push(u.id);
  }
  return ids;
}
