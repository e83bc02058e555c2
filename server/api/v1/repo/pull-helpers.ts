/** What the pull-request route files share: the pulls-unit guards and the answer's JSON. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { toPull } from '../../../convert/pull.ts';
import { pullView } from '../../../services/pull/view.ts';
import type { Pull } from '../../../services/pull/pulls.ts';

/** Gitea's answer on every pull route of a repository whose pull-request unit is off. */
const pullsEnabled: Guard = (ctx) => {
  if (!repoOf(ctx).repo.units.has_pull_requests) throw new NotFoundError();
};

/** Readers of the repository's pull requests. */
export const pullsRead: Guard[] = [repoAccess('read', 'repo.pulls'), pullsEnabled];
/** Signed-in readers opening or editing pull requests (the services check poster or writer). */
export const pullsComment: Guard[] = [...pullsRead, notArchived];
/** Writers of the repository's code (merges, branch updates). */
export const pullsMerge: Guard[] = [repoAccess('read', 'repo.pulls'), pullsEnabled, notArchived];

/** Gitea's `PullRequest` of a pull request of the guarded repository. */
export async function pullJson(ctx: ApiContext<unknown, unknown>, p: Pull) {
  const { repo, owner } = repoOf(ctx);
  return toPull(await pullView(ctx.app, repo, owner, p, ctx.doer, ctx.baseUrl), ctx.doer, ctx.baseUrl);
}
