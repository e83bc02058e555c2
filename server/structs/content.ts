/**
 * Gitea's file and tree shapes: `ContentsResponse`, `GitBlobResponse`, `GitTreeResponse`, and the contents-write
 * requests and answers (`CreateFileOptions`, `UpdateFileOptions`, `DeleteFileOptions`, `ChangeFilesOptions`,
 * `FileResponse`, `FilesResponse`, `FileDeleteResponse`).
 */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { CommitMeta, CommitUser, PayloadCommitVerification } from './commit.ts';

/** Gitea's `FileLinksResponse`; `git` and `html` are null for a submodule. */
export const FileLinksResponse = z.strictObject({
  self: z.string(),
  git: z.string().nullable(),
  html: z.string().nullable(),
}).meta({ id: 'FileLinksResponse' });
export type FileLinksResponse = z.infer<typeof FileLinksResponse>;

/** Gitea's `ContentsResponse`: `content`/`encoding` only for a file read on its own, `target` for a symlink. */
export const ContentsResponse = z.strictObject({
  name: z.string(),
  path: z.string(),
  sha: z.string(),
  last_commit_sha: z.string(),
  last_commit_message: z.string(),
  last_committer_date: dateTime,
  last_author_date: dateTime,
  type: z.enum(['file', 'dir', 'symlink', 'submodule']),
  size: int,
  encoding: z.string().nullable(),
  content: z.string().nullable(),
  target: z.string().nullable(),
  url: z.string(),
  html_url: z.string().nullable(),
  git_url: z.string().nullable(),
  download_url: z.string().nullable(),
  submodule_git_url: z.string().nullable(),
  _links: FileLinksResponse,
  /** Only for a file stored in LFS (none here: LFS is not served); Gitea omits both otherwise. */
  lfs_oid: z.string().optional(),
  lfs_size: int.optional(),
}).meta({ id: 'ContentsResponse' });
export type ContentsResponse = z.infer<typeof ContentsResponse>;

/** `GET /repos/{owner}/{repo}/contents/{path}`: one entry for a file, a list for a directory. */
export const ContentsResponseOrList = z.union([ContentsResponse, z.array(ContentsResponse)]);

/** Gitea's `GitBlobResponse`; content is null when the blob is over the size limit. */
export const GitBlobResponse = z.strictObject({
  content: z.string().nullable(),
  encoding: z.string().nullable(),
  url: z.string(),
  sha: z.string(),
  size: int,
  /** Only for a blob stored in LFS; Gitea omits both otherwise. */
  lfs_oid: z.string().optional(),
  lfs_size: int.optional(),
}).meta({ id: 'GitBlobResponse' });
export type GitBlobResponse = z.infer<typeof GitBlobResponse>;

/** Gitea's `GitEntry`: a tree entry; a submodule's url is "". */
export const GitEntry = z.strictObject({
  path: z.string(), mode: z.string(), type: z.string(), size: int, sha: z.string(), url: z.string(),
}).meta({ id: 'GitEntry' });
export type GitEntry = z.infer<typeof GitEntry>;

/** Gitea's `GitTreeResponse`, one page of a (possibly recursive) tree. */
export const GitTreeResponse = z.strictObject({
  sha: z.string(),
  url: z.string(),
  tree: z.array(GitEntry),
  truncated: z.boolean(),
  page: int,
  total_count: int,
}).meta({ id: 'GitTreeResponse' });
export type GitTreeResponse = z.infer<typeof GitTreeResponse>;

/** Gitea's `Identity`: the author or committer given for a contents write. */
export const Identity = z.object({ name: z.string().max(100).optional(), email: z.string().max(254).optional() }).meta({ id: 'Identity' });
export type Identity = z.infer<typeof Identity>;

/** Gitea's `CommitDateOptions`. */
export const CommitDateOptions = z.object({
  author: z.iso.datetime({ offset: true }).optional(),
  committer: z.iso.datetime({ offset: true }).optional(),
}).meta({ id: 'CommitDateOptions' });
export type CommitDateOptions = z.infer<typeof CommitDateOptions>;

/** The fields every contents write shares (Gitea's FileOptions; branch names MaxSize(100) as Gitea binds them). */
const fileOptions = {
  message: z.string().max(65536).optional(),
  branch: z.string().max(100).optional(),
  new_branch: z.string().max(100).optional(),
  author: Identity.optional(),
  committer: Identity.optional(),
  dates: CommitDateOptions.optional(),
  signoff: z.boolean().optional(),
  force_push: z.boolean().optional(),
};

/** `POST /repos/{owner}/{repo}/contents/{path}`: `content` is base64. */
export const CreateFileOptions = z.object({ ...fileOptions, content: z.string() }).meta({ id: 'CreateFileOptions' });
export type CreateFileOptions = z.infer<typeof CreateFileOptions>;

/** `PUT /repos/{owner}/{repo}/contents/{path}`: `sha` is the blob being replaced; `from_path` renames. */
export const UpdateFileOptions = z.object({
  ...fileOptions, content: z.string(), sha: z.string().max(64).optional(), from_path: z.string().max(500).optional(),
}).meta({ id: 'UpdateFileOptions' });
export type UpdateFileOptions = z.infer<typeof UpdateFileOptions>;

/** `DELETE /repos/{owner}/{repo}/contents/{path}`: `sha` is the blob being deleted. */
export const DeleteFileOptions = z.object({ ...fileOptions, sha: z.string().min(1).max(64) }).meta({ id: 'DeleteFileOptions' });
export type DeleteFileOptions = z.infer<typeof DeleteFileOptions>;

/** Gitea's `ChangeFileOperation`: one file of a multi-file write (paths MaxSize(500) as Gitea binds them). */
export const ChangeFileOperation = z.object({
  operation: z.enum(['create', 'update', 'upload', 'rename', 'delete']),
  path: z.string().min(1).max(500),
  content: z.string().optional(),
  sha: z.string().max(64).optional(),
  from_path: z.string().max(500).optional(),
}).meta({ id: 'ChangeFileOperation' });
export type ChangeFileOperation = z.infer<typeof ChangeFileOperation>;

/** `POST /repos/{owner}/{repo}/contents`: several files in one commit (at most 1000). */
export const ChangeFilesOptions = z.object({ ...fileOptions, files: z.array(ChangeFileOperation).min(1).max(1000) }).meta({ id: 'ChangeFilesOptions' });
export type ChangeFilesOptions = z.infer<typeof ChangeFilesOptions>;

/** Gitea's `FileCommitResponse`: the commit a contents write made. */
export const FileCommitResponse = z.strictObject({
  url: z.string(),
  sha: z.string(),
  created: dateTime,
  html_url: z.string(),
  author: CommitUser,
  committer: CommitUser,
  parents: z.array(CommitMeta),
  message: z.string(),
  tree: CommitMeta,
}).meta({ id: 'FileCommitResponse' });
export type FileCommitResponse = z.infer<typeof FileCommitResponse>;

/** Gitea's `FileResponse` (create and update one file). */
export const FileResponse = z.strictObject({
  content: ContentsResponse.nullable(),
  commit: FileCommitResponse,
  verification: PayloadCommitVerification,
}).meta({ id: 'FileResponse' });
export type FileResponse = z.infer<typeof FileResponse>;

/** Gitea's `FilesResponse` (several files in one commit); a deleted file's entry is null. */
export const FilesResponse = z.strictObject({
  files: z.array(ContentsResponse.nullable()),
  commit: FileCommitResponse,
  verification: PayloadCommitVerification,
}).meta({ id: 'FilesResponse' });
export type FilesResponse = z.infer<typeof FilesResponse>;

/** Gitea's `FileDeleteResponse`: `content` is always null. */
export const FileDeleteResponse = z.strictObject({
  content: z.null(),
  commit: FileCommitResponse,
  verification: PayloadCommitVerification,
}).meta({ id: 'FileDeleteResponse' });
export type FileDeleteResponse = z.infer<typeof FileDeleteResponse>;
