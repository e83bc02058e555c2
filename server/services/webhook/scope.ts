/** Where a hook lives, and who may manage an organization's hooks. */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import { ForbiddenError, orgNotFound } from '../../lib/errors.ts';
import { ownerVisible } from '../permission/permissions.ts';

/** A repository's hooks, a user's or organization's hooks, or the admin (system and default) hooks. */
export type HookScope = { kind: 'repo'; repoId: number } | { kind: 'owner'; ownerId: number } | { kind: 'admin' };

/** True when `uid` is in a team of the organization with owner access (Gitea's IsOrganizationOwner). */
async function isOrgOwner(app: AppContext, orgId: number, uid: number): Promise<boolean> {
  for (const teamId of await teamStore.teamIdsOfUser(app.store, orgId, uid)) {
    if ((await teamStore.getById(app.store, teamId))?.access_mode === 'owner') return true;
  }
  return false;
}

/**
 * The organization `name` when `doer` owns it or is a site admin. An organization the doer cannot see is
 * 404; one it can see but does not own is 403 (Gitea's reqOrgOwnership).
 */
export async function orgOwnerOf(app: AppContext, name: string, doer: UserRecord): Promise<UserRecord> {
  const org = await userStore.getByName(app.store, name);
  if (!org || org.type !== 'organization' || !(await ownerVisible(app, org, doer))) throw orgNotFound(name);
  if (!doer.is_admin && !(await isOrgOwner(app, org.id, doer.id))) throw new ForbiddenError('Must be an organization owner');
  return org;
}
