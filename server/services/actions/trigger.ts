/**
 * What starts runs (Gitea's services/actions/notifier_helper.go): pushes (branch and tag filters, paths, skip
 * strings), pull requests opened, reopened or synchronized, and workflow_dispatch. Workflows are read at the
 * triggering commit; a workflow disabled in the repository never runs; a push to the default branch replaces the
 * repository's schedule plans.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as pullStore from '../../store/pulls.ts';
import { zeroId } from '../../git/refs.ts';
import { cached } from '../repository/cache.ts';
import { peelToCommit } from '../repository/read.ts';
import { refPushPayload } from '../repository/push-events.ts';
import { eventBaseUrl } from '../repository/payloads.ts';
import { pullPayload } from '../pull/payloads.ts';
import { ACTIONS_USER_ID } from '../user/users.ts';
import { changedPaths, commitMessage, listWorkflowFiles, readWorkflow, type WorkflowFile } from './workflow-files.ts';
import { isSkipped, pullMatches, pushMatches } from './filters.ts';
import { filterOf, parseWorkflow, type Workflow } from './workflow.ts';
import { createRun } from './runs.ts';
import { replaceSchedules } from './schedules.ts';

/** Whether actions run in the repository: globally on, the unit on, not archived. */
export const actionsActive = (app: AppContext, repo: RepoRecord): boolean =>
  app.settings.bool('actions.ENABLED') && repo.units.has_actions && !repo.is_archived;

/** The workflow ids (file names) disabled in the repository. */
export function disabledWorkflows(repo: RepoRecord): string[] {
  const v = repo.options.actions_disabled_workflows;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The parsed workflows at a commit (files that do not parse are left out and logged). */
export async function workflowsAt(app: AppContext, repo: RepoRecord, sha: string): Promise<{ file: WorkflowFile; wf: Workflow; content: string }[]> {
  const out: { file: WorkflowFile; wf: Workflow; content: string }[] = [];
  for (const file of await listWorkflowFiles(app, repo, sha)) {
    const content = await readWorkflow(app, repo, file);
    try {
      out.push({ file, wf: parseWorkflow(content, file.id), content });
    } catch (err) {
      app.log.warn(`actions: ${repo.id}/${file.path}: ${(err as Error).message}`);
    }
  }
  return out;
}

async function pushed(app: AppContext, e: DomainEvents['ref.updated'], u: DomainEvents['ref.updated']['updates'][number]): Promise<void> {
  if (zeroId(u.newSha) || !(u.ref.startsWith('refs/heads/') || u.ref.startsWith('refs/tags/'))) return;
  const gitDir = repoStore.gitDirOf(app.store, e.repo);
  // A tag is read at its commit: message and workflows are then the cached ones of that commit (an API tag's peel
  // is known), instead of a peel and a tree walk keyed by each new tag object.
  const at = u.ref.startsWith('refs/tags/') ? ((await cached(app, e.repo, `peel:${u.newSha}`, async () => (await peelToCommit(app, e.repo, u.newSha))?.id ?? null)) ?? u.newSha) : u.newSha;
  if (isSkipped(await commitMessage(app, e.repo, at))) return;
  const workflows = await workflowsAt(app, e.repo, at);
  if (u.ref === `refs/heads/${e.repo.default_branch}`) await replaceSchedules(app, e.repo, u.newSha, workflows);
  const disabled = disabledWorkflows(e.repo);
  const matching = workflows.filter((w) => w.wf.on.push && !disabled.includes(w.file.id));
  if (!matching.length) return;
  const files = await changedPaths(gitDir, u.oldSha, u.newSha);
  const base = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.pusher };
  let payload: Record<string, unknown> | null = null;
  let title = '';
  for (const w of matching.filter((x) => pushMatches(filterOf(x.wf.on.push!), u.ref, files))) {
    payload ??= (await refPushPayload(app, base, gitDir, u)) as Record<string, unknown>;
    title ||= (await commitMessage(app, e.repo, at)).trim();
    await createRun(app, {
      repo: e.repo, workflow: w.wf, workflowId: w.file.id, workflowPath: w.file.path, title, ref: u.ref, sha: u.newSha,
      event: 'push', triggerEvent: 'push', payload, triggerUserId: e.pusher.id,
    });
  }
}

async function refsMoved(app: AppContext, e: DomainEvents['ref.updated']): Promise<void> {
  if (!actionsActive(app, e.repo) || e.pusher.id === ACTIONS_USER_ID) return;
  for (const u of e.updates) await pushed(app, e, u);
}

const PR_ACTIONS: Record<string, string> = { opened: 'opened', reopened: 'reopened', synchronized: 'synchronize' };

async function pullChanged(app: AppContext, e: DomainEvents['issue.changed']): Promise<void> {
  const action = PR_ACTIONS[e.action];
  if (!e.issue.is_pull || !action || !actionsActive(app, e.repo) || e.doer.id === ACTIONS_USER_ID) return;
  const pr = await pullStore.getByIndex(app.store, e.repo.id, e.issue.index);
  if (!pr || !pr.head_sha) return;
  const gitDir = repoStore.gitDirOf(app.store, e.repo);
  if (isSkipped(await commitMessage(app, e.repo, pr.head_sha))) return;
  const disabled = disabledWorkflows(e.repo);
  const workflows = (await workflowsAt(app, e.repo, pr.head_sha)).filter((w) => w.wf.on.pull_request && !disabled.includes(w.file.id));
  if (!workflows.length) return;
  const files = pr.merge_base ? await changedPaths(gitDir, pr.merge_base, pr.head_sha) : null;
  const payload = await pullPayload(app, { ...e, action });
  if (!payload) return;
  for (const w of workflows.filter((x) => pullMatches(filterOf(x.wf.on.pull_request!), action, pr.base_branch, files))) {
    await createRun(app, {
      repo: e.repo, workflow: w.wf, workflowId: w.file.id, workflowPath: w.file.path, title: e.issue.title, ref: `refs/pull/${e.issue.index}/head`,
      sha: pr.head_sha, event: 'pull_request', triggerEvent: 'pull_request', payload, triggerUserId: e.doer.id,
      isForkPullRequest: pr.head_repo_id !== e.repo.id,
    });
  }
}

/** Subscribes the run triggers to the bus. */
export function subscribeActionTriggers(app: AppContext): void {
  app.bus.subscribe('ref.updated', 'actions', (e) => refsMoved(app, e));
  app.bus.subscribe('issue.changed', 'actions', (e) => pullChanged(app, e));
}
