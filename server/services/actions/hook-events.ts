/**
 * workflow_job and workflow_run hook events (Gitea's notifier WorkflowJobStatusUpdate / WorkflowRunStatusUpdate):
 * the action is the reported status (a blocked job is `waiting`, a waiting one `queued`, ...), the payloads have
 * Gitea's shape (modules/structs/hook.go WorkflowJobPayload, WorkflowRunPayload).
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import { toActionWorkflow, toWorkflowJob, toWorkflowRun, actionsStatus } from '../../convert/actions.ts';
import { toUser } from '../../convert/user.ts';
import { eventBaseUrl, payloadRepo, type PayloadBase } from '../repository/payloads.ts';
import { runHookAction as runAction } from './status.ts';
import { jobContext } from './queries.ts';
import { systemUsers } from '../user/users.ts';

function base(app: AppContext, e: { repo: DomainEvents['action_run.changed']['repo']; owner: DomainEvents['action_run.changed']['owner']; sender: DomainEvents['action_run.changed']['sender'] }): PayloadBase {
  return { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.sender ?? systemUsers()[1]! };
}

async function jobChanged(app: AppContext, e: DomainEvents['action_job.changed']): Promise<void> {
  const b = base(app, e);
  const ctx = await jobContext(app, e.job);
  const job = toWorkflowJob(e.job, { run: ctx.run, owner: e.owner, repo: e.repo, position: ctx.position, task: ctx.task, runnerName: '', baseUrl: b.baseUrl });
  const payload: Record<string, unknown> = {
    action: actionsStatus(e.job.status).status, workflow_job: job, repository: payloadRepo(b), sender: toUser(b.sender, null, b.baseUrl),
    ...(e.owner.type === 'organization' ? { organization: toUser(e.owner, null, b.baseUrl) } : {}),
  };
  await app.events.emit({ name: 'workflow_job', repoId: e.repo.id, ownerId: e.owner.id, payload });
}

async function runChanged(app: AppContext, e: DomainEvents['action_run.changed']): Promise<void> {
  const b = base(app, e);
  const repository = payloadRepo(b);
  const workflow = toActionWorkflow({ id: e.run.workflow_id, name: e.run.workflow_id, path: e.run.workflow_path, disabled: false, created: e.run.created, updated: e.run.updated }, e.owner, e.repo, b.baseUrl);
  const payload: Record<string, unknown> = {
    action: runAction(e.run.status), workflow, workflow_run: toWorkflowRun(e.run, { owner: e.owner, repo: e.repo, repository, actor: e.sender, viewer: null, baseUrl: b.baseUrl }),
    repository, sender: toUser(b.sender, null, b.baseUrl), ...(e.owner.type === 'organization' ? { organization: toUser(e.owner, null, b.baseUrl) } : {}),
  };
  await app.events.emit({ name: 'workflow_run', repoId: e.repo.id, ownerId: e.owner.id, payload });
}

/** Subscribes the two hook events to the bus. */
export function subscribeActionHookEvents(app: AppContext): void {
  app.bus.subscribe('action_job.changed', 'actions webhooks', (e) => jobChanged(app, e));
  app.bus.subscribe('action_run.changed', 'actions webhooks', (e) => runChanged(app, e));
}
