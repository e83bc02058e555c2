/** Git commits as Gitea's `Commit`, `CommitMeta`, `PayloadCommit` and `PayloadCommitVerification` JSON. */
import type { UserRecord } from '../store/records.ts';
import { toUser } from './user.ts';
import type { User } from '../structs/user.ts';
import type { Commit, CommitMeta, PayloadCommit, PayloadCommitVerification } from '../structs/commit.ts';

export interface SignatureLike {
  name: string;
  email: string;
  /** RFC 3339 with the signer's offset. */
  when: string;
}

export interface CommitLike {
  id: string;
  parents: string[];
  author: SignatureLike;
  committer: SignatureLike;
  message: string;
  signature: string;
}

export interface FileChange {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
}

/** Where a repository's API and web pages live (see convert/repo.ts repoUrls). */
export interface RepoLinks {
  api: string;
  html: string;
}

/** Gitea's verification block for a commit this host does not verify (no signing keys are known). */
export function toVerification(c: Pick<CommitLike, 'signature'>): PayloadCommitVerification {
  return {
    verified: false,
    reason: c.signature ? 'gpg.error.no_gpg_keys_found' : 'gpg.error.not_signed_commit',
    signature: c.signature,
    signer: null,
    payload: '',
  };
}

/** Gitea's `PayloadCommit` (branch heads, push payloads); usernames are filled for known emails. */
export function toPayloadCommit(c: CommitLike, links: RepoLinks, usernames: { author?: string; committer?: string } = {}): PayloadCommit {
  return {
    id: c.id,
    message: c.message,
    url: `${links.html}/commit/${c.id}`,
    author: { name: c.author.name, email: c.author.email, username: usernames.author ?? '' },
    committer: { name: c.committer.name, email: c.committer.email, username: usernames.committer ?? '' },
    verification: toVerification(c),
    timestamp: c.author.when,
    added: null,
    removed: null,
    modified: null,
  };
}

export interface ToCommitOptions {
  links: RepoLinks;
  baseUrl: string;
  viewer: UserRecord | null;
  /** Users whose email is the author's / committer's, when known. */
  authorUser?: UserRecord | undefined;
  committerUser?: UserRecord | undefined;
  verification: boolean;
  /** Changed files when `files` or `stat` was asked for. */
  changes?: FileChange[] | undefined;
  files: boolean;
  stat: boolean;
}

/** Gitea's `Commit` (commit lists and single commits). The tree's sha is the commit id, as Gitea sends it. */
export function toCommit(c: CommitLike, o: ToCommitOptions): Commit {
  const api = (id: string) => `${o.links.api}/git/commits/${encodeURIComponent(id)}`;
  const user = (u: UserRecord | undefined): User | null => (u ? toUser(u, o.viewer, o.baseUrl) : null);
  const changes = o.changes ?? [];
  const additions = changes.reduce((n, f) => n + f.additions, 0);
  const deletions = changes.reduce((n, f) => n + f.deletions, 0);
  return {
    url: api(c.id),
    sha: c.id,
    created: c.committer.when,
    html_url: `${o.links.html}/commit/${encodeURIComponent(c.id)}`,
    commit: {
      url: api(c.id),
      author: { name: c.author.name, email: c.author.email, date: c.author.when },
      committer: { name: c.committer.name, email: c.committer.email, date: c.committer.when },
      message: c.message,
      tree: { url: `${o.links.api}/git/trees/${encodeURIComponent(c.id)}`, sha: c.id, created: c.committer.when },
      verification: o.verification ? toVerification(c) : null,
    },
    author: user(o.authorUser),
    committer: user(o.committerUser),
    parents: c.parents.map((p) => ({ url: api(p), sha: p, created: '0001-01-01T00:00:00Z' })),
    files: o.files ? changes.map((f) => ({ filename: f.filename, status: f.status })) : null,
    stats: o.stat ? { total: additions + deletions, additions, deletions } : null,
  };
}

/** Gitea's `CommitMeta`. */
export const toCommitMeta = (url: string, sha: string, created: string): CommitMeta => ({ url, sha, created });
