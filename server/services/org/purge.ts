/**
 * What deleting a user means for organizations (Gitea's DeleteUser). Without purge a user who still belongs
 * to an organization is refused (ErrUserHasOrgs, 422). With purge (spec rule 3) the user leaves every
 * organization, and an organization whose last owner the user is goes with all of its repositories.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import * as teamStore from '../../store/teams.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import { deleteRepository } from '../repository/repos.ts';
import { deleteOrg, isOrgOwner } from './orgs.ts';
import { ValidationError } from '../../lib/errors.ts';

/** Refuses (422, Gitea's ErrUserHasOrgs) to delete a user who still belongs to an organization. */
export async function assertUserHasNoOrgs(app: AppContext, user: UserRecord): Promise<void> {
  if ((await orgMemberStore.listByUser(app.store, user.id)).length > 0) {
    throw new ValidationError(`user still has membership of organizations [uid: ${user.id}]`);
  }
}

/** Deletes an organization together with its repositories (each through the repository service). */
export async function deleteOrgWithRepos(app: AppContext, org: UserRecord, doer?: UserRecord): Promise<void> {
  for (const repo of await repoStore.listByOwner(app.store, org.id)) {
    await deleteRepository(app, repo, doer);
  }
  await deleteOrg(app, org);
}

async function isLastOwner(app: AppContext, orgId: number, uid: number): Promise<boolean> {
  if (!(await isOrgOwner(app, orgId, uid))) return false;
  const owners = (await teamStore.listByOrg(app.store, orgId)).find((t) => t.access_mode === 'owner');
  return !!owners && (await teamStore.memberIds(app.store, owners.id)).length <= 1;
}

/**
 * The purge step: for each organization of `user`, delete it with its repositories when the user is its last
 * owner, otherwise take the user out of it. Then forget the user's collaborations.
 */
export async function purgeUserOrgs(app: AppContext, user: UserRecord, doer?: UserRecord): Promise<void> {
  for (const m of await orgMemberStore.listByUser(app.store, user.id)) {
    const org = await userStore.getById(app.store, m.org_id);
    if (org && (await isLastOwner(app, org.id, user.id))) {
      await deleteOrgWithRepos(app, org, doer);
      continue;
    }
    await teamStore.removeUserFromTeams(app.store, user.id, m.org_id);
    await orgMemberStore.remove(app.store, m.org_id, user.id);
  }
  await forgetUser(app, user.id);
}

/** Removes every grant a deleted user had: collaborations, team and organization memberships. */
export async function forgetUser(app: AppContext, uid: number): Promise<void> {
  await collaboratorStore.removeByUser(app.store, uid);
  await teamStore.removeUserFromTeams(app.store, uid);
  for (const m of await orgMemberStore.listByUser(app.store, uid)) await orgMemberStore.remove(app.store, m.org_id, uid);
}
