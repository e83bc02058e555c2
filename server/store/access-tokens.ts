/** Access tokens, looked up by the hash of their value. */
import type { Store } from './index.ts';
import type { AccessTokenRecord } from './records.ts';
import { Table } from './table.ts';

const table = new Table<AccessTokenRecord>('access_tokens');

export const insert = (store: Store, make: (id: number) => AccessTokenRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The token whose sha256 is `hash`. */
export const getByHash = (store: Store, hash: string) => table.find(store, (t) => t.token_hash === hash);

/** A user's tokens, oldest first. */
export const listByUser = (store: Store, uid: number) => table.list(store, (t) => t.uid === uid);

/** Records when a token was last used. */
export async function touch(store: Store, id: number, when: string): Promise<void> {
  await table.update(store, id, (t) => { t.last_used = when; });
}

/** Deletes every token of a user (when the user is deleted). */
export const removeByUser = (store: Store, uid: number) => table.removeWhere(store, (t) => t.uid === uid);
