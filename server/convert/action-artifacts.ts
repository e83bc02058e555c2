/** Gitea's ActionArtifact of a stored artifact (Gitea's convert.ToActionArtifact). */
import type { ActionArtifact } from '../structs/actions.ts';
import type { ActionArtifactRecord } from '../store/action-artifacts.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';

/** The artifact as the API shows it; its urls are the API's. */
export function toActionArtifact(a: ActionArtifactRecord, owner: Pick<UserRecord, 'name'>, repo: Pick<RepoRecord, 'name'>, baseUrl: string): ActionArtifact {
  const url = `${baseUrl}/api/v1/repos/${encodeURIComponent(owner.name)}/${encodeURIComponent(repo.name)}/actions/artifacts/${a.id}`;
  return {
    id: a.id, name: a.name, size_in_bytes: a.size, url, archive_download_url: `${url}/zip`, expired: a.status === 'expired',
    workflow_run: { id: a.run_id, repository_id: a.repo_id, head_sha: a.commit_sha },
    created_at: a.created, updated_at: a.updated, expires_at: a.expires,
  };
}
