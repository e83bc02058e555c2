/** What the Actions route files share: the actions-unit guards and the runs' and jobs' JSON. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { toWorkflowJob, toWorkflowRun } from '../../../convert/actions.ts';
import { viewOfChecked } from '../../../services/repository/repos.ts';
import { jobContext, runActor } from '../../../services/actions/queries.ts';
import type { ActionJobRecord, ActionRunRecord } from '../../../store/action-runs.ts';
import { repoJson } from './json.ts';

/** 404 on every actions route while actions are off globally or in the repository. */
const actionsEnabled: Guard = (ctx) => {
  if (!ctx.app.settings.bool('actions.ENABLED') || !repoOf(ctx).repo.units.has_actions) throw new NotFoundError();
};

/** Readers of the repository's actions. */
export const actionsRead: Guard[] = [repoAccess('read', 'repo.actions'), actionsEnabled];
/** Writers of the repository's actions. */
export const actionsWrite: Guard[] = [repoAccess('write', 'repo.actions'), actionsEnabled, notArchived];

/** A numeric path parameter (404 when it is not one). */
export function idParam(ctx: ApiContext<unknown, unknown>, name: string): number {
  const v = ctx.params[name] ?? '';
  if (!/^\d{1,15}$/.test(v)) throw new NotFoundError();
  return Number(v);
}

/** Gitea's ActionWorkflowRun of the guarded repository's runs. */
export async function runsJson(ctx: ApiContext<unknown, unknown>, runs: ActionRunRecord[]) {
  const { repo, owner, perm } = repoOf(ctx);
  const repository = repoJson(ctx, await viewOfChecked(ctx.app, repo, owner, perm));
  const out = [];
  for (const run of runs) out.push(toWorkflowRun(run, { owner, repo, repository, actor: await runActor(ctx.app, run), viewer: ctx.doer, baseUrl: ctx.baseUrl }));
  return out;
}

/** Gitea's ActionWorkflowJob of the guarded repository's jobs. */
export async function jobsJson(ctx: ApiContext<unknown, unknown>, jobs: ActionJobRecord[]) {
  const { repo, owner } = repoOf(ctx);
  const out = [];
  for (const job of jobs) {
    const c = await jobContext(ctx.app, job);
    out.push(toWorkflowJob(job, { run: c.run, owner, repo, position: c.position, task: c.task, runnerName: '', baseUrl: ctx.baseUrl }));
  }
  return out;
}
