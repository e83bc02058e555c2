/** The answers of the file-writing routes: Gitea's `FileResponse`, `FilesResponse`, `FileDeleteResponse` and `FileCommitResponse`. */
import { toVerification, type RepoLinks } from './commit.ts';
import { toCommitUser } from './annotated-tag.ts';
import { toContents, type ContentLike, type RefLike } from './content.ts';
import type { FileCommitResponse, FileDeleteResponse, FileResponse, FilesResponse } from '../structs/content.ts';

/** Go's zero time, which Gitea sends as the `created` of the CommitMeta parts of a FileCommitResponse. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

interface CommitOf {
  id: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string; unix: number };
  committer: { name: string; email: string; unix: number };
  message: string;
  signature: string;
}

const commitUrl = (links: RepoLinks, id: string): string => `${links.api}/git/commits/${encodeURIComponent(id)}`;

/** Gitea's `FileCommitResponse`: the message as stored (with git's trailing newline), dates in UTC. */
export function toFileCommit(c: CommitOf, links: RepoLinks): FileCommitResponse {
  return {
    url: commitUrl(links, c.id),
    sha: c.id,
    created: ZERO_TIME,
    html_url: `${links.html}/commit/${encodeURIComponent(c.id)}`,
    author: toCommitUser(c.author),
    committer: toCommitUser(c.committer),
    parents: c.parents.map((p) => ({ url: commitUrl(links, p), sha: p, created: ZERO_TIME })),
    message: c.message,
    tree: { url: `${links.api}/git/trees/${encodeURIComponent(c.tree)}`, sha: c.tree, created: ZERO_TIME },
  };
}

export interface FilesResultLike {
  commit: CommitOf;
  ref: RefLike;
  files: (ContentLike | null)[];
}

/** Gitea's `FilesResponse` (POST /contents): one contents entry per file, null for a deleted one. */
export function toFilesResponse(r: FilesResultLike, links: RepoLinks): FilesResponse {
  return {
    files: r.files.map((f) => (f ? toContents(f, r.ref, links) : null)),
    commit: toFileCommit(r.commit, links),
    verification: toVerification(r.commit),
  };
}

/** Gitea's `FileResponse` of a one-file create or update. */
export function toFileResponse(r: FilesResultLike, links: RepoLinks): FileResponse {
  const f = r.files[0] ?? null;
  return { content: f ? toContents(f, r.ref, links) : null, commit: toFileCommit(r.commit, links), verification: toVerification(r.commit) };
}

/** Gitea's `FileDeleteResponse`: the commit of a one-file delete; content is always null. */
export function toFileDeleteResponse(r: FilesResultLike, links: RepoLinks): FileDeleteResponse {
  return { content: null, commit: toFileCommit(r.commit, links), verification: toVerification(r.commit) };
}
