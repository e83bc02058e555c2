/** Repository records. The bare repository lives at `<data>/repositories/<storage_path>`. */
import path from 'node:path';
import type { Store } from './index.ts';
import type { RepoRecord } from './records.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page, Query } from './engine/query.ts';

/** The unique index of `(owner_id, lower_name)`. */
export const NAME_INDEX = 'owner_name';
const nameKey = (ownerId: number, lower: string): string => compositeKey(ownerId, lower);

const table = new Table<RepoRecord>('repositories', {
  unique: [{ name: NAME_INDEX, key: (r) => nameKey(r.owner_id, r.lower_name) }],
  indexes: [{ name: 'owner', key: (r) => String(r.owner_id) }, { name: 'fork', key: (r) => (r.is_fork ? String(r.fork_id) : null) }],
});

export const getById = (store: Store, id: number) => table.get(store, id);
/** getById() for read-only use: the shared frozen record (see Table.peek). */
export const peekById = (store: Store, id: number) => table.peek(store, id);
export const list = (store: Store, where?: (r: RepoRecord) => boolean) => table.list(store, where);
export const count = (store: Store, where?: (r: RepoRecord) => boolean) => table.count(store, where);
export const insert = (store: Store, make: (id: number) => RepoRecord) => table.insert(store, make);
export const remove = (store: Store, id: number) => table.remove(store, id);
export const getMany = (store: Store, ids: number[]) => table.getMany(store, ids);
/** getMany as shared frozen records, for read-only use (the items of a list or search page). */
export const peekMany = (store: Store, ids: number[]) => table.peekMany(store, ids);

/** One page of the repositories matching `q`, and the total. */
export const query = (store: Store, q: Query<RepoRecord>): Promise<Page<RepoRecord>> => table.query(store, q);

/** The fields an access check needs, for every repository matching `where`, in `sort` order. */
export type RepoKey = Pick<RepoRecord, 'id' | 'owner_id' | 'is_private'>;
const keyOf = (r: Readonly<RepoRecord>): RepoKey => ({ id: r.id, owner_id: r.owner_id, is_private: r.is_private });
export const selectKeys = (store: Store, where: (r: RepoRecord) => boolean, sort?: (a: RepoRecord, b: RepoRecord) => number): Promise<RepoKey[]> =>
  table.select(store, where, keyOf, sort);

/**
 * Every repository in a named sort order the table keeps between searches (rebuilt after a write). One name, one
 * compare. The stored records themselves, not copies: read-only, for a search that cuts its page before it copies.
 */
export const ordered = (store: Store, name: string, compare: (a: RepoRecord, b: RepoRecord) => number): Promise<readonly Readonly<RepoRecord>[]> =>
  table.ordered(store, name, compare);

/** The access-check fields and the topics of every repository having a topic that `match` accepts, by id. */
export const selectByTopic = (store: Store, match: (topic: string) => boolean): Promise<(RepoKey & { topics: string[] })[]> =>
  table.select(store, (r) => !!r.topics?.some(match), (r) => ({ ...keyOf(r), topics: [...(r.topics ?? [])] }));

/** The access-check fields of one owner's repositories, by id. */
export async function keysByOwner(store: Store, ownerId: number): Promise<RepoKey[]> {
  return (await table.query(store, { index: { name: 'owner', key: String(ownerId) } })).rows
    .map((r) => ({ id: r.id, owner_id: r.owner_id, is_private: r.is_private }));
}

/** How many repositories an owner has. */
/** How many forks of the repository `repoId` exist (an index lookup, not a scan of every repository). */
export const countForks = (store: Store, repoId: number) => table.countBy(store, 'fork', String(repoId), (r) => r.is_fork);

/** countForks of each repository, in the order given. */
export const countForksEach = (store: Store, repoIds: readonly number[]) => table.countByEach(store, 'fork', repoIds.map(String), (r) => r.is_fork);

export const countByOwner = (store: Store, ownerId: number) => table.countBy(store, 'owner', String(ownerId));

/** The repository `name` of owner `ownerId`, case-insensitively. */
export function getByOwnerAndName(store: Store, ownerId: number, name: string): Promise<RepoRecord | undefined> {
  return table.getBy(store, NAME_INDEX, nameKey(ownerId, name.toLowerCase()));
}

/** getByOwnerAndName() for read-only use: the shared frozen record (see Table.peek). */
export function peekByOwnerAndName(store: Store, ownerId: number, name: string): Promise<Readonly<RepoRecord> | undefined> {
  return table.peekBy(store, NAME_INDEX, nameKey(ownerId, name.toLowerCase()));
}

/** The repositories of one owner, by id. */
export const listByOwner = (store: Store, ownerId: number) => table.listBy(store, 'owner', String(ownerId));

/** Changes a repository in place, keeping `lower_name` in step with `name`. */
export function update(store: Store, id: number, mutate: (r: RepoRecord) => void): Promise<RepoRecord | undefined> {
  return table.update(store, id, (r) => {
    mutate(r);
    r.lower_name = r.name.toLowerCase();
  });
}

/** update() that resolves once memory holds the change, with `saved` for the disk write (Table.updateStaged). */
export function updateStaged(store: Store, id: number, mutate: (r: RepoRecord) => void, lagMs = 0): Promise<{ row: RepoRecord; saved: Promise<void> } | undefined> {
  return table.updateStaged(store, id, (r) => {
    mutate(r);
    r.lower_name = r.name.toLowerCase();
  }, lagMs);
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

/** The absolute path of a repository's wiki repository: `{storage}.wiki.git` beside its bare repository. */
export function wikiGitDirOf(store: Store, repo: Pick<RepoRecord, 'storage_path'>): string {
  return gitDirOf(store, repo).replace(/\.git$/, '.wiki.git');
}
