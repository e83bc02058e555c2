/**
 * Release attachments (Gitea's attachment table, rows with a release_id), indexed by release and repository. The file
 * itself lives under `<data>/attachments/<u0>/<u1>/<uuid>` (Gitea's layout). Kept in append-only logs (LogTable), as
 * they grow with every upload: a one-document table held the assets of every repository and each upload or counted
 * download rewrote all of them. An existing release_assets.json is imported into the logs on first use.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';

export interface ReleaseAssetRecord {
  id: number;
  uuid: string;
  repo_id: number;
  release_id: number;
  uploader_id: number;
  name: string;
  size: number;
  download_count: number;
  created: string;
}

const table = new LogTable<ReleaseAssetRecord>('release_assets', {
  unique: [{ name: 'uuid', key: (a) => a.uuid }],
  indexes: [{ name: 'release', key: (a) => String(a.release_id) }, { name: 'repo', key: (a) => String(a.repo_id) }],
});

/** The asset with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** The asset with this uuid. */
export const getByUuid = (store: Store, uuid: string) => table.getBy(store, 'uuid', uuid);

/** A release's assets, oldest first. */
export const listByRelease = (store: Store, releaseId: number) => table.listBy(store, 'release', String(releaseId));

/** The assets of several releases, by release id. */
export async function listByReleases(store: Store, ids: number[]): Promise<Map<number, ReleaseAssetRecord[]>> {
  const out = new Map<number, ReleaseAssetRecord[]>();
  for (const id of ids) out.set(id, await listByRelease(store, id));
  return out;
}

/** A repository's assets. */
export const listByRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));

/** Stores a new asset record. */
export const insert = (store: Store, make: (id: number) => ReleaseAssetRecord) => table.insert(store, make);

/** Changes an asset record. */
export const update = (store: Store, id: number, mutate: (a: ReleaseAssetRecord) => void) => table.update(store, id, mutate);

/** Deletes an asset record. */
export const remove = (store: Store, id: number) => table.remove(store, id);
