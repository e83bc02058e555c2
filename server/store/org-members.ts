/** Membership of organizations (Gitea's org_user): who belongs, and whether the membership is shown publicly. */
import type { Store } from './index.ts';
import { Table } from './table.ts';

export interface OrgMemberRecord {
  id: number;
  org_id: number;
  uid: number;
  /** Shown to everyone in the public member list. */
  is_public: boolean;
}

/** Organization-only settings that the users table has no column for. */
export interface OrgSettingsRecord {
  id: number;
  org_id: number;
  repo_admin_change_team_access: boolean;
}

const members = new Table<OrgMemberRecord>('org_members');
const settings = new Table<OrgSettingsRecord>('org_settings');

/** The membership of `uid` in `orgId`, if any. */
export const get = (store: Store, orgId: number, uid: number) => members.find(store, (m) => m.org_id === orgId && m.uid === uid);

/** True when `uid` belongs to `orgId`. */
export async function isMember(store: Store, orgId: number, uid: number): Promise<boolean> {
  return (await members.count(store, (m) => m.org_id === orgId && m.uid === uid)) > 0;
}

/** The memberships of an organization, in the order they were made. */
export const listByOrg = (store: Store, orgId: number) => members.list(store, (m) => m.org_id === orgId);

/** The memberships of a user. */
export const listByUser = (store: Store, uid: number) => members.list(store, (m) => m.uid === uid);

/** Adds `uid` to `orgId`; an existing membership is kept as it is. */
export async function add(store: Store, orgId: number, uid: number, isPublic: boolean): Promise<void> {
  if (await isMember(store, orgId, uid)) return;
  await members.insert(store, (id) => ({ id, org_id: orgId, uid, is_public: isPublic }));
}

/** Shows or hides a membership; false when there is none. */
export async function setPublic(store: Store, orgId: number, uid: number, isPublic: boolean): Promise<boolean> {
  const m = await get(store, orgId, uid);
  if (!m) return false;
  await members.update(store, m.id, (r) => { r.is_public = isPublic; });
  return true;
}

/** Removes `uid` from `orgId`. */
export const remove = (store: Store, orgId: number, uid: number) => members.removeWhere(store, (m) => m.org_id === orgId && m.uid === uid);

/** Removes every membership of an organization and its settings. */
export async function removeOrg(store: Store, orgId: number): Promise<void> {
  await members.removeWhere(store, (m) => m.org_id === orgId);
  await settings.removeWhere(store, (s) => s.org_id === orgId);
}

/** Whether repository admins may change which teams reach a repository. */
export async function getRepoAdminChangeTeamAccess(store: Store, orgId: number): Promise<boolean> {
  return (await settings.find(store, (s) => s.org_id === orgId))?.repo_admin_change_team_access ?? false;
}

/** Sets the organization's repo_admin_change_team_access. */
export async function setRepoAdminChangeTeamAccess(store: Store, orgId: number, value: boolean): Promise<void> {
  const s = await settings.find(store, (r) => r.org_id === orgId);
  if (s) await settings.update(store, s.id, (r) => { r.repo_admin_change_team_access = value; });
  else await settings.insert(store, (id) => ({ id, org_id: orgId, repo_admin_change_team_access: value }));
}
