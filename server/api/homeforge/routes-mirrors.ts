/** The state of a pull mirror (its last sync and last failure), which Gitea's Repository object does not carry. */
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { repoAccess, repoOf } from '../guards/access.ts';
import { mirrorStatus } from '../../services/mirror/index.ts';
import { MirrorStatus } from '../../structs/homeforge.ts';

export const mirrorStatusRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/mirror', operationId: 'homeforgeMirrorStatus', access: 'public', scope: 'repository', response: MirrorStatus,
    guards: [repoAccess('read')],
    handler: async (ctx) => json(ctx, 200, await mirrorStatus(ctx.app, repoOf(ctx).repo)),
  }),
];
