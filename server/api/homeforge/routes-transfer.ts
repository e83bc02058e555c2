/** Cancelling a pending transfer from the repository's side, which Gitea offers in its web UI only. */
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { repoAccess, repoOf } from '../guards/access.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { Repository } from '../../structs/repo.ts';
import { repoJson } from '../v1/repo/json.ts';
import { cancelTransfer, transferredView } from '../../services/repository/transfer.ts';

export const transferCancelRoutes = [
  route({
    method: 'post', path: '/repos/:owner/:repo/transfer/cancel', operationId: 'homeforgeCancelRepoTransfer', access: 'signed-in', scope: 'repository',
    response: Repository,
    guards: [repoAccess('admin'), (ctx) => {
      if (!ctx.doer?.is_admin && repoOf(ctx).perm.mode !== 'owner') throw new ForbiddenError('user should be the owner of the repo');
    }],
    handler: async (ctx) => json(ctx, 200, repoJson(ctx, await transferredView(ctx.app, await cancelTransfer(ctx.app, repoOf(ctx).repo)))),
  }),
];
