/** Maps stored runs, jobs and tasks to Gitea's Actions JSON (services/convert/convert.go ToActionWorkflowRun, ...). */
import type { ActionJobRecord, ActionRunRecord, ActionStatus } from '../store/action-runs.ts';
import type { ActionTaskRecord } from '../store/action-tasks.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { Repository } from '../structs/repo.ts';
import type { ActionTask, ActionWorkflow, ActionWorkflowJob, ActionWorkflowRun } from '../structs/actions.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';

/** Go's zero TimeStamp as Gitea writes it for a time not reached yet. */
const ZERO = '1970-01-01T00:00:00Z';
const at = (t: string | null): string => t ?? ZERO;

/** Gitea's ToActionsStatus: queued (internal waiting), waiting (internal blocked), in_progress, completed. */
export function actionsStatus(s: ActionStatus): { status: string; conclusion?: string } {
  switch (s) {
    case 'waiting': return { status: 'queued' };
    case 'blocked': return { status: 'waiting' };
    case 'running': return { status: 'in_progress' };
    case 'success': case 'failure': case 'cancelled': case 'skipped': return { status: 'completed', conclusion: s };
    default: return { status: 'unknown' };
  }
}

/** The branch (or tag) name of a ref, as Gitea's RefName.BranchName / ShortName for the list. */
export const refShortName = (ref: string): string => ref.replace(/^refs\/(heads|tags)\//, '');

/** The web address of a run (by its number) and the API address (by its id). */
export function runUrls(owner: Pick<UserRecord, 'name'>, repo: Pick<RepoRecord, 'name'>, run: Pick<ActionRunRecord, 'id' | 'index'>, baseUrl: string) {
  const u = repoUrls(owner, repo, baseUrl);
  return { html: `${u.html}/actions/runs/${run.index}`, api: `${u.api}/actions/runs/${run.id}` };
}

/** Gitea's ActionWorkflowRun. */
export function toWorkflowRun(run: ActionRunRecord, o: { owner: UserRecord; repo: RepoRecord; repository: Repository; actor: UserRecord | null; viewer: UserRecord | null; baseUrl: string }): ActionWorkflowRun {
  const urls = runUrls(o.owner, o.repo, run, o.baseUrl);
  const actor = o.actor ? toUser(o.actor, o.viewer, o.baseUrl) : null;
  return {
    id: run.id, url: urls.api, html_url: urls.html, display_title: run.title, path: `${run.workflow_id}@${run.ref}`, event: run.event,
    run_attempt: run.attempt, run_number: run.index, repository_id: run.repo_id, head_sha: run.commit_sha, head_branch: refShortName(run.ref),
    ...actionsStatus(run.status), actor, trigger_actor: actor, repository: o.repository, started_at: at(run.started), completed_at: at(run.stopped),
  };
}

/** Gitea's ActionWorkflowJob; `position` is the job's place in its run (its web address), `task` the current attempt. */
export function toWorkflowJob(job: ActionJobRecord, o: { run: ActionRunRecord; owner: UserRecord; repo: RepoRecord; position: number; task: ActionTaskRecord | null; runnerName: string; baseUrl: string }): ActionWorkflowJob {
  const urls = runUrls(o.owner, o.repo, o.run, o.baseUrl);
  const api = repoUrls(o.owner, o.repo, o.baseUrl).api;
  const steps = (o.task?.steps ?? []).map((s) => ({ name: s.name, number: s.index, ...actionsStatus(s.status), started_at: at(s.started), completed_at: at(s.stopped) }));
  return {
    id: job.id, url: `${api}/actions/jobs/${job.id}`, html_url: `${urls.html}/jobs/${o.position}`, run_id: job.run_id, run_url: urls.api,
    name: job.name, labels: job.runs_on, run_attempt: job.attempt, head_sha: job.commit_sha, head_branch: refShortName(o.run.ref), ...actionsStatus(job.status),
    ...(o.task ? { runner_id: o.task.runner_id, runner_name: o.runnerName } : {}), steps, created_at: job.created, started_at: at(job.started), completed_at: at(job.stopped),
  };
}

/** Gitea's ActionTask (the repository's task list). */
export function toActionTask(task: ActionTaskRecord, o: { job: ActionJobRecord | undefined; run: ActionRunRecord | undefined; owner: UserRecord; repo: RepoRecord; baseUrl: string }): ActionTask {
  const html = o.run ? runUrls(o.owner, o.repo, o.run, o.baseUrl).html : '';
  return {
    id: task.id, name: o.job?.name ?? '', head_branch: refShortName(o.run?.ref ?? ''), head_sha: task.commit_sha, run_number: o.run?.index ?? 0,
    event: o.run?.trigger_event ?? '', display_title: o.run?.title ?? '', status: task.status, workflow_id: o.run?.workflow_id ?? '',
    url: html, created_at: task.created, updated_at: task.updated, run_started_at: at(task.started),
  };
}

/** Gitea's ActionWorkflow of a workflow file. */
export function toActionWorkflow(w: { id: string; name: string; path: string; disabled: boolean; created: string; updated: string }, owner: UserRecord, repo: RepoRecord, baseUrl: string): ActionWorkflow {
  const u = repoUrls(owner, repo, baseUrl);
  const branch = encodeURIComponent(repo.default_branch);
  return {
    id: w.id, name: w.name, path: w.path, state: w.disabled ? 'disabled_manually' : 'active', created_at: w.created, updated_at: w.updated,
    url: `${u.api}/actions/workflows/${encodeURIComponent(w.id)}`,
    html_url: `${u.html}/src/branch/${repo.default_branch.split('/').map(encodeURIComponent).join('/')}/${w.path.split('/').map(encodeURIComponent).join('/')}`,
    badge_url: `${u.html}/actions/workflows/${encodeURIComponent(w.id)}/badge.svg?branch=${branch}`,
  };
}
