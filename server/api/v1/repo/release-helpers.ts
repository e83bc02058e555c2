/** What the release route files share: the releases-unit guards, the scope of a write, and the answers' JSON. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { notArchived, repoAccess, repoOf } from '../../guards/access.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { toRelease } from '../../../convert/release.ts';
import { releaseViews } from '../../../services/release/view.ts';
import { getRelease, type ReleaseRecord, type ReleaseScope } from '../../../services/release/releases.ts';

/** Gitea's answer on every release route of a repository whose releases unit is off. */
const releasesEnabled: Guard = (ctx) => {
  if (!repoOf(ctx).repo.units.has_releases) throw new NotFoundError();
};

/** Readers of the repository's releases. */
export const releasesRead: Guard[] = [repoAccess('read', 'repo.releases'), releasesEnabled];
/** Writers of the repository's releases. */
export const releasesWrite: Guard[] = [repoAccess('write', 'repo.releases'), releasesEnabled, notArchived];

/** The release write's scope from the guarded request. */
export function releaseScope(ctx: ApiContext<unknown, unknown>): ReleaseScope {
  const { repo, owner, perm } = repoOf(ctx);
  return { repo, owner, perm, doer: ctx.doer!, baseUrl: ctx.baseUrl };
}

/** `:id` as a number. */
export const releaseIdOf = (ctx: ApiContext<unknown, unknown>): number => Number(ctx.params.id);

/** The release of `:id` as the viewer may see it (404 otherwise). */
export const releaseOf = (ctx: ApiContext<unknown, unknown>): Promise<ReleaseRecord> =>
  getRelease(ctx.app, repoOf(ctx).repo, repoOf(ctx).perm, releaseIdOf(ctx));

/** Gitea's `Release` JSON of some releases of the guarded repository. */
export async function releasesJson(ctx: ApiContext<unknown, unknown>, rows: ReleaseRecord[]) {
  const { repo, owner } = repoOf(ctx);
  return (await releaseViews(ctx.app, rows)).map((v) => toRelease(v.release, v.publisher, v.assets, owner, repo, ctx.doer, ctx.baseUrl));
}

/** Gitea's `Release` JSON of one release. */
export const releaseJson = async (ctx: ApiContext<unknown, unknown>, r: ReleaseRecord) => (await releasesJson(ctx, [r]))[0]!;
