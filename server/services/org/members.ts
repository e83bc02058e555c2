/** Members of organizations: listing (all or public), checking, showing or hiding a membership, removing. */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import { isOrgMember, isOrgOwner } from './orgs.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';

/** The organization's members, or only its public ones, by join order. */
export async function listMembers(app: AppContext, org: UserRecord, publicOnly: boolean): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (const m of await orgMemberStore.listByOrg(app.store, org.id)) {
    if (publicOnly && !m.is_public) continue;
    const u = await userStore.getById(app.store, m.uid);
    if (u) out.push(u);
  }
  return out;
}

/** Whether `viewer` sees the full member list (members and admins) or only the public one (Gitea's ListMembers). */
export async function seesAllMembers(app: AppContext, org: UserRecord, viewer: UserRecord | null): Promise<boolean> {
  return !!viewer && (viewer.is_admin || (await isOrgMember(app, org.id, viewer.id)));
}

/** True when the membership of `uid` is public. */
export async function isPublicMember(app: AppContext, org: UserRecord, uid: number): Promise<boolean> {
  return (await orgMemberStore.get(app.store, org.id, uid))?.is_public ?? false;
}

/**
 * Gitea's orgIsMember: 'member' or 'not-member' for members and admins who ask, 'not-member' for a non-member
 * asking about itself, 'ask-public' (a redirect to the public membership check) for everyone else.
 */
export async function memberCheck(app: AppContext, org: UserRecord, viewer: UserRecord | null, user: UserRecord): Promise<'member' | 'not-member' | 'ask-public'> {
  if (viewer && (viewer.is_admin || (await isOrgMember(app, org.id, viewer.id)))) {
    return (await isOrgMember(app, org.id, user.id)) ? 'member' : 'not-member';
  }
  if (viewer && viewer.id === user.id) return 'not-member';
  return 'ask-public';
}

/** Shows or hides the doer's own membership; another member's is refused with 403, as in Gitea. */
export async function setMembershipPublic(app: AppContext, org: UserRecord, doer: UserRecord, user: UserRecord, isPublic: boolean): Promise<void> {
  if (user.id !== doer.id) throw new ForbiddenError(isPublic ? 'Cannot publicize another member' : 'Cannot conceal another member');
  if (!(await orgMemberStore.setPublic(app.store, org.id, user.id, isPublic))) throw new NotFoundError();
}

/** Throws Gitea's ErrLastOrgOwner (422) when `uid` is the only member of the Owners team. */
export async function assertNotLastOwner(app: AppContext, orgId: number, uid: number): Promise<void> {
  if (!(await isOrgOwner(app, orgId, uid))) return;
  const owners = (await teamStore.listByOrg(app.store, orgId)).find((t) => t.access_mode === 'owner');
  if (owners && (await teamStore.memberIds(app.store, owners.id)).length <= 1) {
    throw new ValidationError(`user is the last member of owner team [uid: ${uid}]`);
  }
}

/** Removes a user from the organization and all its teams; the last owner cannot leave. */
export async function removeMember(app: AppContext, org: UserRecord, user: UserRecord): Promise<void> {
  await assertNotLastOwner(app, org.id, user.id);
  await teamStore.removeUserFromTeams(app.store, user.id, org.id);
  await orgMemberStore.remove(app.store, org.id, user.id);
}
