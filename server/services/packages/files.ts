/**
 * Adding and removing package files (Gitea's services/packages): content is streamed to a checksum-named blob
 * within the `[packages]` limits; records change under the owner's package lock; a blob goes when its last
 * file goes. A version that appears publishes `package.changed` created; one that goes publishes deleted.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as pkgStore from '../../store/packages.ts';
import * as blobStore from '../../store/package-blobs.ts';
import type { PackageRecord, PackageType, PackageVersionRecord } from '../../store/packages.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { QUOTA, ownerCountLimit, ownerSizeLimit, typeSizeLimit } from './limits.ts';

/** What a new file belongs to. */
export interface NewFile {
  owner: UserRecord;
  doer: UserRecord;
  type: PackageType;
  name: string;
  version: string;
  filename: string;
  /** Metadata of a new version (npm's package document fields). */
  metadata?: Record<string, unknown>;
  /** Dist-tags the new version takes (npm). */
  tags?: string[];
  /** True when adding a file to an existing version is refused (npm: a version is published once). */
  newVersionOnly?: boolean;
}

const ownerLock = <T>(app: AppContext, ownerId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`packages:${ownerId}`, fn);
const blobLock = <T>(app: AppContext, fn: () => Promise<T>): Promise<T> => app.locks.run('package-blobs', fn);

/** The blob record for written content: the stored one with that checksum, or a new one (the temp file moves in). */
async function adoptBlob(app: AppContext, tmp: string, sums: blobStore.BlobSums): Promise<pkgStore.PackageBlobRecord> {
  return blobLock(app, async () => {
    const known = await pkgStore.getBlobBySha256(app.store, sums.sha256);
    await blobStore.settle(app.store, tmp, sums.sha256);
    if (known) return known;
    return pkgStore.insertBlob(app.store, (id) => ({ id, ...sums, created: new Date().toISOString() }));
  });
}

/** Drops a blob nothing uses any more (its record and its content). */
async function dropBlobIfUnused(app: AppContext, blobId: number): Promise<void> {
  await blobLock(app, async () => {
    if ((await pkgStore.countFilesOfBlob(app.store, blobId)) > 0) return;
    const blob = await pkgStore.getBlob(app.store, blobId);
    if (!blob) return;
    await pkgStore.removeBlob(app.store, blobId);
    await blobStore.removeContent(app.store, blob.sha256);
  });
}

async function packageFor(app: AppContext, f: NewFile): Promise<PackageRecord> {
  const known = await pkgStore.getPackageByName(app.store, f.owner.id, f.type, f.name);
  if (known) return known;
  return pkgStore.insertPackage(app.store, (id) => ({
    id, owner_id: f.owner.id, type: f.type, name: f.name, lower_name: f.name.toLowerCase(), repo_id: 0, created: new Date().toISOString(),
  }));
}

/** Checks the owner's count and size quotas for a file of `size` bytes (and a new version when `newVersion`). */
async function checkQuota(app: AppContext, ownerId: number, size: number, newVersion: boolean): Promise<void> {
  const count = ownerCountLimit(app);
  if (newVersion && count >= 0 && (await pkgStore.ownerVersionCount(app.store, ownerId)) >= count) throw new ForbiddenError(QUOTA.totalCount);
  const total = ownerSizeLimit(app);
  if (total >= 0 && (await pkgStore.ownerSize(app.store, ownerId)) + size > total) throw new ForbiddenError(QUOTA.totalSize);
}

/**
 * Streams `source` into the package version's file `f.filename`, creating the package and the version when new.
 * Answers the version and whether it was created. A file name taken in that version is 409; a version that
 * exists when `newVersionOnly` is 400 (Gitea's ErrDuplicatePackageVersion).
 */
export async function addFile(app: AppContext, f: NewFile, source: Readable): Promise<{ version: PackageVersionRecord; created: boolean }> {
  let written: Awaited<ReturnType<typeof blobStore.writeTemp>>;
  try {
    written = await blobStore.writeTemp(app.store, source, typeSizeLimit(app, f.type));
  } catch (err) {
    if (err instanceof blobStore.BlobTooLarge) throw new ForbiddenError(QUOTA.typeSize);
    throw err;
  }
  const { tmp, sums } = written;
  let kept = false;
  try {
    const out = await ownerLock(app, f.owner.id, async () => {
      const pkg = await packageFor(app, f);
      let version = await pkgStore.getVersionByName(app.store, pkg.id, f.version);
      if (version && f.newVersionOnly) throw new BadRequestError('package version already exists');
      if (version && (await pkgStore.getFileByName(app.store, version.id, f.filename))) throw new ConflictError('package file already exists');
      await checkQuota(app, f.owner.id, sums.size, !version);
      const created = !version;
      if (!version) {
        version = await pkgStore.insertVersion(app.store, (id) => ({
          id, package_id: pkg.id, owner_id: f.owner.id, creator_id: f.doer.id, version: f.version, lower_version: f.version.toLowerCase(),
          created: new Date().toISOString(), metadata: f.metadata ?? {}, tags: [],
        }));
      }
      const blob = await adoptBlob(app, tmp, sums);
      kept = true;
      try {
        await pkgStore.insertFile(app.store, (id) => ({
          id, version_id: version.id, blob_id: blob.id, name: f.filename, lower_name: f.filename.toLowerCase(), size: sums.size, created: new Date().toISOString(),
        }));
      } catch (err) {
        await dropBlobIfUnused(app, blob.id);
        if (isUniqueViolation(err)) throw new ConflictError('package file already exists');
        throw err;
      }
      return { pkg, version, created };
    });
    if (out.created) await app.bus.publish('package.changed', { action: 'created', owner: f.owner, doer: f.doer, pkg: out.pkg, version: out.version });
    return { version: out.version, created: out.created };
  } finally {
    if (!kept) await blobStore.dropTemp(tmp);
  }
}

/** Removes a version with its files (and blobs nothing else uses); the package goes with its last version. */
export async function removeVersion(app: AppContext, doer: UserRecord, owner: UserRecord, version: PackageVersionRecord): Promise<void> {
  const pkg = await ownerLock(app, owner.id, async () => {
    const p = await pkgStore.getPackage(app.store, version.package_id);
    const blobs: number[] = [];
    for (const file of await pkgStore.filesOfVersion(app.store, version.id)) {
      await pkgStore.removeFile(app.store, file.id);
      blobs.push(file.blob_id);
    }
    await pkgStore.removeVersion(app.store, version.id);
    if (p && (await pkgStore.versionsOfPackage(app.store, p.id)).length === 0) await pkgStore.removePackage(app.store, p.id);
    for (const b of blobs) await dropBlobIfUnused(app, b);
    return p;
  });
  if (pkg) await app.bus.publish('package.changed', { action: 'deleted', owner, doer, pkg, version });
}

/** Removes one file of a version; the version goes with its last file (as Gitea's generic registry does). */
export async function removeFile(app: AppContext, doer: UserRecord, owner: UserRecord, version: PackageVersionRecord, filename: string): Promise<void> {
  const file = await pkgStore.getFileByName(app.store, version.id, filename);
  if (!file) throw new NotFoundError('package file does not exist');
  if ((await pkgStore.filesOfVersion(app.store, version.id)).length <= 1) return removeVersion(app, doer, owner, version);
  await ownerLock(app, owner.id, () => pkgStore.removeFile(app.store, file.id));
  await dropBlobIfUnused(app, file.blob_id);
}

/** Removes every version of a package. */
export async function removePackage(app: AppContext, doer: UserRecord, owner: UserRecord, pkg: PackageRecord): Promise<void> {
  for (const v of await pkgStore.versionsOfPackage(app.store, pkg.id)) await removeVersion(app, doer, owner, v);
}

/** Removes every package of an owner (a user deleted with purge). */
export async function removeOwnerPackages(app: AppContext, doer: UserRecord, owner: UserRecord): Promise<void> {
  for (const p of await pkgStore.packagesOfOwner(app.store, owner.id)) await removePackage(app, doer, owner, p);
}

/** Gitea's ErrUserOwnPackages (422) when the owner still has packages. */
export async function assertOwnsNoPackages(app: AppContext, owner: UserRecord): Promise<void> {
  if ((await pkgStore.packagesOfOwner(app.store, owner.id)).length > 0) throw new ValidationError(`user still has ownership of packages [uid: ${owner.id}]`);
}
