/** Membership of organizations (Gitea's org_user): who belongs, and whether the membership is shown publicly. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey, isUniqueViolation } from './engine/indexes.ts';

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

const members = new Table<OrgMemberRecord>('org_members', {
  unique: [{ name: 'org_user', key: (m) => compositeKey(m.org_id, m.uid) }],
  indexes: [{ name: 'org', key: (m) => String(m.org_id) }, { name: 'user', key: (m) => String(m.uid) }],
});
const settings = new Table<OrgSettingsRecord>('org_settings', { unique: [{ name: 'org', key: (s) => String(s.org_id) }] });

/** The membership of `uid` in `orgId`, if any. */
export const get = (store: Store, orgId: number, uid: number) => members.getBy(store, 'org_user', compositeKey(orgId, uid));

/** True when `uid` belongs to `orgId`. */
export async function isMember(store: Store, orgId: number, uid: number): Promise<boolean> {
  return (await get(store, orgId, uid)) !== undefined;
}

/** The memberships of an organization, in the order they were made. */
export const listByOrg = (store: Store, orgId: number) => members.listBy(store, 'org', String(orgId));

/** The memberships of a user. */
export const listByUser = (store: Store, uid: number) => members.listBy(store, 'user', String(uid));

/** Adds `uid` to `orgId`; an existing membership is kept as it is. */
export async function add(store: Store, orgId: number, uid: number, isPublic: boolean): Promise<void> {
  if (await isMember(store, orgId, uid)) return;
  await members.insert(store, (id) => ({ id, org_id: orgId, uid, is_public: isPublic })).catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err; // added meanwhile: kept as it is
  });
}

/** Shows or hides a membership; false when there is none. */
export async function setPublic(store: Store, orgId: number, uid: number, isPublic: boolean): Promise<boolean> {
  const m = await get(store, orgId, uid);
  if (!m) return false;
  await members.update(store, m.id, (r) => { r.is_public = isPublic; });
  return true;
}

/** Removes `uid` from `orgId`. */
export const remove = (store: Store, orgId: number, uid: number) => members.removeBy(store, 'org_user', compositeKey(orgId, uid));

/** Removes every membership of an organization and its settings. */
export async function removeOrg(store: Store, orgId: number): Promise<void> {
  await members.removeBy(store, 'org', String(orgId));
  await settings.removeWhere(store, (s) => s.org_id === orgId);
}

/** Whether repository admins may change which teams reach a repository. */
export async function getRepoAdminChangeTeamAccess(store: Store, orgId: number): Promise<boolean> {
  return (await settings.getBy(store, 'org', String(orgId)))?.repo_admin_change_team_access ?? false;
}

/** Sets the organization's repo_admin_change_team_access. */
export async function setRepoAdminChangeTeamAccess(store: Store, orgId: number, value: boolean): Promise<void> {
  const s = await settings.getBy(store, 'org', String(orgId));
  if (s) await settings.update(store, s.id, (r) => { r.repo_admin_change_team_access = value; });
  else await settings.insert(store, (id) => ({ id, org_id: orgId, repo_admin_change_team_access: value }));
}
