/** Access tokens, looked up by the hash of their value. */
import type { Store } from './index.ts';
import type { AccessTokenRecord } from './records.ts';
import { Table } from './engine/table.ts';

const table = new Table<AccessTokenRecord>('access_tokens', {
  unique: [{ name: 'hash', key: (t) => t.token_hash }],
  indexes: [{ name: 'uid', key: (t) => String(t.uid) }],
});

export const insert = (store: Store, make: (id: number) => AccessTokenRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The token whose sha256 is `hash`. */
export const getByHash = (store: Store, hash: string) => table.getBy(store, 'hash', hash);

/** getByHash as a shared frozen record, for read-only use (authenticating each request). */
export const peekByHash = (store: Store, hash: string) => table.peekBy(store, 'hash', hash);

/** A user's tokens, oldest first. */
export const listByUser = (store: Store, uid: number) => table.listBy(store, 'uid', String(uid));

/** Records when a token was last used. */
export async function touch(store: Store, id: number, when: string): Promise<void> {
  await table.update(store, id, (t) => { t.last_used = when; });
}

/** Deletes every token of a user (when the user is deleted). */
export const removeByUser = (store: Store, uid: number) => table.removeBy(store, 'uid', String(uid));
