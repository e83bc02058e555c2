/** Branches and tags as Gitea's `Branch`, `Tag` and `Reference` JSON. */
import { toPayloadCommit, type CommitLike, type RepoLinks, type SignatureLike } from './commit.ts';
import type { Branch } from '../structs/branch.ts';
import type { Reference, Tag } from '../structs/tag.ts';
import type { GitTreeResponse } from '../structs/content.ts';
import type { ProtectedBranchRecord } from '../store/protected-branches.ts';

/** The protection rule governing a branch, as the branch answer shows it. */
export interface BranchProtectionLike {
  rule: Pick<ProtectedBranchRecord, 'rule_name' | 'required_approvals' | 'enable_status_check' | 'status_check_contexts'>;
  userCanPush: boolean;
  userCanMerge: boolean;
  showRuleName: boolean;
}

export interface ToBranchOptions {
  links: RepoLinks;
  /** Whether the viewer may write code (what an unprotected branch lets them do). */
  canWrite: boolean;
  usernames?: { author?: string; committer?: string };
  /** The rule governing the branch, when one does. */
  protection?: BranchProtectionLike;
}

/** Gitea's `Branch`: an unprotected one lets writers push and merge; a protected one shows its rule's settings. */
export function toBranch(name: string, commit: CommitLike, o: ToBranchOptions): Branch {
  const p = o.protection;
  return {
    name,
    commit: toPayloadCommit(commit, o.links, o.usernames),
    protected: !!p,
    required_approvals: p?.rule.required_approvals ?? 0,
    enable_status_check: p?.rule.enable_status_check ?? false,
    status_check_contexts: p ? [...p.rule.status_check_contexts] : [],
    user_can_push: p ? p.userCanPush : o.canWrite,
    user_can_merge: p ? p.userCanMerge : o.canWrite,
    effective_branch_protection_name: p?.showRuleName ? p.rule.rule_name : '',
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
