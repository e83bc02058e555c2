/**
 * Package records (Gitea's models/packages): a package per owner, type and name; its versions; each version's
 * files; and the blobs the files point at, one per sha256 (the file content lives in the data dir's
 * `packages/` folder, named by that checksum). Unique indexes: (owner, type, name), (package, version),
 * (version, file name), blob sha256.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page, Query } from './engine/query.ts';

export type PackageType = 'generic' | 'npm';

export interface PackageRecord {
  id: number;
  owner_id: number;
  type: PackageType;
  name: string;
  lower_name: string;
  /** The repository the package is linked to; 0 when none. */
  repo_id: number;
  created: string;
}

export interface PackageVersionRecord {
  id: number;
  package_id: number;
  owner_id: number;
  creator_id: number;
  version: string;
  lower_version: string;
  created: string;
  /** Type-specific metadata (npm: description, dependencies, readme ...). */
  metadata: Record<string, unknown>;
  /** npm dist-tags pointing at this version. */
  tags: string[];
}

export interface PackageFileRecord {
  id: number;
  version_id: number;
  blob_id: number;
  name: string;
  lower_name: string;
  size: number;
  created: string;
}

export interface PackageBlobRecord {
  id: number;
  sha256: string;
  sha1: string;
  sha512: string;
  md5: string;
  size: number;
  created: string;
}

export const PACKAGE_NAME_INDEX = 'owner_type_name';
export const VERSION_INDEX = 'package_version';
export const FILE_NAME_INDEX = 'version_name';

const packages = new LogTable<PackageRecord>('packages', {
  unique: [{ name: PACKAGE_NAME_INDEX, key: (p) => compositeKey(p.owner_id, p.type, p.lower_name) }],
  indexes: [{ name: 'owner', key: (p) => String(p.owner_id) }, { name: 'repo', key: (p) => (p.repo_id ? String(p.repo_id) : null) }],
});
const versions = new LogTable<PackageVersionRecord>('package_versions', {
  unique: [{ name: VERSION_INDEX, key: (v) => compositeKey(v.package_id, v.lower_version) }],
  indexes: [{ name: 'package', key: (v) => String(v.package_id) }, { name: 'owner', key: (v) => String(v.owner_id) }],
});
const files = new LogTable<PackageFileRecord>('package_files', {
  unique: [{ name: FILE_NAME_INDEX, key: (f) => compositeKey(f.version_id, f.lower_name) }],
  indexes: [{ name: 'version', key: (f) => String(f.version_id) }, { name: 'blob', key: (f) => String(f.blob_id) }],
});
const blobs = new LogTable<PackageBlobRecord>('package_blobs', { unique: [{ name: 'sha256', key: (b) => b.sha256 }] });

export const getPackage = (store: Store, id: number) => packages.get(store, id);
export const getPackageByName = (store: Store, ownerId: number, type: PackageType, name: string) =>
  packages.getBy(store, PACKAGE_NAME_INDEX, compositeKey(ownerId, type, name.toLowerCase()));
export const insertPackage = (store: Store, make: (id: number) => PackageRecord) => packages.insert(store, make);
export const updatePackage = (store: Store, id: number, mutate: (p: PackageRecord) => void) => packages.update(store, id, mutate);
export const removePackage = (store: Store, id: number) => packages.remove(store, id);
export const packagesOfOwner = (store: Store, ownerId: number) => packages.listBy(store, 'owner', String(ownerId));
export const packagesOfRepo = (store: Store, repoId: number) => packages.listBy(store, 'repo', String(repoId));

export const getVersion = (store: Store, id: number) => versions.get(store, id);
export const getVersionByName = (store: Store, packageId: number, version: string) =>
  versions.getBy(store, VERSION_INDEX, compositeKey(packageId, version.toLowerCase()));
export const versionsOfPackage = (store: Store, packageId: number) => versions.listBy(store, 'package', String(packageId));
export const queryVersions = (store: Store, q: Query<PackageVersionRecord>): Promise<Page<PackageVersionRecord>> => versions.query(store, q);
export const insertVersion = (store: Store, make: (id: number) => PackageVersionRecord) => versions.insert(store, make);
export const updateVersion = (store: Store, id: number, mutate: (v: PackageVersionRecord) => void) => versions.update(store, id, mutate);
export const removeVersion = (store: Store, id: number) => versions.remove(store, id);

export const filesOfVersion = (store: Store, versionId: number) => files.listBy(store, 'version', String(versionId));
export const getFileByName = (store: Store, versionId: number, name: string) => files.getBy(store, FILE_NAME_INDEX, compositeKey(versionId, name.toLowerCase()));
export const insertFile = (store: Store, make: (id: number) => PackageFileRecord) => files.insert(store, make);
export const removeFile = (store: Store, id: number) => files.remove(store, id);
export const countFilesOfBlob = (store: Store, blobId: number) => files.countBy(store, 'blob', String(blobId));

export const getBlob = (store: Store, id: number) => blobs.get(store, id);
export const getBlobBySha256 = (store: Store, sha256: string) => blobs.getBy(store, 'sha256', sha256);
export const insertBlob = (store: Store, make: (id: number) => PackageBlobRecord) => blobs.insert(store, make);
export const removeBlob = (store: Store, id: number) => blobs.remove(store, id);

/** The total size of the files of an owner's packages (for `LIMIT_TOTAL_OWNER_SIZE`). */
export async function ownerSize(store: Store, ownerId: number): Promise<number> {
  let total = 0;
  for (const v of await versions.listBy(store, 'owner', String(ownerId))) {
    for (const f of await files.listBy(store, 'version', String(v.id))) total += f.size;
  }
  return total;
}

/** How many versions an owner's packages have (for `LIMIT_TOTAL_OWNER_COUNT`). */
export const ownerVersionCount = (store: Store, ownerId: number) => versions.countBy(store, 'owner', String(ownerId));
