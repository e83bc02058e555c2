/** The manifest of a backup archive: what it holds, checked entry by entry at restore. */

/** The archive format's own version: a restore refuses a newer one. */
export const ARCHIVE_FORMAT = 'homeforge-backup';
export const ARCHIVE_VERSION = 1;
/** The last entry of every archive. */
export const MANIFEST_NAME = 'manifest.json';
/** The first entry: enough to refuse an archive before reading it (format, schema, whether secrets are sealed). */
export const HEADER_NAME = 'backup.json';
/** The entry holding the passphrase-sealed secret key and full app.ini. */
export const SECRETS_NAME = 'secrets.sealed';

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  format_version: number;
  schema_version: number;
  secrets_included: boolean;
}

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface ManifestRepo {
  path: string;
  object_format: 'sha1' | 'sha256';
  refs: number;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  format_version: number;
  homeforge_version: string;
  schema_version: number;
  created: string;
  /** The snapshot point: ref writers were held from `started` to `fixed`. */
  point: { started: string; fixed: string; store_pause_ms: number };
  secrets_included: boolean;
  repositories: ManifestRepo[];
  /** Folders of the data dir copied as they are (attachments, packages, actions, avatars, when present). */
  extra_dirs: string[];
  entries: ManifestEntry[];
  totals: { entries: number; bytes: number };
}

/** Progress of a backup or a restore: bytes done of the bytes planned, and the entry being written. */
export interface Progress {
  phase: 'snapshot' | 'copy' | 'verify' | 'extract' | 'done';
  done_bytes: number;
  total_bytes: number;
  current: string;
}

/** An archive path: relative, `/`-separated, no `..`, no empty parts. */
export function safeEntryPath(p: string): boolean {
  if (!p || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
