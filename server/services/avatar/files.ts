/**
 * The bytes of uploaded avatars: `<data>/avatars/users/<id>/<sha256>` for users and organizations and
 * `<data>/avatars/repos/<id>/<sha256>` for repositories. Paths are built from a numeric id and a checked hex hash
 * only, never from a name, so they stay inside their root. A file is written beside its place and renamed when whole.
 */
import path from 'node:path';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';

export type AvatarKind = 'users' | 'repos';

const HASH = /^[0-9a-f]{64}$/;

/** True for a hash as avatars are named (sha256, lower-case hex). */
export const isAvatarHash = (v: string): boolean => HASH.test(v);

/** The folder every avatar lives in (backups copy it whole). */
export const rootOf = (dataDir: string): string => path.join(dataDir, 'avatars');

function dirOf(dataDir: string, kind: AvatarKind, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('not an avatar owner id');
  return path.join(rootOf(dataDir), kind, String(id));
}

function pathOf(dataDir: string, kind: AvatarKind, id: number, hash: string): string {
  if (!isAvatarHash(hash)) throw new Error('not an avatar hash');
  return path.join(dirOf(dataDir, kind, id), hash);
}

/** Writes `bytes` as the avatar `hash` of `kind` `id` (synced, then renamed into place). */
export async function writeAvatar(dataDir: string, kind: AvatarKind, id: number, hash: string, bytes: Uint8Array): Promise<void> {
  const final = pathOf(dataDir, kind, id, hash);
  await mkdir(path.dirname(final), { recursive: true });
  const tmp = `${final}.${randomUUID()}.tmp`;
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, final);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The bytes of avatar `hash`, or null when the file is gone. */
export async function readAvatar(dataDir: string, kind: AvatarKind, id: number, hash: string): Promise<Buffer | null> {
  return readFile(pathOf(dataDir, kind, id, hash)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
}

/** Deletes the files of `kind` `id` other than `keep` (every one when `keep` is null). */
export async function removeAvatars(dataDir: string, kind: AvatarKind, id: number, keep: string | null): Promise<void> {
  const dir = dirOf(dataDir, kind, id);
  if (keep === null) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (name !== keep && !name.endsWith('.tmp')) await rm(path.join(dir, name), { force: true });
}
