/** Users and organizations (one namespace, as in Gitea). */
import type { Store } from './index.ts';
import type { UserRecord } from './records.ts';
import { Table } from './engine/table.ts';

/** Unique index names, for services that map a conflict to Gitea's answer. */
export const NAME_INDEX = 'lower_name';
export const EMAIL_INDEX = 'email';

const lowerEmail = (u: UserRecord): string | null => (u.type === 'individual' && u.email ? u.email.toLowerCase() : null);

// Users and organizations share one namespace: one unique index over both kinds.
const table = new Table<UserRecord>('users', {
  unique: [{ name: NAME_INDEX, key: (u) => u.lower_name }, { name: EMAIL_INDEX, key: lowerEmail }],
  indexes: [{ name: 'type', key: (u) => u.type }],
});

export const getById = (store: Store, id: number) => table.get(store, id);
/** The user with this id as a shared frozen record, for read-only use (each request's signed-in user). */
export const peekById = (store: Store, id: number) => table.peek(store, id);
/** peekById() for several ids, in their order (missing ones left out). */
export const peekMany = (store: Store, ids: readonly number[]) => table.peekMany(store, ids);
export const list = (store: Store, where?: (u: UserRecord) => boolean) => table.list(store, where);
export const count = (store: Store, where: (u: UserRecord) => boolean) => table.count(store, where);
export const insert = (store: Store, make: (id: number) => UserRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The user or organization with this name, case-insensitively. */
export function getByName(store: Store, name: string): Promise<UserRecord | undefined> {
  return table.getBy(store, NAME_INDEX, name.toLowerCase());
}

/** getByName() for read-only use: the shared frozen record (see Table.peek). */
export function peekByName(store: Store, name: string): Promise<Readonly<UserRecord> | undefined> {
  return table.peekBy(store, NAME_INDEX, name.toLowerCase());
}

/** The individual user with this email, case-insensitively. */
export function getByEmail(store: Store, email: string): Promise<UserRecord | undefined> {
  return table.getBy(store, EMAIL_INDEX, email.toLowerCase());
}

/** Users or organizations (`type`) matching `where`, by id. */
export const listOfType = (store: Store, type: UserRecord['type'], where?: (u: UserRecord) => boolean) => table.listBy(store, 'type', type, where);

/** Changes a user in place, keeping `lower_name` in step with `name`. */
export function update(store: Store, id: number, mutate: (u: UserRecord) => void): Promise<UserRecord | undefined> {
  return table.update(store, id, (u) => {
    mutate(u);
    u.lower_name = u.name.toLowerCase();
  });
}
