/** Users and organizations (one namespace, as in Gitea). */
import type { Store } from './index.ts';
import type { UserRecord } from './records.ts';
import { Table } from './table.ts';

const table = new Table<UserRecord>('users');

export const getById = (store: Store, id: number) => table.get(store, id);
export const list = (store: Store, where?: (u: UserRecord) => boolean) => table.list(store, where);
export const count = (store: Store, where: (u: UserRecord) => boolean) => table.count(store, where);
export const insert = (store: Store, make: (id: number) => UserRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The user or organization with this name, case-insensitively. */
export function getByName(store: Store, name: string): Promise<UserRecord | undefined> {
  const lower = name.toLowerCase();
  return table.find(store, (u) => u.lower_name === lower);
}

/** The individual user with this email, case-insensitively. */
export function getByEmail(store: Store, email: string): Promise<UserRecord | undefined> {
  const lower = email.toLowerCase();
  return table.find(store, (u) => u.type === 'individual' && u.email.toLowerCase() === lower);
}

/** Changes a user in place, keeping `lower_name` in step with `name`. */
export function update(store: Store, id: number, mutate: (u: UserRecord) => void): Promise<UserRecord | undefined> {
  return table.update(store, id, (u) => {
    mutate(u);
    u.lower_name = u.name.toLowerCase();
  });
}
