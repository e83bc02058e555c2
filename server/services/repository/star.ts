/** Starring repositories: the acting user's stars, a repository's stargazers, a user's starred repositories. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as starStore from '../../store/stars.ts';
import * as userStore from '../../store/users.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { pageReadableIds, type PageRequest, type RepoPage } from './repos.ts';

/** Gitea's reqStarsEnabled: every star route answers 403 while `[repository] DISABLE_STARS` is set. */
export function requireStarsEnabled(app: AppContext): void {
  if (app.settings.bool('repository.DISABLE_STARS')) throw new ForbiddenError('stars disabled by admin');
}

/** True when `userId` starred `repoId`. */
export async function isStarring(app: AppContext, userId: number, repoId: number): Promise<boolean> {
  return !!(await starStore.get(app.store, userId, repoId));
}

/** Stars `repo` for `user` (no-op when already starred). */
export async function starRepo(app: AppContext, userId: number, repoId: number): Promise<void> {
  if (await isStarring(app, userId, repoId)) return;
  await starStore.insert(app.store, userId, repoId).catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err; // a concurrent star of the same pair won
  });
}

/** Takes the star of `user` off `repo` (no-op when not starred). */
export async function unstarRepo(app: AppContext, userId: number, repoId: number): Promise<void> {
  await starStore.remove(app.store, userId, repoId);
}

/** 404 when `user` has not starred `repo` (Gitea's answer to the check). */
export async function requireStarring(app: AppContext, user: UserRecord, repo: RepoRecord): Promise<void> {
  if (!(await isStarring(app, user.id, repo.id))) throw new NotFoundError();
}

/** How many repositories `user` starred (the User's starred_repos_count; Gitea counts them all, readable or not). */
export const countStarred = (app: AppContext, userId: number): Promise<number> => starStore.countByUser(app.store, userId);

/** One page of the users who starred `repo`, in the order they starred it, and how many did. */
export async function listStargazers(app: AppContext, repo: RepoRecord, paging: PageRequest): Promise<{ users: UserRecord[]; total: number }> {
  const { rows, total } = await starStore.pageByRepo(app.store, repo.id, paging);
  const users = await Promise.all(rows.map((s) => userStore.getById(app.store, s.user_id)));
  return { users: users.filter((u): u is UserRecord => !!u), total };
}

/** One page of the repositories `user` starred that `viewer` may read, in the order they were starred. */
export async function listStarred(app: AppContext, user: UserRecord, viewer: UserRecord | null, paging: PageRequest): Promise<RepoPage> {
  const ids = (await starStore.listByUser(app.store, user.id)).map((s) => s.repo_id);
  return pageReadableIds(app, viewer, ids, paging);
}
