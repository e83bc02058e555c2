/** The signed-in user and public user lookups. */
import { route } from './route.ts';
import { json } from './respond.ts';
import { toUser } from '../../convert/user.ts';

export const userRoutes = [
  route({
    method: 'get', path: '/user', operationId: 'userGetCurrent', access: 'signed-in', scope: 'user',
    handler: (ctx) => json(ctx, 200, toUser(ctx.doer!, ctx.doer, ctx.baseUrl)),
  }),
];
