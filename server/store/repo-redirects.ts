/** Old names of renamed or transferred repositories (Gitea's repo_redirect table): one row per old owner and name. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface RepoRedirectRecord {
  id: number;
  owner_id: number;
  lower_name: string;
  redirect_repo_id: number;
}

const nameKey = (ownerId: number, name: string): string => compositeKey(ownerId, name.toLowerCase());

const table = new Table<RepoRedirectRecord>('repo_redirects', {
  unique: [{ name: 'name', key: (r) => nameKey(r.owner_id, r.lower_name) }],
  indexes: [{ name: 'repo', key: (r) => String(r.redirect_repo_id) }],
});

/** The repository id an old `name` of owner `ownerId` points to, if any. */
export async function lookup(store: Store, ownerId: number, name: string): Promise<number | undefined> {
  return (await table.getBy(store, 'name', nameKey(ownerId, name)))?.redirect_repo_id;
}

/** Drops the redirect of `name` under owner `ownerId` (a repository now has that name). */
export const removeName = (store: Store, ownerId: number, name: string) => table.removeBy(store, 'name', nameKey(ownerId, name));

/** Records that `name` under owner `ownerId` now means repository `repoId`, replacing an older record of that name. */
export async function set(store: Store, ownerId: number, name: string, repoId: number): Promise<void> {
  await removeName(store, ownerId, name);
  await table.insert(store, (id) => ({ id, owner_id: ownerId, lower_name: name.toLowerCase(), redirect_repo_id: repoId }));
}

/** Drops every redirect to a repository (when it is deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
