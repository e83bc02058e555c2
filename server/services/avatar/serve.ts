/**
 * What `GET /avatars/{name}` and `GET /repo-avatars/{id}/{hash}` answer. An account's upload is shown only to a
 * viewer who may see the account; everyone else, and every name without an account, gets the identicon of the
 * name, so the answer tells nothing about whether a hidden account exists. A repository's avatar is 404 to a
 * viewer who cannot read the repository (anonymous ones too while REQUIRE_SIGNIN_VIEW is on). Bytes are kept in small bounded caches (uploads are named by their hash,
 * so a kept copy is never stale).
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { canReadAny, ownerVisible, repoPermission } from '../permission/permissions.ts';
import { identiconPng } from './identicon.ts';
import { MIME, sniffType } from './image.ts';
import { isAvatarHash, readAvatar, type AvatarKind } from './files.ts';

export interface AvatarImage {
  bytes: Buffer;
  /** A strong ETag: the upload's hash, or the identicon's. */
  etag: string;
  /** From the bytes' signature: image/png, image/jpeg, image/gif or image/webp. */
  type: string;
}

/** A map that forgets its oldest entries past `maxBytes`. */
class ByteCache {
  private readonly entries = new Map<string, AvatarImage>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): AvatarImage | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: AvatarImage): void {
    if (value.bytes.length > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.bytes += value.bytes.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes.length;
    }
  }
}

const identicons = new ByteCache(2 * 1024 * 1024);
const uploads = new ByteCache(16 * 1024 * 1024);

/** The identicon of `name` (case-insensitive, as names are). */
export function identicon(name: string): AvatarImage {
  const seed = name.toLowerCase();
  let found = identicons.get(seed);
  if (!found) {
    const digest = createHash('sha256').update(`identicon-1:${seed}`).digest('hex').slice(0, 32);
    found = { bytes: identiconPng(seed), etag: `"i-${digest}"`, type: 'image/png' };
    identicons.set(seed, found);
  }
  return found;
}

async function upload(app: AppContext, kind: AvatarKind, id: number, hash: string): Promise<AvatarImage | null> {
  const key = `${app.dataDir}\0${kind}/${id}/${hash}`;
  const kept = uploads.get(key);
  if (kept) return kept;
  const bytes = await readAvatar(app.dataDir, kind, id, hash);
  const type = bytes && sniffType(bytes);
  if (!bytes || !type) return null;
  const found = { bytes, etag: `"${hash}"`, type: MIME[type] };
  uploads.set(key, found);
  return found;
}

/**
 * The avatar of the account `name` as `viewer` sees it. `publicOnly`: the viewer's token reaches public accounts
 * only. While REQUIRE_SIGNIN_VIEW is on, anonymous viewers see identicons only.
 */
export async function accountAvatar(app: AppContext, name: string, viewer: UserRecord | null, publicOnly: boolean): Promise<AvatarImage> {
  const account = await userStore.peekByName(app.store, name);
  const hash = account?.avatar;
  if (!account || !hash || !isAvatarHash(hash)) return identicon(name);
  if (!viewer && app.settings.bool('service.REQUIRE_SIGNIN_VIEW')) return identicon(name);
  if (publicOnly && account.visibility !== 'public') return identicon(name);
  if (!(await ownerVisible(app, account, viewer))) return identicon(name);
  return (await upload(app, 'users', account.id, hash)) ?? identicon(name);
}

/** The avatar `hash` of repository `repoId`: 404 unless it is the repository's avatar and `viewer` may read the repository. */
export async function repoAvatar(app: AppContext, repoId: number, hash: string, viewer: UserRecord | null): Promise<AvatarImage> {
  const repo = Number.isSafeInteger(repoId) && repoId > 0 ? await repoStore.peekById(app.store, repoId) : undefined;
  if (!repo || repo.avatar !== hash || !isAvatarHash(hash)) throw new NotFoundError();
  if (!viewer && app.settings.bool('service.REQUIRE_SIGNIN_VIEW')) throw new NotFoundError();
  if (!canReadAny(await repoPermission(app, viewer, repo))) throw new NotFoundError();
  const found = await upload(app, 'repos', repo.id, hash);
  if (!found) throw new NotFoundError();
  return found;
}
