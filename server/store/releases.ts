/**
 * Releases (Gitea's release table), tag-only releases of pushed tags included, unique tag per repository. Kept in
 * append-only logs (LogTable): every tag made by a push or the API adds a row, so a one-document table grew with
 * every tag of every repository and each new tag rewrote all of them.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';

export interface ReleaseRecord {
  id: number;
  repo_id: number;
  /** 0 when nobody known published it (a tag whose tagger has no account). */
  publisher_id: number;
  tag_name: string;
  lower_tag_name: string;
  /** What the tag is made from when the release creates it (Gitea's `target_commitish`). */
  target: string;
  /** Gitea's `title`, answered as `name`. */
  title: string;
  /** Gitea's `note`, answered as `body`. */
  note: string;
  /** The tag's commit; '' while a draft's tag does not exist. */
  sha1: string;
  is_draft: boolean;
  is_prerelease: boolean;
  /** A tag pushed with git and no release written for it (hidden by the release API, shown on the tags page). */
  is_tag: boolean;
  created: string;
}

const table = new LogTable<ReleaseRecord>('releases', {
  unique: [{ name: 'tag', key: (r) => compositeKey(r.repo_id, r.lower_tag_name) }],
  indexes: [{ name: 'repo', key: (r) => String(r.repo_id) }],
});

/** The release with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** The release (or tag-only release) of a tag, names compared case-insensitively as Gitea does. */
export const getByTag = (store: Store, repoId: number, tag: string) => table.getBy(store, 'tag', compositeKey(repoId, tag.toLowerCase()));

/** Gitea's order: newest first, then highest id. */
export const NEWEST = (a: ReleaseRecord, b: ReleaseRecord): number => b.created.localeCompare(a.created) || b.id - a.id;

/** One page of a repository's releases matching `where`, newest first. */
export function list(store: Store, repoId: number, where: (r: ReleaseRecord) => boolean, page: number, limit: number): Promise<Page<ReleaseRecord>> {
  return table.query(store, { index: { name: 'repo', key: String(repoId) }, where, sort: NEWEST, page, limit });
}

/** Every release of a repository matching `where`, by id. */
export const listAll = (store: Store, repoId: number, where?: (r: ReleaseRecord) => boolean) => table.listBy(store, 'repo', String(repoId), where);

/** Stores a new release; throws UniqueViolation when the tag has one. */
export const insert = (store: Store, make: (id: number) => ReleaseRecord) => table.insert(store, make);

/** insert() that resolves once memory holds the release, with `saved` for its append. */
export const insertStaged = (store: Store, make: (id: number) => ReleaseRecord) => table.insertStaged(store, make);

/** Changes a release. */
export const update = (store: Store, id: number, mutate: (r: ReleaseRecord) => void) => table.update(store, id, mutate);

/** Deletes a release. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's releases. */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
