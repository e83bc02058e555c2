/**
 * Following users and organizations (Gitea's models/user/follow.go and its API): follow, unfollow, the checks,
 * and the followers and following lists as a viewer may see them. Each account keeps its counts
 * (`num_followers`, `num_following`, as Gitea's user columns), so every User answer carries them.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as followStore from '../../store/follows.ts';
import * as userStore from '../../store/users.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { ownerVisibleFilter } from '../permission/permissions.ts';
import { getVisibleUser } from './users.ts';

export interface PageRequest { page: number; limit: number }
export interface UserPage { users: readonly Readonly<UserRecord>[]; total: number }

// One lock for every follow write: a write recounts both accounts from the table, so the counts never drift.
const withFollowLock = <T>(app: AppContext, fn: () => Promise<T>): Promise<T> => app.locks.run('follows', fn);

/** Sets the stored counts of `ids` from the table (only the ones that changed, so an unchanged record keeps its ETag). */
async function recount(app: AppContext, ids: number[]): Promise<void> {
  for (const id of ids) {
    const followers = await followStore.countFollowers(app.store, id);
    const following = await followStore.countFollowing(app.store, id);
    const u = await userStore.peekById(app.store, id);
    if (!u || ((u.num_followers ?? 0) === followers && (u.num_following ?? 0) === following)) continue;
    await userStore.update(app.store, id, (r) => {
      r.num_followers = followers;
      r.num_following = following;
    });
  }
}

/** True when `userId` follows `followId`. */
export async function isFollowing(app: AppContext, userId: number, followId: number): Promise<boolean> {
  return !!(await followStore.get(app.store, userId, followId));
}

/** `doer` follows `target` (a user or an organization). As in Gitea, following oneself or a second time is a no-op. */
export async function followUser(app: AppContext, doer: UserRecord, target: UserRecord): Promise<void> {
  if (doer.id === target.id) return;
  await withFollowLock(app, async () => {
    if (await isFollowing(app, doer.id, target.id)) return;
    await followStore.insert(app.store, doer.id, target.id).catch((err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
    });
    await recount(app, [doer.id, target.id]);
  });
}

/** `doer` stops following `target` (a no-op when it did not). */
export async function unfollowUser(app: AppContext, doer: UserRecord, target: UserRecord): Promise<void> {
  await withFollowLock(app, async () => {
    if ((await followStore.remove(app.store, doer.id, target.id)) > 0) await recount(app, [doer.id, target.id]);
  });
}

/** 404 (Gitea's answer to the check) unless `user` follows `target`. */
export async function requireFollowing(app: AppContext, user: UserRecord, target: UserRecord): Promise<void> {
  if (!(await isFollowing(app, user.id, target.id))) throw new NotFoundError();
}

/**
 * The account `name` names on /user/following/{username}, as getVisibleUser finds it for `doer`. One the doer can
 * no longer see but still follows (it went private) is found for `unfollow`, so the doer can let it go.
 */
export async function followTarget(app: AppContext, name: string, doer: UserRecord, scopes: string[] | undefined, unfollow = false): Promise<UserRecord> {
  try {
    return await getVisibleUser(app, name, doer, scopes);
  } catch (err) {
    if (!unfollow || !(err instanceof NotFoundError)) throw err;
    const u = await userStore.getByName(app.store, name);
    if (u && (await isFollowing(app, doer.id, u.id))) return u;
    throw err;
  }
}

/** One page of `ids` as users `viewer` may see (only public ones for a public-only token), and how many there are. */
async function pageVisible(app: AppContext, ids: readonly number[], viewer: UserRecord | null, publicOnly: boolean, paging: PageRequest): Promise<UserPage> {
  const sees = await ownerVisibleFilter(app, viewer);
  const visible = (await userStore.peekMany(app.store, ids)).filter((u) => sees(u) && (!publicOnly || u.visibility === 'public'));
  const start = (paging.page - 1) * paging.limit;
  // The shared frozen records serve the answer as they are: no copy per listed user.
  return { users: visible.slice(start, start + paging.limit), total: visible.length };
}

/** The users following `user` that `viewer` may see, one page, oldest follow first (Gitea lists individuals only). */
export async function listFollowers(app: AppContext, user: UserRecord, viewer: UserRecord | null, publicOnly: boolean, paging: PageRequest): Promise<UserPage> {
  return pageVisible(app, await followStore.followerIds(app.store, user.id), viewer, publicOnly, paging);
}

/** The users and organizations `user` follows that `viewer` may see, one page, oldest follow first. */
export async function listFollowing(app: AppContext, user: UserRecord, viewer: UserRecord | null, publicOnly: boolean, paging: PageRequest): Promise<UserPage> {
  return pageVisible(app, await followStore.followingIds(app.store, user.id), viewer, publicOnly, paging);
}

/** Removes every follow of a deleted account, both ways, and recounts the accounts on the other side. */
export async function forgetFollows(app: AppContext, userId: number): Promise<void> {
  await withFollowLock(app, async () => {
    const others = [...new Set([...(await followStore.followerIds(app.store, userId)), ...(await followStore.followingIds(app.store, userId))])];
    await followStore.removeAccount(app.store, userId);
    await recount(app, others.filter((id) => id !== userId));
  });
}
