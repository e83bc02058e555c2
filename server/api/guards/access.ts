/** Guards shared by route areas: load the repository of `:owner/:repo` and check the doer's permission on it. */
import type { ApiContext } from '../router/context.ts';
import type { Guard } from '../router/route.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { findUserById, findUserByName, peekUserByName } from '../../services/user/lookup.ts';
import { findRepository, peekRepository } from '../../services/repository/lookup.ts';
import { movedPath, redirectTarget } from '../../services/repository/redirects.ts';
import { repoPermission, canReadAny, atLeast, unitMode, ownerVisible, type AccessMode, type Permission, type RepoUnit } from '../../services/permission/permissions.ts';
import { getVisibleOrg, isOrgMember, isOrgOwner } from '../../services/org/orgs.ts';
import { getTeamOrThrow, isTeamMember } from '../../services/org/teams.ts';
import type { TeamRecord } from '../../store/teams.ts';
import { isPublicOnly } from '../../services/auth/scopes.ts';
import { beyondReach, requireWithinReach } from '../../services/auth/token-reach.ts';
import { MovedError, ArchivedError, ForbiddenError, NotFoundError, userNotFound, repoNotFound } from '../../lib/errors.ts';

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
    // A read hands its handler the shared frozen records (no copy per request); a write gets copies of its own.
    const shared = ctx.req.method === 'GET' || ctx.req.method === 'HEAD';
    const owner = await (shared ? peekUserByName : findUserByName)(ctx.app, ownerName);
    if (!owner) throw userNotFound(ownerName);
    const repo = await (shared ? peekRepository : findRepository)(ctx.app, owner.id, repoName.replace(/\.git$/i, ''));
    if (!repo) await redirectIfMoved(ctx, owner, repoName);
    if (repo) await requireWithinReach(repo, owner, async () => canReadAny(await repoPermission(ctx.app, ctx.doer, repo, owner)));
    const perm = repo ? await repoPermission(ctx.app, ctx.doer, repo, owner) : null;
    if (!repo || !perm || (!atLeast(perm.mode, 'read') && !(unit && atLeast(unitMode(perm, unit), 'read')))) {
      // A hidden owner answers like a missing one, a hidden repository like a missing one (collaborators see through both).
      throw (await ownerVisible(ctx.app, owner, ctx.doer)) ? repoNotFound(owner.name, repoName) : userNotFound(ownerName);
    }
    const have = unit ? unitMode(perm, unit) : perm.mode;
    if (!atLeast(have, need)) throw new ForbiddenError(`user should have ${need} access to the repository`);
    ctx.locals.repo = { owner, repo, perm } satisfies RepoLocals;
  };
}

/** A renamed or transferred repository's old name answers 301 to its new address, for a viewer who may read it. */
async function redirectIfMoved(ctx: ApiContext<unknown, unknown>, owner: UserRecord, repoName: string): Promise<void> {
  const target = await redirectTarget(ctx.app, owner, repoName);
  if (!target || !canReadAny(await repoPermission(ctx.app, ctx.doer, target.repo))) return;
  if (beyondReach(target.repo, target.owner)) return;
  const url = ctx.req.originalUrl;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // The routes live under /api/v1/repos and /api/homeforge/repos: the names follow the first `/repos` segment.
  const at = path.toLowerCase().indexOf(`/repos/${encodeURIComponent(ctx.params.owner ?? '').toLowerCase()}/`);
  if (at < 0) return;
  const moved = movedPath(path, path.slice(0, at + '/repos'.length), ctx.params.owner ?? '', repoName, target);
  // Never a redirect to the same address (a loop for the client).
  if (moved === path) return;
  throw new MovedError(`${ctx.baseUrl}${moved}${q < 0 ? '' : url.slice(q)}`);
}

/** Refuses writes to an archived repository with Gitea's 423. Put it after repoAccess. */
export const notArchived: Guard = (ctx) => {
  if (repoOf(ctx).repo.is_archived) throw new ArchivedError('repo is archived');
};

export interface OrgLocals {
  org: UserRecord;
  isMember: boolean;
  isOwner: boolean;
}

/** The organization context an org or team guard loaded. */
export function orgOf(ctx: ApiContext<unknown, unknown>): OrgLocals {
  const o = ctx.locals.org as OrgLocals | undefined;
  if (!o) throw new Error('route has no org guard');
  return o;
}

async function orgLocals(ctx: ApiContext<unknown, unknown>, org: UserRecord): Promise<OrgLocals> {
  const doer = ctx.doer;
  const isOwner = !!doer && (await isOrgOwner(ctx.app, org.id, doer.id));
  const isMember = isOwner || (!!doer && (await isOrgMember(ctx.app, org.id, doer.id)));
  return { org, isMember, isOwner };
}

/** Gitea's checkTokenPublicOnly: a public-only token reaches public organizations only. */
function publicOnlyOrg(ctx: ApiContext<unknown, unknown>, org: UserRecord): void {
  if (ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes) && org.visibility !== 'public') {
    throw new ForbiddenError('token scope is limited to public orgs');
  }
}

/**
 * Loads `:org`. An organization the viewer may not see answers 404 exactly like a missing one; a visible
 * one needs membership or ownership when asked (site admins pass), else Gitea's 403.
 */
export function orgAccess(need: 'visible' | 'member' | 'owner' = 'visible'): Guard {
  return async (ctx) => {
    const org = await getVisibleOrg(ctx.app, ctx.params.org ?? '', ctx.doer);
    publicOnlyOrg(ctx, org);
    const locals = await orgLocals(ctx, org);
    const admin = !!ctx.doer?.is_admin;
    if (need === 'member' && !locals.isMember && !admin) throw new ForbiddenError('Must be an organization member');
    if (need === 'owner' && !locals.isOwner && !admin) throw new ForbiddenError('Must be an organization owner');
    ctx.locals.org = locals;
  };
}

/** The team a team guard loaded. */
export function teamOf(ctx: ApiContext<unknown, unknown>): TeamRecord {
  const t = ctx.locals.team as TeamRecord | undefined;
  if (!t) throw new Error('route has no team guard');
  return t;
}

/**
 * Loads `:id` as a team (Gitea's reqTeamMembership, then reqOrgOwnership for 'owner'): admins and the
 * organization's owners pass; a team member passes for 'member'; an organization member outside the team
 * gets 403; anyone else 404, as if the team did not exist.
 */
export function teamAccess(need: 'member' | 'owner'): Guard {
  return async (ctx) => {
    const team = await getTeamOrThrow(ctx.app, Number(ctx.params.id));
    const org = await findUserById(ctx.app, team.org_id);
    if (!org) throw new NotFoundError();
    publicOnlyOrg(ctx, org);
    const locals = await orgLocals(ctx, org);
    const doer = ctx.doer;
    if (!doer?.is_admin && !locals.isOwner) {
      const inTeam = !!doer && (await isTeamMember(ctx.app, team, doer));
      if (!inTeam && locals.isMember) throw new ForbiddenError('Must be a team member');
      if (!inTeam || need === 'owner') throw new NotFoundError();
    }
    ctx.locals.org = locals;
    ctx.locals.team = team;
  };
}
