/** The teams that reach a repository of an organization (Gitea's repo teams API). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as teamStore from '../../store/teams.ts';
import { atLeast, type Permission } from '../permission/permissions.ts';
import { repoAdminChangeTeamAccess } from '../org/orgs.ts';
import { addTeamRepo, removeTeamRepo, teamHasRepo } from '../org/teams.ts';
import { ForbiddenError, NotFoundError, ServiceError, ValidationError } from '../../lib/errors.ts';

/** 405: the repository is not owned by an organization. */
class NotAnOrgRepoError extends ServiceError {
  constructor() { super(405, 'repo is not owned by an organization'); }
}

function assertOrgRepo(owner: UserRecord): void {
  if (owner.type !== 'organization') throw new NotAnOrgRepoError();
}

/** The teams that have the repository, the Owners team first, then by name. */
export async function listRepoTeams(app: AppContext, owner: UserRecord, repo: RepoRecord): Promise<teamStore.TeamRecord[]> {
  assertOrgRepo(owner);
  const out: teamStore.TeamRecord[] = [];
  for (const t of await teamStore.listByOrg(app.store, owner.id)) if (await teamHasRepo(app, t, repo)) out.push(t);
  const key = (t: teamStore.TeamRecord): string => (t.access_mode === 'owner' ? '' : t.lower_name);
  return out.sort((a, b) => key(a).localeCompare(key(b)));
}

async function teamByName(app: AppContext, owner: UserRecord, name: string): Promise<teamStore.TeamRecord> {
  const team = await teamStore.getByName(app.store, owner.id, name);
  if (!team) throw new NotFoundError(`The team ${name} does not exist in ${owner.name}.`);
  return team;
}

/** The team `name` when it has the repository; 404 otherwise. */
export async function getRepoTeam(app: AppContext, owner: UserRecord, repo: RepoRecord, name: string): Promise<teamStore.TeamRecord> {
  assertOrgRepo(owner);
  const team = await teamByName(app, owner, name);
  if (!(await teamHasRepo(app, team, repo))) throw new NotFoundError();
  return team;
}

/**
 * Gives the repository to the team `name` (add) or takes it away. Owners may always; repository admins only
 * when the organization allows it (repo_admin_change_team_access).
 */
export async function changeRepoTeam(app: AppContext, owner: UserRecord, repo: RepoRecord, perm: Permission, name: string, add: boolean): Promise<void> {
  assertOrgRepo(owner);
  if (!atLeast(perm.mode, 'owner') && !(await repoAdminChangeTeamAccess(app, owner))) throw new ForbiddenError('user is nor repo admin nor owner');
  const team = await teamByName(app, owner, name);
  const has = await teamHasRepo(app, team, repo);
  if (add && has) throw new ValidationError(`team '${team.name}' is already added to repo`);
  if (!add && !has) throw new ValidationError(`team '${team.name}' was not added to repo`);
  if (add) await addTeamRepo(app, team, repo);
  else await removeTeamRepo(app, team, repo);
}
