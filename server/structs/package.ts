/** Gitea's wire shapes for packages (`Package`, `PackageFile`); the TS types are inferred from them. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Repository } from './repo.ts';

/** The package types this host serves (Gitea knows more; the others answer 404 here). */
export const PACKAGE_TYPES = ['generic', 'npm'] as const;

/** One version of a package, as Gitea's API lists it. */
export const Package = z.strictObject({
  id: int,
  owner: User,
  repository: Repository.nullable(),
  creator: User,
  type: z.string(),
  name: z.string(),
  version: z.string(),
  html_url: z.string(),
  created_at: dateTime,
}).meta({ id: 'Package' });
export type Package = z.infer<typeof Package>;

/** A file of a package version with its checksums. */
export const PackageFile = z.strictObject({
  id: int,
  size: int,
  name: z.string(),
  md5: z.string(),
  sha1: z.string(),
  sha256: z.string(),
  sha512: z.string(),
}).meta({ id: 'PackageFile' });
export type PackageFile = z.infer<typeof PackageFile>;

/** `GET /packages/{owner}`: a type filter and a name search. */
export const ListPackagesQuery = z.object({
  type: z.string().max(64).optional(),
  q: z.string().max(255).optional(),
}).loose();
export type ListPackagesQuery = z.infer<typeof ListPackagesQuery>;
