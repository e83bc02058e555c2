/** Watching repositories: the acting user's subscription, a repository's watchers, a user's watched repositories. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as watchStore from '../../store/watches.ts';
import * as userStore from '../../store/users.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { pageReadableIds, type PageRequest, type RepoPage } from './repos.ts';

/** True when `user` watches `repo`. */
export async function isWatching(app: AppContext, userId: number, repoId: number): Promise<boolean> {
  return !!(await watchStore.get(app.store, userId, repoId));
}

/** Makes `user` watch `repo` (no-op when already watching). Repository creation and pushes may call it too. */
export async function watchRepo(app: AppContext, userId: number, repoId: number): Promise<void> {
  if (await isWatching(app, userId, repoId)) return;
  await watchStore.insert(app.store, userId, repoId).catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err; // a concurrent watch of the same pair won
  });
}

/** Subscribes watches to the bus: Gitea's AUTO_WATCH_NEW_REPOS (the creator) and AUTO_WATCH_ON_CHANGES (the pusher). */
export function subscribeWatches(app: AppContext): void {
  app.bus.subscribe('repo.created', 'watches', async (e) => {
    if (app.settings.bool('service.AUTO_WATCH_NEW_REPOS')) await watchRepo(app, e.doer.id, e.repo.id);
  });
  app.bus.subscribe('ref.updated', 'watches', async (e) => {
    if (app.settings.bool('service.AUTO_WATCH_ON_CHANGES')) await watchRepo(app, e.pusher.id, e.repo.id);
  });
}

/** Stops `user` watching `repo` (no-op when not watching). */
export async function unwatchRepo(app: AppContext, userId: number, repoId: number): Promise<void> {
  await watchStore.remove(app.store, userId, repoId);
}

/** The acting user's subscription; 404 when not watching (Gitea's answer). */
export async function requireWatching(app: AppContext, user: UserRecord, repo: RepoRecord): Promise<void> {
  if (!(await isWatching(app, user.id, repo.id))) throw new NotFoundError();
}

/** How many users watch the repository (the Repository's watchers_count). */
export const countWatchers = (app: AppContext, repoId: number): Promise<number> => watchStore.countByRepo(app.store, repoId);

/** Users watching the repository, in the order they started, active accounts only. */
export async function listWatchers(app: AppContext, repo: RepoRecord): Promise<UserRecord[]> {
  const users = await Promise.all((await watchStore.listByRepo(app.store, repo.id)).map((w) => userStore.getById(app.store, w.user_id)));
  return users.filter((u): u is UserRecord => !!u && u.is_active && !u.prohibit_login);
}

/** One page of the repositories `user` watches that `viewer` may read, in the order they were watched. */
export async function listWatched(app: AppContext, user: UserRecord, viewer: UserRecord | null, paging: PageRequest): Promise<RepoPage> {
  const ids = (await watchStore.listByUser(app.store, user.id)).map((w) => w.repo_id);
  return pageReadableIds(app, viewer, ids, paging);
}
