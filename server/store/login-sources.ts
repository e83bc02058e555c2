/** Login sources (LDAP bind). */
import type { Store } from './index.ts';
import type { LoginSourceRecord } from './records.ts';
import { Table } from './engine/table.ts';

const table = new Table<LoginSourceRecord>('login_sources');

export const list = (store: Store) => table.list(store);
export const getById = (store: Store, id: number) => table.get(store, id);
export const getByName = (store: Store, name: string) => table.find(store, (s) => s.name === name);
export const insert = (store: Store, make: (id: number) => LoginSourceRecord) => table.insert(store, make);
export const update = (store: Store, id: number, mutate: (s: LoginSourceRecord) => void) => table.update(store, id, mutate);
export const remove = (store: Store, id: number) => table.remove(store, id);
