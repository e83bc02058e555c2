/** Repository records. The bare repository lives at `<data>/repositories/<storage_path>`. */
import path from 'node:path';
import type { Store } from './index.ts';
import type { RepoRecord } from './records.ts';
import { Table } from './table.ts';

const table = new Table<RepoRecord>('repositories');

export const getById = (store: Store, id: number) => table.get(store, id);
export const list = (store: Store, where?: (r: RepoRecord) => boolean) => table.list(store, where);
export const count = (store: Store, where?: (r: RepoRecord) => boolean) => table.count(store, where);
export const insert = (store: Store, make: (id: number) => RepoRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The repository `name` of owner `ownerId`, case-insensitively. */
export function getByOwnerAndName(store: Store, ownerId: number, name: string): Promise<RepoRecord | undefined> {
  const lower = name.toLowerCase();
  return table.find(store, (r) => r.owner_id === ownerId && r.lower_name === lower);
}

/** The repositories of one owner, by id. */
export const listByOwner = (store: Store, ownerId: number) => table.list(store, (r) => r.owner_id === ownerId);

/** Changes a repository in place, keeping `lower_name` in step with `name`. */
export function update(store: Store, id: number, mutate: (r: RepoRecord) => void): Promise<RepoRecord | undefined> {
  return table.update(store, id, (r) => {
    mutate(r);
    r.lower_name = r.name.toLowerCase();
  });
}

/** The root of all bare repositories. */
export const repositoriesRoot = (store: Store): string => path.join(store.dataDir, 'repositories');

/** The absolute path of a repository's bare git directory; refuses a storage path that would leave the root. */
export function gitDirOf(store: Store, repo: Pick<RepoRecord, 'storage_path'>): string {
  const root = repositoriesRoot(store);
  const full = path.resolve(root, repo.storage_path);
  if (!full.startsWith(root + path.sep)) throw new Error(`repository storage path escapes the data dir: ${repo.storage_path}`);
  return full;
}

/** The storage path given to a new repository: derived from its id only. */
export const storagePathFor = (id: number): string => path.join(String(id % 100).padStart(2, '0'), `${id}.git`);
