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
import { beyondReach } from '../auth/token-reach.ts';
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

const NONE: Permission = Object.freeze({ mode: 'none', units: Object.freeze({}) });

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

/** ownerVisible() as a synchronous test for many accounts: the viewer's organizations are read once. */
export async function ownerVisibleFilter(app: AppContext, viewer: UserRecord | null): Promise<(owner: Readonly<UserRecord>) => boolean> {
  if (!viewer) return (o) => o.visibility === 'public';
  if (viewer.is_admin) return () => true;
  const orgs = new Set((await orgMemberStore.listByUser(app.store, viewer.id)).map((m) => m.org_id));
  return (o) => {
    if (o.id === viewer.id) return true;
    if (o.type === 'organization') return (o.visibility !== 'private' && !viewer.restricted) || orgs.has(o.id);
    return o.visibility === 'public' || (o.visibility === 'limited' && !viewer.restricted);
  };
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
  const flags = permissionByFlags(doer, repo, owner);
  if (flags.settled || !doer) return flags.perm;
  // A signed-in user within reach, neither a site admin nor the owner: collaborations, visibility, teams.
  const collab = await collaboratorStore.peek(app.store, repo.id, doer.id);
  // Strangers learn nothing about the repositories of an owner they may not see; a collaborator may.
  if (!collab && !(await ownerVisible(app, owner, doer))) return NONE;
  const base = maxMode(flags.perm.mode, collab?.mode ?? 'none');
  if (owner.type !== 'organization') return { mode: base, units: {} };
  return withTeams(base, base, await teamsWithRepo(app, owner.id, doer.id, repo.id));
}

/** What the flags alone tell of a permission (permissionByFlags). */
export interface FlagsPermission {
  /**
   * The permission when `settled`. Otherwise the least a signed-in user has where the owner is visible to them (read
   * on a public repository unless restricted), which a collaboration or a team may raise.
   */
  perm: Permission;
  settled: boolean;
}

/** Shared answers are frozen: a caller may keep a permission but never edits it. */
const frozen = (perm: Permission): Permission => Object.freeze({ mode: perm.mode, units: Object.freeze({ ...perm.units }) });
const settled = (perm: Permission): FlagsPermission => Object.freeze({ perm: frozen(perm), settled: true });
const NONE_SETTLED = settled(NONE);
const READ_SETTLED = settled({ mode: 'read', units: {} });
const OWNER_SETTLED = settled({ mode: 'owner', units: {} });
const READ_FLOOR: FlagsPermission = Object.freeze({ perm: READ_SETTLED.perm, settled: false });
const NONE_FLOOR: FlagsPermission = Object.freeze({ perm: NONE_SETTLED.perm, settled: false });

/**
 * repoPermission's steps that need no lookup, the only place they are written: an anonymous viewer, an action task's
 * grant, a public-only token's reach, a site admin or the owner settle the permission. For any other signed-in user
 * it gives the public floor, settled only when the caller knows (`listed`, as a list does for its rows) that the
 * owner is visible to the doer and that no collaboration and no team can grant more (`mayBeGranted` false).
 */
export function permissionByFlags(
  doer: UserRecord | null, repo: Pick<RepoRecord, 'id' | 'is_private'>, owner: UserRecord, listed?: { mayBeGranted: boolean },
): FlagsPermission {
  if (!doer) return repo.is_private || owner.visibility !== 'public' || beyondReach(repo, owner) ? NONE_SETTLED : READ_SETTLED;
  // An action task's token reaches its own repository only: write, or read for a fork's pull request (Gitea).
  const grant = actionsGrantOf(doer);
  if (grant) return grant.repoId === repo.id ? settled({ mode: grant.isForkPullRequest ? 'read' : 'write', units: {} }) : NONE_SETTLED;
  // A public-only token sees public repositories of public owners only, in every route and list.
  if (beyondReach(repo, owner)) return NONE_SETTLED;
  if (doer.is_admin || doer.id === owner.id) return OWNER_SETTLED;
  const publicFloor = !repo.is_private && !doer.restricted;
  if (listed && !listed.mayBeGranted) return publicFloor ? READ_SETTLED : NONE_SETTLED;
  return publicFloor ? READ_FLOOR : NONE_FLOOR;
}
