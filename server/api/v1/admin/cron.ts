/** Gitea's admin cron API: the host's scheduled tasks and running one now. Site admins with the admin scope. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { noContent, paged } from '../../router/respond.ts';
import { listCronTasks, requestCronRun } from '../../../services/housekeeping/index.ts';
import { toCron } from '../../../convert/housekeeping.ts';
import { Cron } from '../../../structs/cron.ts';

export const adminCronRoutes = [
  route({
    method: 'get', path: '/admin/cron', operationId: 'adminCronList', access: 'admin', scope: 'admin', response: z.array(Cron),
    handler: async (ctx) => paged(ctx, await listCronTasks(ctx.app), toCron),
  }),
  route({
    method: 'post', path: '/admin/cron/:task', operationId: 'adminCronRun', access: 'admin', scope: 'admin', status: 204,
    handler: async (ctx) => {
      await requestCronRun(ctx.app, ctx.params.task!);
      noContent(ctx);
    },
  }),
];
