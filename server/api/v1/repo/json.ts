/** The one mapping from a repository view to Gitea's `Repository` JSON, as the request's doer sees it. */
import type { ApiContext } from '../../router/context.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { toRepo } from '../../../convert/repo.ts';
import { apiPermission, type RepoPage, type RepoView } from '../../../services/repository/repos.ts';

/** Gitea's `Repository` of a view, for the request's viewer and base URL. */
export const repoJson = (ctx: ApiContext<unknown, unknown>, v: RepoView): ReturnType<typeof toRepo> =>
  toRepo(v.repo, v.owner, {
    permission: apiPermission(v.perm), viewer: ctx.doer, baseUrl: ctx.baseUrl, branchCount: v.branchCount, watchersCount: v.watchers, starsCount: v.stars,
    openIssues: v.openIssues, openPulls: v.openPulls, forksCount: v.forks, transfer: v.transfer, ...(v.parent ? { parent: repoJson(ctx, v.parent) } : {}),
  });

/** Sends a page of repositories a service built, with the paging headers of its total. */
export function sendRepoPage(ctx: ApiContext<unknown, unknown>, found: RepoPage): void {
  setPageHeaders(ctx, found.total);
  json(ctx, 200, found.views.map((v) => repoJson(ctx, v)));
}
