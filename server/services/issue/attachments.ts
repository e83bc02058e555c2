/**
 * Attachments of issues and comments (Gitea's issue and comment assets): readers list and get them; the issue's
 * or comment's poster, or a writer of issues, uploads, renames and deletes them. Storage is services/attachment.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import * as attachmentStore from '../../store/attachments.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import {
  assertEnabled, createAttachment, deleteAttachment, getOwned, listIssueAttachments, renameAttachment, type AttachmentOwner, type AttachmentRecord,
} from '../attachment/attachments.ts';
import { canWriteIssues } from './view.ts';
import { getIssue, type IssueScope } from './issues.ts';
import { getComment } from './comments.ts';

/** An issue (`index`) or a comment (`commentId`) of the scope's repository. */
export interface AssetTarget { index?: number; commentId?: number }

async function ownerOf(app: AppContext, s: IssueScope, t: AssetTarget): Promise<{ owner: AttachmentOwner; posterId: number; locked: boolean }> {
  if (t.commentId !== undefined) {
    const c = await getComment(app, s.repo.id, t.commentId);
    const issue = await getIssue(app, s.repo.id, c.issue_index);
    return { owner: { repo_id: s.repo.id, issue_index: c.issue_index, comment_id: c.id }, posterId: c.poster_id, locked: issue.is_locked };
  }
  const issue = await getIssue(app, s.repo.id, t.index ?? 0);
  return { owner: { repo_id: s.repo.id, issue_index: issue.index, comment_id: 0 }, posterId: issue.poster_id, locked: issue.is_locked };
}

function assertCanWrite(s: IssueScope, posterId: number, locked: boolean): void {
  const writer = canWriteIssues(s.perm);
  if (!s.doer || (!writer && (posterId !== s.doer.id || locked))) throw new ForbiddenError('user should have permission to edit the issue');
}

/** The attachments of the target. */
export async function listAssets(app: AppContext, s: IssueScope, t: AssetTarget): Promise<AttachmentRecord[]> {
  const { owner } = await ownerOf(app, s, t);
  return listIssueAttachments(app, s.repo.id, owner.issue_index!, owner.comment_id!);
}

/** One attachment of the target. */
export async function getAsset(app: AppContext, s: IssueScope, t: AssetTarget, id: number): Promise<AttachmentRecord> {
  return getOwned(app, (await ownerOf(app, s, t)).owner, id);
}

/** Checks the doer may upload to the target before the upload is read. */
export async function assertCanUpload(app: AppContext, s: IssueScope, t: AssetTarget): Promise<AttachmentOwner> {
  assertEnabled(app);
  const o = await ownerOf(app, s, t);
  assertCanWrite(s, o.posterId, o.locked);
  return o.owner;
}

/** Stores an upload on the target (checked by assertCanUpload). */
export async function uploadAsset(app: AppContext, s: IssueScope, owner: AttachmentOwner, file: { name: string; mime: string; stream: Readable; complete?: Promise<void> }): Promise<AttachmentRecord> {
  return createAttachment(app, owner, s.doer!.id, file);
}

/** Renames one attachment of the target. */
export async function editAsset(app: AppContext, s: IssueScope, t: AssetTarget, id: number, name: string | undefined): Promise<AttachmentRecord> {
  const o = await ownerOf(app, s, t);
  assertCanWrite(s, o.posterId, o.locked);
  return renameAttachment(app, await getOwned(app, o.owner, id), name);
}

/** Deletes one attachment of the target. */
export async function deleteAsset(app: AppContext, s: IssueScope, t: AssetTarget, id: number): Promise<void> {
  const o = await ownerOf(app, s, t);
  assertCanWrite(s, o.posterId, o.locked);
  await deleteAttachment(app, await getOwned(app, o.owner, id));
}

/** Deletes the attachments of an issue and its comments (the issue is being deleted). */
export async function deleteIssueAssets(app: AppContext, repoId: number, index: number): Promise<void> {
  for (const a of await attachmentStore.listOfRepo(app.store, repoId)) if (a.issue_index === index && a.release_id === 0) await deleteAttachment(app, a);
}
