/**
 * Attachment records (Gitea's attachment table): a file stored by its uuid, belonging to an issue or one of its
 * comments, or to a release. The bytes live beside the store (services/attachment/files.ts); the records are kept in
 * append-only logs (LogTable), as they grow with every upload.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface AttachmentRecord {
  id: number;
  uuid: string;
  repo_id: number;
  /** The issue's index in its repository (0: not an issue's). */
  issue_index: number;
  /** The comment it belongs to (0: the issue itself, or not an issue's). */
  comment_id: number;
  /** The release it belongs to (0: none). */
  release_id: number;
  uploader_id: number;
  name: string;
  size: number;
  download_count: number;
  created: string;
}

const table = new LogTable<AttachmentRecord>('attachments', {
  unique: [{ name: 'uuid', key: (a) => a.uuid }],
  indexes: [
    { name: 'issue', key: (a) => compositeKey(a.repo_id, a.issue_index, a.comment_id) },
    { name: 'release', key: (a) => String(a.release_id) },
    { name: 'repo', key: (a) => String(a.repo_id) },
  ],
});

/** The attachment with this id. */
export const get = (store: Store, id: number) => table.get(store, id);

/** The attachment with this uuid. */
export const getByUuid = (store: Store, uuid: string) => table.getBy(store, 'uuid', uuid);

/** The attachments of an issue (`commentId` 0) or of one of its comments, oldest first. */
export const listOfIssue = (store: Store, repoId: number, index: number, commentId: number) =>
  table.listBy(store, 'issue', compositeKey(repoId, index, commentId), (a) => a.release_id === 0);

/** The attachments of a release, oldest first. */
export const listOfRelease = (store: Store, releaseId: number) => table.listBy(store, 'release', String(releaseId));

/** Stores a new record. */
export const insert = (store: Store, make: (id: number) => AttachmentRecord) => table.insert(store, make);

/** Changes a record. */
export const update = (store: Store, id: number, mutate: (a: AttachmentRecord) => void) => table.update(store, id, mutate);

/** Deletes a record. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** The records of a repository (for its deletion). */
export const listOfRepo = (store: Store, repoId: number) => table.listBy(store, 'repo', String(repoId));
