/**
 * Teams of an organization: overall mode and per-unit modes (Gitea's CreateTeam/EditTeam rules), members and
 * repositories. A team with admin mode gets admin on every unit; below admin the units come from `units_map`
 * (or the deprecated `units`, all at the team's mode).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord, Visibility } from '../../store/records.ts';
import * as teamStore from '../../store/teams.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import { atLeast, REPO_UNITS, type RepoUnit } from '../permission/permissions.ts';
import { newMembershipPublic, ownerUnits } from './orgs.ts';
import { assertNotLastOwner } from './members.ts';
import { NotFoundError, ValidationError, repoNotFound } from '../../lib/errors.ts';
import { limitedToPublic } from '../auth/token-reach.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';

type TeamRecord = teamStore.TeamRecord;
type TeamMode = teamStore.TeamMode;
export type UnitsMap = Record<string, 'none' | 'read' | 'write' | 'admin'>;

export interface TeamOptions {
  name?: string | undefined;
  description?: string | undefined;
  permission?: 'read' | 'write' | 'admin' | undefined;
  units?: string[] | undefined;
  units_map?: UnitsMap | undefined;
  includes_all_repositories?: boolean | undefined;
  can_create_org_repo?: boolean | undefined;
  visibility?: Visibility | undefined;
}

const isUnit = (k: string): k is RepoUnit => (REPO_UNITS as readonly string[]).includes(k);
const EXTERNAL = new Set<string>(['repo.ext_wiki', 'repo.ext_issues']);

/** Gitea's MinUnitAccessMode: the lowest mode above none among the non-external units, none when all are none. */
function minUnitMode(map: UnitsMap): TeamMode {
  let res: TeamMode = 'none';
  for (const [unit, mode] of Object.entries(map)) {
    if (EXTERNAL.has(unit) || mode === 'none') continue;
    if (res === 'none' || !atLeast(mode, res)) res = mode;
  }
  return res;
}

function checkUnits(map: UnitsMap | undefined): void {
  const bad = Object.keys(map ?? {}).filter((k) => !isUnit(k));
  if (bad.length) throw new ValidationError(`[units_map]: unknown unit ${bad.join(', ')}`);
}

/** The team's overall mode and units from the request, or null for units when the request sets none. */
function resolveAccess(mode: TeamMode, opts: TeamOptions): { mode: TeamMode; units: Record<string, TeamMode> | null } {
  const map = opts.units_map ?? {};
  if (!atLeast(mode, 'admin') && Object.keys(map).length > 0) mode = minUnitMode(map);
  if (atLeast(mode, 'admin')) return { mode, units: ownerUnits('admin') };
  if (Object.keys(map).length > 0) return { mode, units: { ...map } };
  const listed = (opts.units ?? []).filter(isUnit);
  if (listed.length > 0) return { mode, units: Object.fromEntries(listed.map((u) => [u, mode])) };
  return { mode, units: null };
}

/** The teams of an organization, by name. */
export async function listTeams(app: AppContext, org: UserRecord): Promise<TeamRecord[]> {
  return (await teamStore.listByOrg(app.store, org.id)).sort((a, b) => a.lower_name.localeCompare(b.lower_name));
}

/** Gitea's teamSearch: by name (and description unless told not to); non-admins find only their own teams. */
export async function searchTeams(app: AppContext, org: UserRecord, doer: UserRecord, q: string, includeDesc: boolean): Promise<TeamRecord[]> {
  const mine = doer.is_admin ? null : await teamStore.teamIdsOfUser(app.store, org.id, doer.id);
  const kw = q.trim().toLowerCase();
  const match = (t: TeamRecord): boolean => !kw || t.lower_name.includes(kw) || (includeDesc && t.description.toLowerCase().includes(kw));
  return (await listTeams(app, org)).filter((t) => (!mine || mine.has(t.id)) && match(t));
}

/** The teams `user` belongs to, in every organization, by name. */
export async function teamsOfUser(app: AppContext, user: UserRecord): Promise<TeamRecord[]> {
  const ids = await teamStore.allTeamIdsOfUser(app.store, user.id);
  const out: TeamRecord[] = [];
  for (const id of ids) {
    const t = await teamStore.getById(app.store, id);
    // A public-only token sees the teams of public organizations only.
    if (t && (!limitedToPublic() || (await userStore.getById(app.store, t.org_id))?.visibility === 'public')) out.push(t);
  }
  return out.sort((a, b) => a.lower_name.localeCompare(b.lower_name));
}

/** The team with this id; 404 when there is none. */
export async function getTeamOrThrow(app: AppContext, id: number): Promise<TeamRecord> {
  const t = Number.isSafeInteger(id) ? await teamStore.getById(app.store, id) : undefined;
  if (!t) throw new NotFoundError();
  return t;
}

async function assertNameFree(app: AppContext, orgId: number, name: string, exceptId = 0): Promise<void> {
  const other = await teamStore.getByName(app.store, orgId, name);
  if (other && other.id !== exceptId) throw new ValidationError(`team already exists [org_id: ${orgId}, name: ${name}]`);
}

/** Creates a team in the organization; 422 for a taken name or a team without any unit. */
export async function createTeam(app: AppContext, org: UserRecord, name: string, opts: TeamOptions): Promise<TeamRecord> {
  checkUnits(opts.units_map);
  const access = resolveAccess(opts.permission ?? 'none', opts);
  if (!access.units) throw new ValidationError('units permission should not be empty');
  await assertNameFree(app, org.id, name);
  const now = new Date().toISOString();
  return teamStore.insert(app.store, (id) => ({
    id, org_id: org.id, name, lower_name: name.toLowerCase(), description: opts.description ?? '', access_mode: access.mode,
    includes_all_repositories: opts.includes_all_repositories ?? false, can_create_org_repo: opts.can_create_org_repo ?? false,
    visibility: opts.visibility ?? 'public', units: access.units ?? {}, created: now, updated: now,
  })).catch((err: unknown) => {
    throw isUniqueViolation(err, teamStore.NAME_INDEX) ? new ValidationError(`team already exists [org_id: ${org.id}, name: ${name}]`) : err;
  });
}

/** Applies Gitea's EditTeam rules: the Owners team keeps its name, mode and repositories. */
export async function editTeam(app: AppContext, team: TeamRecord, opts: TeamOptions): Promise<TeamRecord> {
  checkUnits(opts.units_map);
  const owners = team.access_mode === 'owner';
  if (opts.name && !owners) await assertNameFree(app, team.org_id, opts.name, team.id);
  let mode = team.access_mode;
  let includesAll = team.includes_all_repositories;
  if (!owners && opts.permission) {
    mode = opts.permission;
    if (opts.includes_all_repositories !== undefined) includesAll = opts.includes_all_repositories;
  }
  const access = owners ? { mode, units: null } : resolveAccess(mode, opts);
  const updated = await teamStore.update(app.store, team.id, (t) => {
    if (opts.name && !owners) t.name = opts.name;
    if (opts.description !== undefined) t.description = opts.description;
    if (opts.can_create_org_repo !== undefined) t.can_create_org_repo = owners || opts.can_create_org_repo;
    if (opts.visibility !== undefined) t.visibility = opts.visibility;
    t.access_mode = access.mode;
    t.includes_all_repositories = includesAll;
    if (access.units) t.units = access.units;
  });
  if (!updated) throw new NotFoundError();
  return updated;
}

/** Deletes a team; the Owners team cannot be deleted. */
export async function deleteTeam(app: AppContext, team: TeamRecord): Promise<void> {
  if (team.access_mode === 'owner') throw new ValidationError('cannot delete the Owners team');
  await teamStore.remove(app.store, team.id);
}

/** The team's members, in the order they joined. */
export async function listTeamMembers(app: AppContext, team: TeamRecord): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (const uid of await teamStore.memberIds(app.store, team.id)) {
    const u = await userStore.getById(app.store, uid);
    if (u) out.push(u);
  }
  return out;
}

/** True when `user` is in the team. */
export const isTeamMember = (app: AppContext, team: TeamRecord, user: UserRecord): Promise<boolean> =>
  teamStore.isMember(app.store, team.id, user.id);

/** Adds a user to the team, and to the organization (membership shown per DEFAULT_ORG_MEMBER_VISIBLE) when not yet a member. */
export async function addTeamMember(app: AppContext, team: TeamRecord, user: UserRecord): Promise<void> {
  if (user.type !== 'individual') throw new ValidationError(`${user.name} is an organization not a user`);
  await orgMemberStore.add(app.store, team.org_id, user.id, newMembershipPublic(app));
  await teamStore.addMember(app.store, team, user.id);
}

/** Removes a user from the team; the last member of the Owners team stays. */
export async function removeTeamMember(app: AppContext, team: TeamRecord, user: UserRecord): Promise<void> {
  if (team.access_mode === 'owner' && (await isTeamMember(app, team, user))) await assertNotLastOwner(app, team.org_id, user.id);
  await teamStore.removeMember(app.store, team.id, user.id);
}

/** The repositories the team has: all of the organization's for an all-repositories team. */
export async function listTeamRepos(app: AppContext, team: TeamRecord): Promise<RepoRecord[]> {
  if (team.includes_all_repositories) return repoStore.listByOwner(app.store, team.org_id);
  const ids = new Set(await teamStore.repoIds(app.store, team.id));
  return repoStore.list(app.store, (r) => ids.has(r.id) && r.owner_id === team.org_id);
}

/** True when the team has the repository. */
export async function teamHasRepo(app: AppContext, team: TeamRecord, repo: RepoRecord): Promise<boolean> {
  if (repo.owner_id !== team.org_id) return false;
  return team.includes_all_repositories || (await teamStore.repoIds(app.store, team.id)).includes(repo.id);
}

/** Gives the team one of its organization's repositories. */
export async function addTeamRepo(app: AppContext, team: TeamRecord, repo: RepoRecord): Promise<void> {
  if (repo.owner_id !== team.org_id) throw new NotFoundError(`The repository ${repo.name} does not belong to the team's organization.`);
  await teamStore.addRepo(app.store, team, repo.id);
}

/** Takes a repository from the team (an all-repositories team keeps having every repository). */
export async function removeTeamRepo(app: AppContext, team: TeamRecord, repo: RepoRecord): Promise<void> {
  if (repo.owner_id !== team.org_id) throw new NotFoundError(`The repository ${repo.name} does not belong to the team's organization.`);
  await teamStore.removeRepo(app.store, team.id, repo.id);
}

/** The repository `repoName` of the team's organization (named `orgName` in the path); 404 otherwise. */
export async function getTeamOrgRepo(app: AppContext, team: TeamRecord, orgName: string, repoName: string): Promise<RepoRecord> {
  const org = await userStore.getById(app.store, team.org_id);
  const repo = org && org.lower_name === orgName.toLowerCase() ? await repoStore.getByOwnerAndName(app.store, org.id, repoName) : undefined;
  if (!repo) throw repoNotFound(orgName, repoName);
  return repo;
}
