/**
 * Release attachments (Gitea's routers/api/v1/repo/release_attachment.go over services/attachment): upload
 * streamed to disk under `[attachment] MAX_SIZE` (MiB) and `[repository.release] ALLOWED_TYPES`, list, get,
 * rename, delete, download (counted). Files: asset-files.ts; records: store/release-assets.ts.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as assetStore from '../../store/release-assets.ts';
import type { ReleaseAssetRecord } from '../../store/release-assets.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { openFile, removeFile, storeStream } from './asset-files.ts';

export type { ReleaseAssetRecord } from '../../store/release-assets.ts';

/** Gitea's answer while `[attachment] ENABLED` is off. */
export function assertAttachmentsEnabled(app: AppContext): void {
  if (!app.settings.bool('attachment.ENABLED')) throw new NotFoundError('Attachment is not enabled');
}

/** The largest file accepted, in bytes. */
export const maxAttachmentBytes = (app: AppContext): number => app.settings.int('attachment.MAX_SIZE') * 1024 * 1024;

/** Refuses (400) a name whose extension `[repository.release] ALLOWED_TYPES` does not list; an empty list allows all. */
export function checkAllowedType(app: AppContext, name: string): void {
  const allowed = app.settings.list('repository.release.ALLOWED_TYPES').map((t) => t.toLowerCase());
  if (!allowed.length || allowed.includes('*/*')) return;
  const ext = path.extname(name).toLowerCase();
  if (!ext || !allowed.includes(ext)) throw new BadRequestError(`This file extension or type is not allowed to be uploaded. Type: "${ext || name}"`);
}

/** A release's assets, oldest first. */
export const listAssets = (app: AppContext, releaseId: number): Promise<ReleaseAssetRecord[]> => assetStore.listByRelease(app.store, releaseId);

/** The assets of several releases (for a page of releases). */
export const assetsOf = (app: AppContext, releaseIds: number[]): Promise<Map<number, ReleaseAssetRecord[]>> => assetStore.listByReleases(app.store, releaseIds);

/** One asset of a release; 404 otherwise. */
export async function getAsset(app: AppContext, releaseId: number, id: number): Promise<ReleaseAssetRecord> {
  const a = Number.isSafeInteger(id) ? await assetStore.get(app.store, id) : undefined;
  if (!a || a.release_id !== releaseId) throw new NotFoundError(`attachment does not exist [id: ${id}]`);
  return a;
}

/** The asset of a release with this name (the browser download address). */
export async function assetByName(app: AppContext, releaseId: number, name: string): Promise<ReleaseAssetRecord> {
  const a = (await assetStore.listByRelease(app.store, releaseId)).find((x) => x.name === name);
  if (!a) throw new NotFoundError(`attachment does not exist [name: ${name}]`);
  return a;
}

/** Cleans a file name as Gitea keeps it: the last path segment, no control characters. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base || base === '.' || base === '..') throw new BadRequestError('Could not determine name of attachment.');
  if (base.length > 255) throw new ValidationError('name: the attachment name is longer than 255 characters');
  return base;
}

/** Streams an upload into a new asset of the release; 413 over the size limit, 400 for a refused type or no name. */
export async function uploadAsset(app: AppContext, repo: RepoRecord, releaseId: number, uploader: UserRecord, name: string, source: Readable): Promise<ReleaseAssetRecord> {
  const clean = cleanName(name);
  checkAllowedType(app, clean);
  const file = await storeStream(app.dataDir, source, maxAttachmentBytes(app));
  try {
    return await assetStore.insert(app.store, (id) => ({
      id, uuid: file.uuid, repo_id: repo.id, release_id: releaseId, uploader_id: uploader.id, name: clean, size: file.size, download_count: 0, created: new Date().toISOString(),
    }));
  } catch (err) {
    await removeFile(app.dataDir, file.uuid);
    throw err;
  }
}

/** Renames an asset (Gitea's EditAttachmentOptions: an empty name keeps the old one). */
export async function renameAsset(app: AppContext, releaseId: number, id: number, name: string | undefined): Promise<ReleaseAssetRecord> {
  const a = await getAsset(app, releaseId, id);
  if (!name) return a;
  const clean = cleanName(name);
  checkAllowedType(app, clean);
  return (await assetStore.update(app.store, a.id, (x) => { x.name = clean; }))!;
}

/** Deletes an asset and its file. */
export async function deleteAsset(app: AppContext, releaseId: number, id: number): Promise<void> {
  const a = await getAsset(app, releaseId, id);
  await assetStore.remove(app.store, a.id);
  await removeFile(app.dataDir, a.uuid);
}

/** Opens an asset's file for a download and counts the download. */
export async function openAsset(app: AppContext, a: ReleaseAssetRecord): Promise<{ size: number; stream: () => Readable }> {
  const f = await openFile(app.dataDir, a.uuid);
  await assetStore.update(app.store, a.id, (x) => { x.download_count += 1; });
  return f;
}

/** Deletes every asset of a release, files included. */
export async function removeReleaseAssets(app: AppContext, releaseId: number): Promise<void> {
  for (const a of await assetStore.listByRelease(app.store, releaseId)) {
    await assetStore.remove(app.store, a.id);
    await removeFile(app.dataDir, a.uuid);
  }
}

/** Deletes every release asset of a repository (it is gone). */
export async function removeRepoAssets(app: AppContext, repoId: number): Promise<void> {
  for (const a of await assetStore.listByRepo(app.store, repoId)) {
    await assetStore.remove(app.store, a.id);
    await removeFile(app.dataDir, a.uuid);
  }
}
