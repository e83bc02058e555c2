/** Maps package records to Gitea's `Package` and `PackageFile` JSON. */
import type { UserRecord } from '../store/records.ts';
import type { PackageBlobRecord, PackageFileRecord, PackageRecord, PackageVersionRecord } from '../store/packages.ts';
import type { Package, PackageFile } from '../structs/package.ts';
import type { Permission } from '../structs/repo.ts';
import type { RepoRecord } from '../store/records.ts';
import { toUser } from './user.ts';
import { toRepo } from './repo.ts';

/** What a `Package` is made of. */
export interface PackageParts {
  pkg: PackageRecord;
  version: PackageVersionRecord;
  owner: UserRecord;
  creator: UserRecord | null;
  repo: { record: RepoRecord; permission: Permission } | null;
}

/** The web page of a package version (Gitea's VersionHTMLURL). */
export const packageHtmlUrl = (baseUrl: string, owner: UserRecord, pkg: PackageRecord, version: string): string =>
  `${baseUrl}/${encodeURIComponent(owner.name)}/-/packages/${pkg.type}/${encodeURIComponent(pkg.name)}/${encodeURIComponent(version)}`;

/** Gitea's `Package` (one version) as `viewer` sees it. */
export function toPackage(p: PackageParts, viewer: UserRecord | null, baseUrl: string): Package {
  const creator = p.creator ?? p.owner;
  return {
    id: p.version.id,
    owner: toUser(p.owner, viewer, baseUrl),
    repository: p.repo ? toRepo(p.repo.record, p.owner, { permission: p.repo.permission, viewer, baseUrl }) : null,
    creator: toUser(creator, viewer, baseUrl),
    type: p.pkg.type,
    name: p.pkg.name,
    version: p.version.version,
    html_url: packageHtmlUrl(baseUrl, p.owner, p.pkg, p.version.version),
    created_at: p.version.created.replace(/\.\d{3}Z$/, 'Z'),
  };
}

/** Gitea's `PackageFile`. */
export const toPackageFile = (file: PackageFileRecord, blob: PackageBlobRecord): PackageFile => ({
  id: file.id, size: file.size, name: file.name, md5: blob.md5, sha1: blob.sha1, sha256: blob.sha256, sha512: blob.sha512,
});
