/** Files and directories as Gitea's `ContentsResponse` (with `FileLinksResponse`). */
import type { RepoLinks } from './commit.ts';
import type { ContentsResponse, GitBlobResponse } from '../structs/content.ts';
import type { WatchInfo } from '../structs/watch.ts';

export interface ContentLike {
  name: string;
  path: string;
  sha: string;
  type: ContentsResponse['type'];
  size: number;
  content: string | null;
  target: string | null;
  submoduleUrl: string | null;
  lastCommit: { id: string; message: string; author: { when: string }; committer: { when: string } };
}

export interface RefLike {
  /** What the client asked for (used in the self link). */
  input: string;
  kind: 'branch' | 'tag' | 'commit';
  name: string;
}

const escapePath = (p: string): string => p.split('/').map(encodeURIComponent).join('/');

/** Gitea's RefWebLinkPath: `branch/main`, `tag/v1`, `commit/<id>`. */
const webRef = (r: RefLike): string => `${r.kind}/${escapePath(r.name)}`;

/** Gitea's `ContentsResponse` for one entry; `content`/`encoding` are set for a file read on its own. */
export function toContents(e: ContentLike, ref: RefLike, links: RepoLinks): ContentsResponse {
  const self = `${links.api}/contents/${escapePath(e.path)}?ref=${encodeURIComponent(ref.input)}`;
  const isBlob = e.type === 'file' || e.type === 'symlink';
  const html = e.type === 'submodule' ? null : `${links.html}/src/${webRef(ref)}/${escapePath(e.path)}`;
  const git = e.type === 'submodule' ? null : `${links.api}/git/blobs/${e.sha}`;
  return {
    name: e.name,
    path: e.path,
    sha: e.sha,
    last_commit_sha: e.lastCommit.id,
    last_commit_message: e.lastCommit.message,
    last_committer_date: e.lastCommit.committer.when,
    last_author_date: e.lastCommit.author.when,
    type: e.type,
    size: e.size,
    encoding: e.content !== null ? 'base64' : null,
    content: e.content,
    target: e.target,
    url: self,
    html_url: html,
    git_url: git,
    download_url: isBlob ? `${links.html}/raw/${webRef(ref)}/${escapePath(e.path)}` : null,
    submodule_git_url: e.submoduleUrl,
    _links: { self, git, html },
  };
}

/** Gitea's `WatchInfo`: as in Gitea, created_at is the repository's creation time. */
export function toWatchInfo(repoCreated: string, links: RepoLinks): WatchInfo {
  return { subscribed: true, ignored: false, reason: null, created_at: repoCreated, url: `${links.api}/subscription`, repository_url: links.api };
}

/** Gitea's `GitBlobResponse`. */
export function toGitBlob(b: { id: string; size: number; content: string | null }, links: RepoLinks): GitBlobResponse {
  return { content: b.content, encoding: b.content === null ? null : 'base64', url: `${links.api}/git/blobs/${b.id}`, sha: b.id, size: b.size };
}
