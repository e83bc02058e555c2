/**
 * Uploading and deleting the avatars of users, organizations and repositories (Gitea's services/user/avatar.go and
 * services/repository/avatar.go). The record keeps the image's sha256 (Gitea's `avatar` column); the bytes are a
 * file named by it. One owner's uploads and deletions run one at a time, so the file the record names is never
 * the one a concurrent change removes.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { Base64Error, checkImage, decodeBase64, type AvatarLimits } from './image.ts';
import { removeAvatars, writeAvatar, type AvatarKind } from './files.ts';

/** The `[picture]` limits in force. */
export const avatarLimits = (app: AppContext): AvatarLimits => ({
  maxBytes: app.settings.int('picture.AVATAR_MAX_FILE_SIZE'),
  maxWidth: app.settings.int('picture.AVATAR_MAX_WIDTH'),
  maxHeight: app.settings.int('picture.AVATAR_MAX_HEIGHT'),
});

/**
 * The bytes of the request's `image` and their sha256. Bad base64 is Gitea's 400. An image Gitea would refuse is
 * 422 naming the field here, where Gitea answers 500: it is the client's mistake, and a form can show it.
 */
export function checkedUpload(app: AppContext, image: string): { bytes: Buffer; hash: string } {
  let bytes: Buffer;
  try {
    bytes = decodeBase64(image);
  } catch (err) {
    if (err instanceof Base64Error) throw new BadRequestError(err.message, [{ field: 'image', code: 'invalid_format', message: 'the image is not valid base64' }]);
    throw err;
  }
  const found = checkImage(bytes, avatarLimits(app));
  if ('problem' in found) throw new ValidationError(found.problem, [{ field: 'image', code: 'invalid', message: found.problem }]);
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}

type Save = (hash: string | undefined) => Promise<boolean>;

/**
 * Sets (or with null clears) the avatar of `kind` `id`: 1 - the file, 2 - the record (`save` says whether the owner
 * still exists), 3 - the files the record no longer names. A failure before step 2 leaves the old avatar in place.
 */
async function change(app: AppContext, kind: AvatarKind, id: number, upload: { bytes: Buffer; hash: string } | null, save: Save): Promise<void> {
  await app.locks.run(`avatar:${kind}:${id}`, async () => {
    if (upload) await writeAvatar(app.dataDir, kind, id, upload.hash, upload.bytes);
    const saved = await save(upload?.hash);
    await removeAvatars(app.dataDir, kind, id, saved ? (upload?.hash ?? null) : null);
    if (!saved) throw new NotFoundError();
  });
}

const saveUser = (app: AppContext, id: number): Save => async (hash) => !!(await userStore.update(app.store, id, (u) => {
  if (hash) u.avatar = hash;
  else delete u.avatar;
}));

const saveRepo = (app: AppContext, id: number): Save => async (hash) => !!(await repoStore.update(app.store, id, (r) => {
  if (hash) r.avatar = hash;
  else delete r.avatar;
}));

/** POST /user/avatar and /orgs/{org}/avatar: the account's avatar becomes `image` (base64). */
export async function uploadUserAvatar(app: AppContext, account: UserRecord, image: string): Promise<void> {
  await change(app, 'users', account.id, checkedUpload(app, image), saveUser(app, account.id));
}

/** DELETE /user/avatar and /orgs/{org}/avatar: back to the generated avatar (no-op without an upload). */
export async function deleteUserAvatar(app: AppContext, account: UserRecord): Promise<void> {
  await change(app, 'users', account.id, null, saveUser(app, account.id));
}

/** POST /repos/{owner}/{repo}/avatar. */
export async function uploadRepoAvatar(app: AppContext, repo: RepoRecord, image: string): Promise<void> {
  await change(app, 'repos', repo.id, checkedUpload(app, image), saveRepo(app, repo.id));
}

/** DELETE /repos/{owner}/{repo}/avatar: the repository has no avatar again (avatar_url ''). */
export async function deleteRepoAvatar(app: AppContext, repo: RepoRecord): Promise<void> {
  await change(app, 'repos', repo.id, null, saveRepo(app, repo.id));
}

/** Removes the avatar files of a user or organization being deleted. */
export async function removeAccountAvatarFiles(app: AppContext, accountId: number): Promise<void> {
  await app.locks.run(`avatar:users:${accountId}`, () => removeAvatars(app.dataDir, 'users', accountId, null));
}

/** A deleted repository's avatar file goes with it. */
export function subscribeAvatars(app: AppContext): void {
  app.bus.subscribe('repo.deleted', 'avatars', async (e) => {
    await app.locks.run(`avatar:repos:${e.repo.id}`, () => removeAvatars(app.dataDir, 'repos', e.repo.id, null));
  });
}
