/** Repository transfer: start one, and accept or reject it as its recipient (Gitea's repoTransfer routes). */
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { ForbiddenError } from '../../../lib/errors.ts';
import { Repository, TransferRepoOption } from '../../../structs/repo.ts';
import type { RepoRecord } from '../../../store/records.ts';
import { repoJson } from './json.ts';
import { acceptTransfer, rejectTransfer, startTransfer, transferredView } from '../../../services/repository/transfer.ts';

/** Answers the repository after the step. */
const sendRepo = async (ctx: ApiContext<unknown, unknown>, status: number, repo: RepoRecord): Promise<void> =>
  json(ctx, status, repoJson(ctx, await transferredView(ctx.app, repo)));

export const transferRoutes = [
  route({
    method: 'post', path: '/repos/:owner/:repo/transfer', operationId: 'repoTransfer', access: 'signed-in', scope: 'repository',
    body: TransferRepoOption, response: Repository, status: 202, alsoStatus: [201],
    guards: [repoAccess('admin'), (ctx) => {
      if (!ctx.doer?.is_admin && repoOf(ctx).perm.mode !== 'owner') throw new ForbiddenError('user should be the owner of the repo');
    }],
    handler: async (ctx) => {
      const done = await startTransfer(ctx.app, ctx.doer!, repoOf(ctx).repo, ctx.body.new_owner, ctx.body.team_ids);
      // Gitea: 201 while the recipient has to accept, 202 when the repository moved.
      await sendRepo(ctx, done.pending ? 201 : 202, done.repo);
    },
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/transfer/accept', operationId: 'acceptRepoTransfer', access: 'signed-in', scope: 'repository',
    response: Repository, status: 202, guards: [repoAccess('read')],
    handler: async (ctx) => sendRepo(ctx, 202, await acceptTransfer(ctx.app, ctx.doer!, repoOf(ctx).repo)),
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/transfer/reject', operationId: 'rejectRepoTransfer', access: 'signed-in', scope: 'repository',
    response: Repository, guards: [repoAccess('read')],
    handler: async (ctx) => sendRepo(ctx, 200, await rejectTransfer(ctx.app, ctx.doer!, repoOf(ctx).repo)),
  }),
];
