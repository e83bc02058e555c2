/** Branches and tags as Gitea's `Branch`, `Tag` and `Reference` JSON. */
import { toPayloadCommit, type CommitLike, type RepoLinks, type SignatureLike } from './commit.ts';
import type { Branch } from '../structs/branch.ts';
import type { Reference, Tag } from '../structs/tag.ts';
import type { GitTreeResponse } from '../structs/content.ts';

export interface ToBranchOptions {
  links: RepoLinks;
  /** Whether the viewer may write code (no branch protection exists here yet). */
  canWrite: boolean;
  usernames?: { author?: string; committer?: string };
}

/** Gitea's `Branch` for an unprotected branch. */
export function toBranch(name: string, commit: CommitLike, o: ToBranchOptions): Branch {
  return {
    name,
    commit: toPayloadCommit(commit, o.links, o.usernames),
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: o.canWrite,
    user_can_merge: o.canWrite,
    effective_branch_protection_name: '',
  };
}

export interface TagLike {
  name: string;
  id: string;
  message: string;
  commit: Pick<CommitLike, 'id'>;
  tagger: SignatureLike;
}

/** Gitea's `Tag`. As in Gitea, commit.url is built from the tag's own id, and the message keeps git's trailing newline. */
export function toTag(t: TagLike, links: RepoLinks): Tag {
  return {
    name: t.name,
    message: t.message,
    id: t.id,
    commit: { url: `${links.api}/git/commits/${t.id}`, sha: t.commit.id, created: t.tagger.when },
    zipball_url: `${links.html}/archive/${encodeURIComponent(`${t.name}.zip`)}`,
    tarball_url: `${links.html}/archive/${encodeURIComponent(`${t.name}.tar.gz`)}`,
  };
}

/** Gitea's `Reference` for a branch or tag ref pointing at an object of `type`. */
export function toReference(ref: string, sha: string, type: string, links: RepoLinks): Reference {
  return {
    ref,
    url: `${links.api}/git/${ref.split('/').map(encodeURIComponent).join('/')}`,
    object: { type, sha, url: `${links.api}/git/${type}s/${sha}` },
  };
}

export interface TreePageLike {
  sha: string;
  entries: { mode: string; type: string; id: string; size: number; path: string }[];
  total: number;
  truncated: boolean;
  page: number;
}

/** Gitea's `GitTreeResponse`; a submodule entry's url is "" as in Gitea (and GitHub). */
export function toGitTree(t: TreePageLike, links: RepoLinks): GitTreeResponse {
  const entryUrl = (type: string, id: string): string => (type === 'tree' ? `${links.api}/git/trees/${id}` : type === 'blob' ? `${links.api}/git/blobs/${id}` : '');
  return {
    sha: t.sha,
    url: `${links.api}/git/trees/${t.sha}`,
    tree: t.entries.map((e) => ({ path: e.path, mode: e.mode, type: e.type, size: e.size, sha: e.id, url: entryUrl(e.type, e.id) })),
    truncated: t.truncated,
    page: t.page,
    total_count: t.total,
  };
}
