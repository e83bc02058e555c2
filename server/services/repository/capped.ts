/**
 * Reads bounded for display. A pushed repository may hold a 64 MiB blob behind a symlink or a commit with a
 * 32 MiB message (a 64 KB push, since both compress well): what is shown of them is read in part only.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { readObjectPrefix } from '../../git/read.ts';
import { gitDirFor, readerFor } from './cache.ts';

/** Objects up to this size are read whole through the shared reader; of larger ones only a prefix is read. */
export const SHARED_READ_MAX = 1024 * 1024;

/** A symlink's target is shown up to this many bytes, as Gitea does (git itself caps targets at PATH_MAX). */
export const SYMLINK_TARGET_MAX = 1024;

/** Of a commit larger than SHARED_READ_MAX, lists read this many bytes: its headers and the start of its message. */
export const COMMIT_PREFIX_MAX = 64 * 1024;

/** At most the first `max` bytes of a blob (or of another object, read as `type`); `size` when known saves a lookup. */
export async function readHead(app: AppContext, repo: RepoRecord, id: string, max: number, type: 'blob' | 'commit' = 'blob', size?: number): Promise<Buffer> {
  const reader = readerFor(app, repo);
  const known = size ?? (await reader.info(id))?.size;
  if (known === undefined) return Buffer.alloc(0);
  if (known <= SHARED_READ_MAX) return ((await reader.read(id))?.data ?? Buffer.alloc(0)).subarray(0, max);
  return readObjectPrefix(gitDirFor(app, repo), type, id, max);
}

/**
 * A commit or tag object for display: whole up to SHARED_READ_MAX bytes, else its first COMMIT_PREFIX_MAX bytes
 * (the headers and the start of the message). Null when it is missing or of another type.
 */
export async function readForDisplay(app: AppContext, repo: RepoRecord, id: string, type: 'commit' | 'tag'): Promise<{ id: string; data: Buffer; cut: boolean } | null> {
  const reader = readerFor(app, repo);
  const info = await reader.info(id);
  if (info?.type !== type) return null;
  if (info.size <= SHARED_READ_MAX) {
    const obj = await reader.read(info.id);
    return obj ? { id: obj.id, data: obj.data, cut: false } : null;
  }
  return { id: info.id, data: await readObjectPrefix(gitDirFor(app, repo), type, info.id, COMMIT_PREFIX_MAX), cut: true };
}
