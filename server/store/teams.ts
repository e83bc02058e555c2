/** Teams of organizations, their members and the repositories they were given (Gitea's team, team_user, team_repo). */
import type { Store } from './index.ts';
import type { Visibility } from './records.ts';
import { Table } from './engine/table.ts';
import { compositeKey, isUniqueViolation } from './engine/indexes.ts';

export type TeamMode = 'none' | 'read' | 'write' | 'admin' | 'owner';

export interface TeamRecord {
  id: number;
  org_id: number;
  name: string;
  lower_name: string;
  description: string;
  /** The team's overall mode; admin and owner give full access to every repository the team has. */
  access_mode: TeamMode;
  /** The team has every repository of the organization, present and future. */
  includes_all_repositories: boolean;
  can_create_org_repo: boolean;
  visibility: Visibility;
  /** Mode per repository unit key (`repo.code`, `repo.issues`, ...); a unit missing here is not granted by the team. */
  units: Record<string, TeamMode>;
  created: string;
  updated: string;
}

export interface TeamMemberRecord {
  id: number;
  org_id: number;
  team_id: number;
  uid: number;
}

export interface TeamRepoRecord {
  id: number;
  org_id: number;
  team_id: number;
  repo_id: number;
}

/** The unique index of a team's name within its organization. */
export const NAME_INDEX = 'org_name';

const teams = new Table<TeamRecord>('teams', {
  unique: [{ name: NAME_INDEX, key: (t) => compositeKey(t.org_id, t.lower_name) }],
  indexes: [{ name: 'org', key: (t) => String(t.org_id) }],
});
const members = new Table<TeamMemberRecord>('team_members', {
  unique: [{ name: 'team_user', key: (m) => compositeKey(m.team_id, m.uid) }],
  indexes: [{ name: 'team', key: (m) => String(m.team_id) }, { name: 'user', key: (m) => String(m.uid) }],
});
const repos = new Table<TeamRepoRecord>('team_repos', {
  unique: [{ name: 'team_repo', key: (r) => compositeKey(r.team_id, r.repo_id) }],
  indexes: [{ name: 'team', key: (r) => String(r.team_id) }, { name: 'repo', key: (r) => String(r.repo_id) }],
});

/** Ignores a unique violation: the row was added meanwhile by a concurrent request. */
const alreadyThere = (err: unknown): void => {
  if (!isUniqueViolation(err)) throw err;
};

export const getById = (store: Store, id: number) => teams.get(store, id);
export const insert = (store: Store, make: (id: number) => TeamRecord) => teams.insert(store, make);

/** The teams of an organization, by id. */
export const listByOrg = (store: Store, orgId: number) => teams.listBy(store, 'org', String(orgId));

/** The team of `orgId` called `name`, case-insensitively. */
export function getByName(store: Store, orgId: number, name: string): Promise<TeamRecord | undefined> {
  return teams.getBy(store, NAME_INDEX, compositeKey(orgId, name.toLowerCase()));
}

/** Changes a team in place, keeping `lower_name` in step with `name`. */
export function update(store: Store, id: number, mutate: (t: TeamRecord) => void): Promise<TeamRecord | undefined> {
  return teams.update(store, id, (t) => {
    mutate(t);
    t.lower_name = t.name.toLowerCase();
    t.updated = new Date().toISOString();
  });
}

/** Deletes a team with its memberships and repositories. */
export async function remove(store: Store, id: number): Promise<void> {
  await members.removeBy(store, 'team', String(id));
  await repos.removeBy(store, 'team', String(id));
  await teams.remove(store, id);
}

/** Deletes every team of an organization, with memberships and repositories. */
export async function removeByOrg(store: Store, orgId: number): Promise<void> {
  await members.removeWhere(store, (m) => m.org_id === orgId);
  await repos.removeWhere(store, (r) => r.org_id === orgId);
  await teams.removeWhere(store, (t) => t.org_id === orgId);
}

/** The user ids of a team's members, in the order they joined. */
export async function memberIds(store: Store, teamId: number): Promise<number[]> {
  return (await members.listBy(store, 'team', String(teamId))).map((m) => m.uid);
}

/** The ids of the teams of `orgId` that `uid` belongs to. */
export async function teamIdsOfUser(store: Store, orgId: number, uid: number): Promise<Set<number>> {
  return new Set((await members.listBy(store, 'user', String(uid), (m) => m.org_id === orgId)).map((m) => m.team_id));
}

/** The ids of every team `uid` belongs to, in any organization. */
export async function allTeamIdsOfUser(store: Store, uid: number): Promise<Set<number>> {
  return new Set((await members.listBy(store, 'user', String(uid))).map((m) => m.team_id));
}

/** True when `uid` is in the team. */
export async function isMember(store: Store, teamId: number, uid: number): Promise<boolean> {
  return (await members.getBy(store, 'team_user', compositeKey(teamId, uid))) !== undefined;
}

/** Adds `uid` to the team; nothing happens when it is already there. */
export async function addMember(store: Store, team: Pick<TeamRecord, 'id' | 'org_id'>, uid: number): Promise<void> {
  if (await isMember(store, team.id, uid)) return;
  await members.insert(store, (id) => ({ id, org_id: team.org_id, team_id: team.id, uid })).catch(alreadyThere);
}

/** Removes `uid` from the team. */
export const removeMember = (store: Store, teamId: number, uid: number) =>
  members.removeBy(store, 'team_user', compositeKey(teamId, uid));

/** Removes `uid` from every team of `orgId` (or of every organization when orgId is 0). */
export const removeUserFromTeams = (store: Store, uid: number, orgId = 0) =>
  members.removeBy(store, 'user', String(uid), (m) => orgId === 0 || m.org_id === orgId);

/** The ids of the repositories given to a team one by one (an all-repositories team needs none). */
export async function repoIds(store: Store, teamId: number): Promise<number[]> {
  return (await repos.listBy(store, 'team', String(teamId))).map((r) => r.repo_id);
}

/** The ids of the teams a repository was given to one by one. */
export async function teamIdsOfRepo(store: Store, repoId: number): Promise<Set<number>> {
  return new Set((await repos.listBy(store, 'repo', String(repoId))).map((r) => r.team_id));
}

/** Gives a repository to a team; nothing happens when it already has it. */
export async function addRepo(store: Store, team: Pick<TeamRecord, 'id' | 'org_id'>, repoId: number): Promise<void> {
  await repos.insert(store, (id) => ({ id, org_id: team.org_id, team_id: team.id, repo_id: repoId })).catch(alreadyThere);
}

/** Takes a repository from a team. */
export const removeRepo = (store: Store, teamId: number, repoId: number) =>
  repos.removeBy(store, 'team_repo', compositeKey(teamId, repoId));

/** Takes a repository from every team (when the repository is deleted or leaves the organization). */
export const removeRepoEverywhere = (store: Store, repoId: number) => repos.removeBy(store, 'repo', String(repoId));
