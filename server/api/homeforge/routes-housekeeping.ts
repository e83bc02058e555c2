/** A repository's upkeep (last maintained, health, size), which Gitea's Repository object does not carry, and upkeep on demand. */
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { repoAccess, repoOf } from '../guards/access.ts';
import { repoHealth, upkeepNow } from '../../services/housekeeping/index.ts';
import { toRepoHealth } from '../../convert/housekeeping.ts';
import { RepoHealth } from '../../structs/homeforge.ts';

export const housekeepingRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/health', operationId: 'homeforgeRepoHealth', access: 'public', scope: 'repository', response: RepoHealth,
    guards: [repoAccess('read')],
    handler: async (ctx) => {
      const { repo } = repoOf(ctx);
      json(ctx, 200, toRepoHealth(await repoHealth(ctx.app, repo), repo));
    },
  }),
  route({
    method: 'post', path: '/repos/:owner/:repo/health', operationId: 'homeforgeRepoUpkeep', access: 'signed-in', scope: 'repository', response: RepoHealth,
    guards: [repoAccess('admin')],
    handler: async (ctx) => {
      const { repo } = repoOf(ctx);
      json(ctx, 200, toRepoHealth(await upkeepNow(ctx.app, repo), repo));
    },
  }),
];
