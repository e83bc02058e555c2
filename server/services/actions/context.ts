/** The `github` context of a run (Gitea's generateTaskContext, services/actions/context.go). */
import type { ActionJobRecord, ActionRunRecord } from '../../store/action-runs.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';

function parsed(run: ActionRunRecord): Record<string, unknown> {
  try {
    const p = JSON.parse(run.event_payload) as unknown;
    return p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function refParts(ref: string): { ref_name: string; ref_type: string } {
  if (ref.startsWith('refs/heads/')) return { ref_name: ref.slice(11), ref_type: 'branch' };
  if (ref.startsWith('refs/tags/')) return { ref_name: ref.slice(10), ref_type: 'tag' };
  return { ref_name: ref, ref_type: '' };
}

/** What the run alone tells (enough for job conditions evaluated on the host). */
export function githubContext(run: ActionRunRecord): Record<string, unknown> {
  const event = parsed(run);
  const pr = event.pull_request as { head?: { ref?: string }; base?: { ref?: string } } | undefined;
  return {
    event,
    event_name: run.event,
    ref: run.ref,
    ...refParts(run.ref),
    sha: run.commit_sha,
    run_id: String(run.id),
    run_number: String(run.index),
    run_attempt: String(run.attempt),
    workflow: run.workflow_id,
    head_ref: pr?.head?.ref ?? '',
    base_ref: pr?.base?.ref ?? '',
  };
}

/** The full context a runner gets with a task. */
export function taskContext(o: { run: ActionRunRecord; job: ActionJobRecord; repo: RepoRecord; owner: UserRecord; actor: string; token: string; baseUrl: string }): Record<string, unknown> {
  const full = `${o.owner.name}/${o.repo.name}`;
  return {
    ...githubContext(o.run),
    action: '',
    actor: o.actor,
    triggering_actor: o.actor,
    api_url: `${o.baseUrl}/api/v1`,
    graphql_url: '',
    event_path: '',
    job: o.job.job_id,
    ref_protected: 'false',
    repository: full,
    repository_owner: o.owner.name,
    repositoryUrl: `${o.baseUrl}/${full}.git`,
    retention_days: '90',
    secret_source: 'Actions',
    server_url: o.baseUrl,
    token: o.token,
    workspace: '',
    gitea_default_actions_url: 'https://github.com',
    gitea_runtime_token: o.token,
  };
}
