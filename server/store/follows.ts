/**
 * Who follows whom (Gitea's follow table): one row per pair, found by the pair, by follower and by followed
 * account. Small on a desktop: one document, like the user-repository link tables.
 */
import type { Store } from './index.ts';
import type { FollowRecord } from './records.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

const table = new Table<FollowRecord>('follows', {
  unique: [{ name: 'user_follow', key: (f) => compositeKey(f.user_id, f.follow_id) }],
  indexes: [{ name: 'user', key: (f) => String(f.user_id) }, { name: 'follow', key: (f) => String(f.follow_id) }],
});

/** The row saying `userId` follows `followId`, if any. */
export const get = (store: Store, userId: number, followId: number) => table.getBy(store, 'user_follow', compositeKey(userId, followId));

/** The accounts `userId` follows, as follow ids, oldest follow first. */
export async function followingIds(store: Store, userId: number): Promise<readonly number[]> {
  return table.pluckBy(store, 'follow_id', 'user', String(userId), (f) => f.follow_id);
}

/** The users following `followId`, as user ids, oldest follow first. */
export async function followerIds(store: Store, followId: number): Promise<readonly number[]> {
  return table.pluckBy(store, 'user_id', 'follow', String(followId), (f) => f.user_id);
}

/** How many accounts `userId` follows. */
export const countFollowing = (store: Store, userId: number) => table.countBy(store, 'user', String(userId));

/** How many users follow `followId`. */
export const countFollowers = (store: Store, followId: number) => table.countBy(store, 'follow', String(followId));

/** Records that `userId` follows `followId`; a pair that exists already is a UniqueViolation. */
export const insert = (store: Store, userId: number, followId: number) =>
  table.insert(store, (id) => ({ id, user_id: userId, follow_id: followId, created: new Date().toISOString() }));

/** Removes the row of the pair (a no-op when there is none). */
export const remove = (store: Store, userId: number, followId: number) => table.removeBy(store, 'user_follow', compositeKey(userId, followId));

/** Removes every row naming `userId`, as follower and as followed (when the account is deleted). */
export async function removeAccount(store: Store, userId: number): Promise<void> {
  await table.removeBy(store, 'user', String(userId));
  await table.removeBy(store, 'follow', String(userId));
}
