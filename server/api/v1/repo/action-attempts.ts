/** A workflow run's attempts (Gitea's getWorkflowRunAttempt and listWorkflowRunAttemptJobs). */
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { ActionWorkflowJobsResponse, ActionWorkflowRun, JobListQuery } from '../../../structs/actions.ts';
import { getRun } from '../../../services/actions/queries.ts';
import { jobsAtAttempt, runAtAttempt } from '../../../services/actions/attempts.ts';
import { actionsRead, idParam, jobsJson, runsJson } from './action-helpers.ts';

const A = '/repos/:owner/:repo/actions/runs/:run/attempts/:attempt';

export const actionAttemptRoutes = [
  route({
    method: 'get', path: A, operationId: 'getWorkflowRunAttempt', access: 'public', scope: 'repository', response: ActionWorkflowRun, guards: actionsRead,
    handler: async (ctx) => {
      const run = await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      json(ctx, 200, (await runsJson(ctx, [runAtAttempt(run, idParam(ctx, 'attempt'))]))[0]);
    },
  }),
  route({
    method: 'get', path: `${A}/jobs`, operationId: 'listWorkflowRunAttemptJobs', access: 'public', scope: 'repository', query: JobListQuery, response: ActionWorkflowJobsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const run = await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      const page = await jobsAtAttempt(ctx.app, run, idParam(ctx, 'attempt'), ctx.query.status, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { jobs: await jobsJson(ctx, page.rows), total_count: page.total });
    },
  }),
];
