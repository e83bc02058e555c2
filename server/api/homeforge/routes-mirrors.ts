/** The state of a pull mirror (its last sync and last failure), which Gitea's Repository object does not carry. */
import { route } from '../v1/route.ts';
import { json } from '../v1/respond.ts';
import { repoAccess, repoOf } from '../v1/guards.ts';
import { mirrorStatus } from '../../services/mirrors/index.ts';

export const mirrorStatusRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/mirror', operationId: 'homeforgeMirrorStatus', access: 'public', scope: 'repository',
    guards: [repoAccess('read')],
    handler: async (ctx) => json(ctx, 200, await mirrorStatus(ctx.app, repoOf(ctx).repo)),
  }),
];
