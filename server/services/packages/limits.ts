/** Gitea's `[packages]` limits: sizes per type and per owner, and the number of versions per owner. */
import type { AppContext } from '../context.ts';
import type { PackageType } from '../../store/packages.ts';
import type { SettingKey } from '../../lib/settings-schema.ts';

const UNITS: Record<string, number> = {
  '': 1, b: 1, k: 1e3, kb: 1e3, m: 1e6, mb: 1e6, g: 1e9, gb: 1e9, t: 1e12, tb: 1e12,
  ki: 1024, kib: 1024, mi: 1024 ** 2, mib: 1024 ** 2, gi: 1024 ** 3, gib: 1024 ** 3, ti: 1024 ** 4, tib: 1024 ** 4,
};

/** A size as Gitea reads it (humanize.ParseBytes): a number with an optional unit; negative or unreadable: no limit (-1). */
export function parseSize(text: string): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return -1;
  const n = Number(m[1]);
  const unit = UNITS[(m[2] ?? '').toLowerCase()];
  if (n < 0 || unit === undefined) return -1;
  return Math.floor(n * unit);
}

const TYPE_KEYS: Record<PackageType, SettingKey> = { generic: 'packages.LIMIT_SIZE_GENERIC', npm: 'packages.LIMIT_SIZE_NPM' };

/** The largest file of this type, in bytes; -1 for no limit. */
export const typeSizeLimit = (app: AppContext, type: PackageType): number => parseSize(app.settings.string(TYPE_KEYS[type]));

/** The most an owner's packages may hold together, in bytes; -1 for no limit. */
export const ownerSizeLimit = (app: AppContext): number => parseSize(app.settings.string('packages.LIMIT_TOTAL_OWNER_SIZE'));

/** The most versions an owner may have; -1 for no limit. */
export const ownerCountLimit = (app: AppContext): number => app.settings.int('packages.LIMIT_TOTAL_OWNER_COUNT');

/** Gitea's quota messages (services/packages: ErrQuotaTypeSize, ErrQuotaTotalSize, ErrQuotaTotalCount). */
export const QUOTA = {
  typeSize: 'maximum allowed package type size exceeded',
  totalSize: 'maximum allowed package storage quota exceeded',
  totalCount: 'maximum allowed package count exceeded',
};
