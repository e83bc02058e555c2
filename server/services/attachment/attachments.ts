/**
 * Attachments (Gitea's repo attachments): a record in the store and the bytes by uuid. Shared by issues and
 * comments here and by releases: callers decide who may write; this module applies `[attachment]` (ENABLED,
 * MAX_SIZE in MiB, ALLOWED_TYPES as extensions or MIME patterns) and keeps records and files together.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import * as attachmentStore from '../../store/attachments.ts';
import type { AttachmentRecord } from '../../store/attachments.ts';
import * as repoStore from '../../store/repos.ts';
import type { UserRecord } from '../../store/records.ts';
import { atLeast, repoPermission, unitMode, type RepoUnit } from '../permission/permissions.ts';
import { NotFoundError, ServiceError, ValidationError } from '../../lib/errors.ts';
import { BrokenUploadError, TooLargeError, isUuid, openFile, removeFile, writeFile } from './files.ts';

export type { AttachmentRecord } from '../../store/attachments.ts';

/** What an attachment belongs to. */
export interface AttachmentOwner { repo_id: number; issue_index?: number; comment_id?: number; release_id?: number }

/** 404 when attachments are turned off (Gitea's answer). */
export function assertEnabled(app: AppContext): void {
  if (!app.settings.bool('attachment.ENABLED')) throw new NotFoundError('attachments are disabled');
}

/** Whether `[attachment] ALLOWED_TYPES` lets a file of this name and declared type in (Gitea's upload.Verify). */
export function typeAllowed(allowed: string[], name: string, mime: string): boolean {
  if (!allowed.length || allowed.includes('*/*')) return true;
  const ext = path.extname(name).toLowerCase();
  const type = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const t = a.toLowerCase();
    if (t.startsWith('.')) return t === ext;
    if (t.endsWith('/*')) return type.startsWith(t.slice(0, -1));
    return t === type;
  });
}

/** A name safe to store and send: the last path part, without control characters. */
export function cleanName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  return [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 255);
}

/**
 * Stores an upload for `owner` by `uploaderId`: 422 for a refused type, 413 past MAX_SIZE; `complete` (the rest of
 * the request read) must succeed before the record is made, so a refused request leaves nothing behind.
 */
export async function createAttachment(app: AppContext, owner: AttachmentOwner, uploaderId: number, file: { name: string; mime: string; stream: Readable; complete?: Promise<void> }): Promise<AttachmentRecord> {
  assertEnabled(app);
  const name = cleanName(file.name);
  if (!name) { file.stream.resume(); throw new ValidationError('attachment name is empty'); }
  if (!typeAllowed(app.settings.list('attachment.ALLOWED_TYPES'), name, file.mime)) {
    file.stream.resume();
    throw new ValidationError(`This file cannot be uploaded or modified due to a forbidden file extension or type.`);
  }
  let written;
  try {
    written = await writeFile(app.dataDir, file.stream, app.settings.int('attachment.MAX_SIZE') * 1024 * 1024);
  } catch (err) {
    if (err instanceof TooLargeError) throw new ServiceError(413, 'attachment is too large');
    if (err instanceof BrokenUploadError) throw new ServiceError(400, `the upload could not be read: ${err.message}`);
    throw err;
  }
  try {
    await file.complete;
    return await attachmentStore.insert(app.store, (id) => ({
      id, uuid: written.uuid, repo_id: owner.repo_id, issue_index: owner.issue_index ?? 0, comment_id: owner.comment_id ?? 0, release_id: owner.release_id ?? 0,
      uploader_id: uploaderId, name, size: written.size, download_count: 0, created: new Date().toISOString(),
    }));
  } catch (err) {
    await removeFile(app.dataDir, written.uuid);
    throw err;
  }
}

/** The attachments of an issue (`commentId` 0) or of one of its comments. */
export const listIssueAttachments = (app: AppContext, repoId: number, index: number, commentId: number) => attachmentStore.listOfIssue(app.store, repoId, index, commentId);

/** The attachment with this id belonging to `owner`, or 404. */
export async function getOwned(app: AppContext, owner: AttachmentOwner, id: number): Promise<AttachmentRecord> {
  const a = Number.isInteger(id) ? await attachmentStore.get(app.store, id) : undefined;
  const same = a && a.repo_id === owner.repo_id && a.issue_index === (owner.issue_index ?? 0) && a.comment_id === (owner.comment_id ?? 0) && a.release_id === (owner.release_id ?? 0);
  if (!a || !same) throw new NotFoundError('attachment does not exist');
  return a;
}

/** Renames an attachment. */
export async function renameAttachment(app: AppContext, a: AttachmentRecord, name: string | undefined): Promise<AttachmentRecord> {
  if (name === undefined) return a;
  const clean = cleanName(name);
  if (!clean) throw new ValidationError('attachment name is empty');
  if (!typeAllowed(app.settings.list('attachment.ALLOWED_TYPES'), clean, '')) throw new ValidationError('This file cannot be uploaded or modified due to a forbidden file extension or type.');
  return (await attachmentStore.update(app.store, a.id, (r) => { r.name = clean; }))!;
}

/** Deletes an attachment: its record, then its bytes. */
export async function deleteAttachment(app: AppContext, a: AttachmentRecord): Promise<void> {
  await attachmentStore.remove(app.store, a.id);
  await removeFile(app.dataDir, a.uuid);
}

/** Deletes every attachment of a repository (it is being deleted). */
export async function deleteRepositoryAttachments(app: AppContext, repoId: number): Promise<void> {
  for (const a of await attachmentStore.listOfRepo(app.store, repoId)) await deleteAttachment(app, a);
}

/** A stream of the bytes of a (readable) attachment, counting the download; 404 when the file is missing. */
export async function openAttachment(app: AppContext, a: AttachmentRecord): Promise<{ a: AttachmentRecord; stream: Readable; size: number }> {
  const f = await openFile(app.dataDir, a.uuid);
  if (!f) throw new NotFoundError('attachment does not exist');
  await attachmentStore.update(app.store, a.id, (r) => { r.download_count += 1; });
  return { a, stream: f.stream, size: f.size };
}

/**
 * The attachment of `uuid` for the browser address `/attachments/{uuid}`, when `viewer` may read what it belongs
 * to: the repository's issues for an issue's or comment's, its releases for a release's. 404 otherwise, so a
 * private repository's attachment is not told from a missing one.
 */
export async function readableAttachment(app: AppContext, viewer: UserRecord | null, uuid: string): Promise<AttachmentRecord> {
  const a = isUuid(uuid) ? await attachmentStore.getByUuid(app.store, uuid) : undefined;
  const repo = a ? await repoStore.getById(app.store, a.repo_id) : undefined;
  if (!a || !repo) throw new NotFoundError('attachment does not exist');
  const unit: RepoUnit | null = a.release_id ? 'repo.releases' : a.issue_index ? 'repo.issues' : null;
  const enabled = unit === 'repo.issues' ? repo.units.has_issues : unit === 'repo.releases' ? repo.units.has_releases : false;
  if (!unit || !enabled || !atLeast(unitMode(await repoPermission(app, viewer, repo), unit), 'read')) throw new NotFoundError('attachment does not exist');
  return a;
}
