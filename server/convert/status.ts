/** Maps stored commit statuses to Gitea's `CommitStatus` and `CombinedStatus` JSON. */
import type { CommitStatusRecord } from '../store/commit-statuses.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { CommitStatus, CombinedStatus, CommitStatusState } from '../structs/status.ts';
import type { Repository } from '../structs/repo.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';

/** Gitea's ToCommitStatus: `url` is the repository's statuses address of the commit. */
export function toCommitStatus(s: CommitStatusRecord, creator: UserRecord | null, owner: UserRecord, repo: RepoRecord, viewer: UserRecord | null, baseUrl: string): CommitStatus {
  return {
    id: s.id, status: s.state, target_url: s.target_url, description: s.description,
    url: `${repoUrls(owner, repo, baseUrl).api}/statuses/${encodeURIComponent(s.sha)}`,
    context: s.context, creator: creator ? toUser(creator, viewer, baseUrl) : null, created_at: s.created, updated_at: s.updated,
  };
}

/** Gitea's ToCombinedStatus. */
export function toCombinedStatus(sha: string, state: CommitStatusState, statuses: CommitStatus[], total: number, repository: Repository, owner: UserRecord, repo: RepoRecord, baseUrl: string): CombinedStatus {
  const api = repoUrls(owner, repo, baseUrl).api;
  return { state, sha, total_count: total, statuses, repository, commit_url: `${api}/commits/${sha}`, url: `${api}/commits/${sha}/status` };
}
