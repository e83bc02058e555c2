/** Guards shared by route areas: load the repository of `:owner/:repo` and check the doer's permission on it. */
import type { ApiContext } from './context.ts';
import type { Guard } from './route.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import { repoPermission, atLeast, unitMode, canSeeOwner, type AccessMode, type Permission, type RepoUnit } from '../../services/permissions.ts';
import { ArchivedError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';

export interface RepoLocals {
  owner: UserRecord;
  repo: RepoRecord;
  perm: Permission;
}

/** The repository context a repo guard loaded. */
export function repoOf(ctx: ApiContext<unknown, unknown>): RepoLocals {
  const r = ctx.locals.repo as RepoLocals | undefined;
  if (!r) throw new Error('route has no repo guard');
  return r;
}

/**
 * Loads `:owner/:repo` and requires `need` on the repository (or on `unit`). A viewer who may not read it
 * gets 404, as if it did not exist; one who may read but not `need` gets 403.
 */
export function repoAccess(need: AccessMode = 'read', unit?: RepoUnit): Guard {
  return async (ctx) => {
    const { owner: ownerName = '', repo: repoName = '' } = ctx.params;
    const owner = await userStore.getByName(ctx.app.store, ownerName);
    if (!owner || !canSeeOwner(owner, ctx.doer)) throw new NotFoundError('GetUserByName');
    const repo = await repoStore.getByOwnerAndName(ctx.app.store, owner.id, repoName.replace(/\.git$/i, ''));
    if (!repo) throw new NotFoundError('GetRepositoryByName');
    const perm = await repoPermission(ctx.app, ctx.doer, repo);
    if (!atLeast(perm.mode, 'read') && !(unit && atLeast(unitMode(perm, unit), 'read'))) throw new NotFoundError('GetRepositoryByName');
    const have = unit ? unitMode(perm, unit) : perm.mode;
    if (!atLeast(have, need)) throw new ForbiddenError(`user should have ${need} access to the repository`);
    ctx.locals.repo = { owner, repo, perm } satisfies RepoLocals;
  };
}

/** Refuses writes to an archived repository with Gitea's 423. Put it after repoAccess. */
export const notArchived: Guard = (ctx) => {
  if (repoOf(ctx).repo.is_archived) throw new ArchivedError('repo is archived');
};
