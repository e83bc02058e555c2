/**
 * The one function that decides a user's access to a repository and to each of its units. Every API route
 * and the git transport use it; nothing checks permissions its own way. It follows Gitea's
 * GetUserRepoPermission: owner visibility first (collaborators pass it), then site admin and owner, then the
 * public minimum, collaborations, and for organizations the teams that have the repository.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import * as teamStore from '../../store/teams.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import { beyondReach, limitedToPublic } from '../auth/token-reach.ts';
import { actionsGrantOf } from '../auth/actions-token.ts';

export type AccessMode = 'none' | 'read' | 'write' | 'admin' | 'owner';
const ORDER: AccessMode[] = ['none', 'read', 'write', 'admin', 'owner'];

export type RepoUnit = 'repo.code' | 'repo.issues' | 'repo.pulls' | 'repo.releases' | 'repo.wiki' | 'repo.ext_wiki'
  | 'repo.ext_issues' | 'repo.projects' | 'repo.packages' | 'repo.actions';

/** Every repository unit, in Gitea's unit type order. */
export const REPO_UNITS: readonly RepoUnit[] = [
  'repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki', 'repo.ext_wiki', 'repo.ext_issues',
  'repo.projects', 'repo.packages', 'repo.actions',
];

export interface Permission {
  /** The overall mode (Gitea's AccessMode). */
  mode: AccessMode;
  /** The mode per unit; a unit missing here has `mode`. */
  units: Partial<Record<RepoUnit, AccessMode>>;
}

/** True when `have` is at least `need`. */
export const atLeast = (have: AccessMode, need: AccessMode): boolean => ORDER.indexOf(have) >= ORDER.indexOf(need);

/** The higher of the modes. */
export const maxMode = (...modes: AccessMode[]): AccessMode => modes.reduce((a, b) => (atLeast(a, b) ? a : b), 'none');

/** The mode `perm` gives on `unit`. */
export const unitMode = (perm: Permission, unit: RepoUnit): AccessMode => perm.units[unit] ?? perm.mode;

/** True when `perm` can read the repository or at least one of its units (Gitea's HasAnyUnitAccess). */
export const canReadAny = (perm: Permission): boolean =>
  atLeast(perm.mode, 'read') || Object.values(perm.units).some((m) => atLeast(m, 'read'));

const NONE: Permission = { mode: 'none', units: {} };

/**
 * Whether `viewer` may see the user or organization. Admins and the owner itself see everything; anonymous
 * viewers see public owners. Organizations follow Gitea's HasOrgOrUserVisible: a private one, or any one for a
 * restricted viewer, is visible to its members only. People follow IsUserVisibleToViewer: public to all,
 * limited to signed-in unrestricted users, private to themselves and admins.
 */
export async function ownerVisible(app: AppContext, owner: UserRecord, viewer: UserRecord | null): Promise<boolean> {
  if (viewer && (viewer.is_admin || viewer.id === owner.id)) return true;
  if (!viewer) return owner.visibility === 'public';
  if (owner.type === 'organization') {
    if (owner.visibility !== 'private' && !viewer.restricted) return true;
    return orgMemberStore.isMember(app.store, owner.id, viewer.id);
  }
  if (owner.visibility === 'public') return true;
  return owner.visibility === 'limited' && !viewer.restricted;
}

/** The teams of the organization that `uid` is in and that have the repository. */
async function teamsWithRepo(app: AppContext, orgId: number, uid: number, repoId: number): Promise<teamStore.TeamRecord[]> {
  const mine = await teamStore.teamIdsOfUser(app.store, orgId, uid);
  if (mine.size === 0) return [];
  const given = await teamStore.teamIdsOfRepo(app.store, repoId);
  const teams = await teamStore.listByOrg(app.store, orgId);
  return teams.filter((t) => mine.has(t.id) && (t.includes_all_repositories || given.has(t.id)));
}

/** Folds the teams into the permission: an admin team owns the repository, others grant their unit modes. */
function withTeams(base: AccessMode, floor: AccessMode, teams: teamStore.TeamRecord[]): Permission {
  if (teams.some((t) => atLeast(t.access_mode, 'admin'))) return { mode: 'owner', units: {} };
  if (teams.length === 0) return { mode: base, units: {} };
  const mode = maxMode(base, ...teams.map((t) => t.access_mode));
  const units: Partial<Record<RepoUnit, AccessMode>> = {};
  for (const unit of REPO_UNITS) {
    units[unit] = maxMode(floor, ...teams.map((t) => t.units[unit] ?? 'none'));
  }
  return { mode, units };
}

/** The doer's permission on the repository (`knownOwner`: the owner when the caller has it loaded). Archiving does not change it: writes check `is_archived` (423) separately. */
export async function repoPermission(
  app: AppContext, doer: UserRecord | null, repo: Pick<RepoRecord, 'id' | 'owner_id' | 'is_private'>, knownOwner?: UserRecord,
): Promise<Permission> {
  // Read only here: the shared frozen record spares a copy per check.
  const owner = knownOwner ?? (await userStore.peekById(app.store, repo.owner_id));
  if (!owner) return NONE;
  if (!doer && repo.is_private) return NONE;
  // An action task's token reaches its own repository only: write, or read for a fork's pull request (Gitea).
  const grant = actionsGrantOf(doer);
  if (grant) return grant.repoId === repo.id ? { mode: grant.isForkPullRequest ? 'read' : 'write', units: {} } : NONE;
  // A public-only token sees public repositories of public owners only, in every route and list.
  if (beyondReach(repo, owner)) return NONE;
  const collab = doer ? await collaboratorStore.peek(app.store, repo.id, doer.id) : undefined;
  // Strangers learn nothing about the repositories of an owner they may not see; a collaborator may.
  if (!collab && !(await ownerVisible(app, owner, doer))) return NONE;
  if (!doer) return { mode: 'read', units: {} };
  if (doer.is_admin || doer.id === owner.id) return { mode: 'owner', units: {} };
  const minimum: AccessMode = !repo.is_private && !doer.restricted ? 'read' : 'none';
  const base = maxMode(minimum, collab?.mode ?? 'none');
  if (owner.type !== 'organization') return { mode: base, units: {} };
  return withTeams(base, base, await teamsWithRepo(app, owner.id, doer.id, repo.id));
}

/**
 * repoPermission's "may read" from flags alone, for counting the rows of a list, where `owner` is visible to `doer`
 * (ownerVisible): the answer is undefined when a collaboration or a team may decide (`mayBeGranted`: the doer
 * collaborates on the repository or is in a team of its owner). Follows repoPermission step by step (a test
 * compares the two); the token's reach and the action grant are read once, for the request the list serves.
 */
export function readByFlags(doer: UserRecord | null): (repo: Pick<RepoRecord, 'id' | 'is_private'>, owner: UserRecord, mayBeGranted: boolean) => boolean | undefined {
  const outOfReach = limitedToPublic() ? beyondReach : (): boolean => false;
  if (!doer) return (repo, owner) => !repo.is_private && owner.visibility === 'public' && !outOfReach(repo, owner);
  const grant = actionsGrantOf(doer);
  if (grant) return (repo) => grant.repoId === repo.id;
  return (repo, owner, mayBeGranted) => {
    if (outOfReach(repo, owner)) return false;
    if (doer.is_admin || doer.id === owner.id) return true;
    if (!repo.is_private && !doer.restricted) return true;
    return mayBeGranted ? undefined : false;
  };
}

/**
 * repoPermission's answer without a lookup, for a row readByFlags found readable (so the owner is visible and the
 * row within the token's reach): an anonymous viewer reads, an admin or the owner owns. Undefined where a
 * collaboration, a team or an action grant may decide. Follows repoPermission's steps (a test compares the two).
 */
export function permissionByFlags(doer: UserRecord | null): (owner: UserRecord) => Permission | undefined {
  if (!doer) return () => ({ mode: 'read', units: {} });
  if (actionsGrantOf(doer)) return () => undefined;
  return (owner) => (doer.is_admin || doer.id === owner.id ? { mode: 'owner', units: {} } : undefined);
}
