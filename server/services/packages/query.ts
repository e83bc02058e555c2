/**
 * Reading packages: an owner's versions filtered by type and name (newest first, one page), a package's
 * versions, the latest one, a version's files with their checksums, file content as a stream, and the link of
 * a package to a repository of the same owner.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as pkgStore from '../../store/packages.ts';
import * as blobStore from '../../store/package-blobs.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import type { PackageBlobRecord, PackageFileRecord, PackageRecord, PackageType, PackageVersionRecord } from '../../store/packages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { repoPermission, atLeast } from '../permission/permissions.ts';
import { apiPermission } from '../repository/repos.ts';
import type { Permission as WirePermission } from '../../structs/repo.ts';

export const PACKAGE_TYPES: readonly PackageType[] = ['generic', 'npm'];

/** A package version with what its views need. */
export interface PackageView {
  pkg: PackageRecord;
  version: PackageVersionRecord;
  owner: UserRecord;
  creator: UserRecord | null;
  /** The linked repository when the viewer may read it, with the viewer's permission there. */
  repo: { record: RepoRecord; permission: WirePermission } | null;
}

/** A file and the checksums of its content. */
export interface FileView {
  file: PackageFileRecord;
  blob: PackageBlobRecord;
}

const newestFirst = (a: PackageVersionRecord, b: PackageVersionRecord): number => b.created.localeCompare(a.created) || b.id - a.id;

/** The type named in a path, or 404 for a type this host does not serve. */
export function packageType(name: string): PackageType {
  const t = PACKAGE_TYPES.find((x) => x === name);
  if (!t) throw new NotFoundError('package does not exist');
  return t;
}

/** The package, or 404. */
export async function findPackage(app: AppContext, ownerId: number, type: PackageType, name: string): Promise<PackageRecord> {
  const pkg = await pkgStore.getPackageByName(app.store, ownerId, type, name);
  if (!pkg) throw new NotFoundError('package does not exist');
  return pkg;
}

/** The version of the package, or 404. */
export async function findVersion(app: AppContext, ownerId: number, type: PackageType, name: string, version: string): Promise<{ pkg: PackageRecord; version: PackageVersionRecord }> {
  const pkg = await findPackage(app, ownerId, type, name);
  const v = await pkgStore.getVersionByName(app.store, pkg.id, version);
  if (!v) throw new NotFoundError('package does not exist');
  return { pkg, version: v };
}

/** Builds the views of versions for `viewer` (the linked repository only when the viewer may read it). */
export async function viewsOf(app: AppContext, owner: UserRecord, rows: { pkg: PackageRecord; version: PackageVersionRecord }[], viewer: UserRecord | null): Promise<PackageView[]> {
  const out: PackageView[] = [];
  for (const r of rows) {
    const creator = (await userStore.getById(app.store, r.version.creator_id)) ?? null;
    const record = r.pkg.repo_id ? await repoStore.getById(app.store, r.pkg.repo_id) : undefined;
    const perm = record ? await repoPermission(app, viewer, record, owner) : null;
    const repo = record && perm && atLeast(perm.mode, 'read') ? { record, permission: apiPermission(perm) } : null;
    out.push({ ...r, owner, creator, repo });
  }
  return out;
}

/** One page of the owner's versions, newest first, of one type and whose package name contains `q`. */
export async function listOwnerVersions(app: AppContext, owner: UserRecord, filter: { type?: string | undefined; q?: string | undefined }, page: { page: number; limit: number }) {
  const pkgs = new Map((await pkgStore.packagesOfOwner(app.store, owner.id)).map((p) => [p.id, p]));
  const q = (filter.q ?? '').toLowerCase();
  const shown = (p: PackageRecord | undefined): p is PackageRecord => !!p && (!filter.type || p.type === filter.type) && p.lower_name.includes(q);
  const res = await pkgStore.queryVersions(app.store, {
    index: { name: 'owner', key: String(owner.id) }, where: (v) => shown(pkgs.get(v.package_id)), sort: newestFirst, page: page.page, limit: page.limit,
  });
  return { rows: res.rows.map((version) => ({ pkg: pkgs.get(version.package_id)!, version })), total: res.total };
}

/** One page of a package's versions, newest first. */
export async function listVersions(app: AppContext, pkg: PackageRecord, page: { page: number; limit: number }) {
  const res = await pkgStore.queryVersions(app.store, { index: { name: 'package', key: String(pkg.id) }, sort: newestFirst, page: page.page, limit: page.limit });
  return { rows: res.rows.map((version) => ({ pkg, version })), total: res.total };
}

/** Every version of a package, oldest first. */
export const allVersions = async (app: AppContext, pkg: PackageRecord): Promise<PackageVersionRecord[]> =>
  (await pkgStore.versionsOfPackage(app.store, pkg.id)).sort((a, b) => -newestFirst(a, b));

/** The newest version of a package, or 404. */
export async function latestVersion(app: AppContext, pkg: PackageRecord): Promise<PackageVersionRecord> {
  const all = await allVersions(app, pkg);
  const last = all[all.length - 1];
  if (!last) throw new NotFoundError('package does not exist');
  return last;
}

/** A version's files with their checksums, by name. */
export async function filesOf(app: AppContext, version: PackageVersionRecord): Promise<FileView[]> {
  const out: FileView[] = [];
  for (const file of await pkgStore.filesOfVersion(app.store, version.id)) {
    const blob = await pkgStore.getBlob(app.store, file.blob_id);
    if (blob) out.push({ file, blob });
  }
  return out.sort((a, b) => a.file.lower_name.localeCompare(b.file.lower_name));
}

/** A file of a version and its content as a stream (optionally a byte range), or 404. */
export async function openFile(app: AppContext, version: PackageVersionRecord, filename: string, range?: { start: number; end: number }): Promise<FileView & { stream: Readable }> {
  const file = await pkgStore.getFileByName(app.store, version.id, filename);
  const blob = file ? await pkgStore.getBlob(app.store, file.blob_id) : undefined;
  if (!file || !blob) throw new NotFoundError('package file does not exist');
  return { file, blob, stream: blobStore.openContent(app.store, blob.sha256, range) };
}

/** Links the package to the owner's repository `repoName` (404 when the owner has none by that name). */
export async function linkToRepo(app: AppContext, pkg: PackageRecord, repoName: string): Promise<void> {
  const repo = await repoStore.getByOwnerAndName(app.store, pkg.owner_id, repoName);
  if (!repo) throw new NotFoundError('repository does not exist');
  await pkgStore.updatePackage(app.store, pkg.id, (p) => { p.repo_id = repo.id; });
}

/** Removes the package's link to a repository. */
export async function unlinkRepo(app: AppContext, pkg: PackageRecord): Promise<void> {
  await pkgStore.updatePackage(app.store, pkg.id, (p) => { p.repo_id = 0; });
}
