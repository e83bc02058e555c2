/** Actions operations Gitea's REST API lacks (its web UI has them): cancel a run; a job's log rows from an offset (the live log view). */
import { z } from 'zod';
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { repoOf } from '../guards/access.ts';
import { getJob, getRun } from '../../services/actions/queries.ts';
import { cancelRun } from '../../services/actions/runs.ts';
import { readTaskLog } from '../../services/actions/tasks.ts';
import { actionsRead, actionsWrite, idParam } from '../v1/repo/action-helpers.ts';
import { ActionLogRows, ActionRunState } from '../../structs/homeforge-actions.ts';

const R = '/repos/:owner/:repo/actions';
const LogQuery = z.object({ from: z.string().regex(/^\d{1,9}$/).optional() });

export const actionRoutesHomeforge = [
  route({
    method: 'post', path: `${R}/runs/:run/cancel`, operationId: 'homeforgeCancelActionRun', access: 'signed-in', scope: 'repository', response: ActionRunState, guards: actionsWrite,
    handler: async (ctx) => {
      const run = await cancelRun(ctx.app, await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run')));
      json(ctx, 200, { id: run.id, status: run.status });
    },
  }),
  route({
    method: 'get', path: `${R}/jobs/:job_id/log-rows`, operationId: 'homeforgeActionJobLogRows', access: 'public', scope: 'repository', query: LogQuery, response: ActionLogRows, guards: actionsRead,
    handler: async (ctx) => {
      const job = await getJob(ctx.app, repoOf(ctx).repo, idParam(ctx, 'job_id'));
      const rows = job.task_id ? await readTaskLog(ctx.app, job.task_id, Number(ctx.query.from ?? 0), 1000) : [];
      json(ctx, 200, { job_status: job.status, rows });
    },
  }),
];
