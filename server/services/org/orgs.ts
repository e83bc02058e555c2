/**
 * Organizations: records of type 'organization' in the users table (one namespace with users, as in Gitea),
 * created with an Owners team that holds the creator, edited, listed as a viewer may see them, and deleted.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord, Visibility } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import { assertOwnsNoPackages } from '../packages/files.ts';
import * as feedStore from '../../store/feed-actions.ts';
import * as teamStore from '../../store/teams.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import { ownerVisible, REPO_UNITS } from '../permission/permissions.ts';
import { checkEmail, nameTaken } from '../user/users.ts';
import { deleteOwnerHooks } from '../webhook/index.ts';
import { deleteOwnerActionSecrets } from '../actions/secret-cleanup.ts';
import { userNameProblem } from '../../lib/names.ts';
import { ForbiddenError, NotFoundError, ValidationError, orgNotFound } from '../../lib/errors.ts';
import { limitedToPublic } from '../auth/token-reach.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { removeAccountAvatarFiles } from '../avatar/avatars.ts';
import { forgetFollows } from '../user/follow.ts';

export interface OrgOptions {
  full_name?: string | undefined;
  email?: string | undefined;
  description?: string | undefined;
  website?: string | undefined;
  location?: string | undefined;
  visibility?: Visibility | undefined;
  repo_admin_change_team_access?: boolean | undefined;
}

/** Gitea's name of the team every organization is created with. */
export const OWNER_TEAM_NAME = 'Owners';

/** Gitea's CanCreateOrganization: admins always, others when their account allows it and `[admin]` does not forbid it. */
export const canCreateOrganization = (app: AppContext, u: UserRecord): boolean =>
  u.is_admin || (u.allow_create_organization && !app.settings.bool('admin.DISABLE_REGULAR_ORG_CREATION'));

/** Whether a new membership is public (`[service] DEFAULT_ORG_MEMBER_VISIBLE`). */
export const newMembershipPublic = (app: AppContext): boolean => app.settings.bool('service.DEFAULT_ORG_MEMBER_VISIBLE');

function checkOptions(opts: OrgOptions): void {
  if (opts.email) checkEmail(opts.email);
  if (opts.website && !URL.canParse(opts.website)) throw new ValidationError(`[Website]: ValidUrl`);
}

function orgRecord(id: number, name: string, opts: OrgOptions, now: string, visibility: Visibility): UserRecord {
  return {
    id, type: 'organization', name, lower_name: name.toLowerCase(), full_name: opts.full_name ?? '', email: opts.email ?? '',
    passwd: '', login_source: 0, login_name: '', is_admin: false, is_active: true, prohibit_login: false, restricted: false,
    must_change_password: false, visibility: opts.visibility ?? visibility, website: opts.website ?? '', location: opts.location ?? '',
    description: opts.description ?? '', language: '', max_repo_creation: -1, allow_create_organization: false,
    allow_git_hook: false, allow_import_local: false, created: now, updated: now, last_login: null, totp_secret: null, totp_last_step: 0,
  };
}

/** The Owners team's units: owner on every unit, read on the external ones (Gitea's CreateOrganization). */
export function ownerUnits(mode: teamStore.TeamMode): Record<string, teamStore.TeamMode> {
  return Object.fromEntries(REPO_UNITS.map((u) => [u, u === 'repo.ext_wiki' || u === 'repo.ext_issues' ? 'read' : mode]));
}

/** Creates an organization owned by `owner`: the record, the owner's membership, the Owners team. Undone on failure. */
export async function createOrg(app: AppContext, owner: UserRecord, name: string, opts: OrgOptions): Promise<UserRecord> {
  const problem = userNameProblem(name);
  if (problem) throw new ValidationError(problem, [{ field: 'username', code: 'invalid', message: problem }]);
  checkOptions(opts);
  if (owner.type !== 'individual') throw new ValidationError(`${owner.name} is an organization not a user`);
  if (await userStore.getByName(app.store, name)) throw new ValidationError(`user already exists [name: ${name}]`, nameTaken(name).fields);
  const now = new Date().toISOString();
  // 1 - the organization record
  const visibility = app.settings.string('service.DEFAULT_ORG_VISIBILITY') as Visibility;
  const org = await userStore.insert(app.store, (id) => orgRecord(id, name, opts, now, visibility)).catch((err: unknown) => {
    // A user or organization of this name was created meanwhile: the store's name index decides.
    throw isUniqueViolation(err, userStore.NAME_INDEX) ? new ValidationError(`user already exists [name: ${name}]`, nameTaken(name).fields) : err;
  });
  try {
    // 2 - its settings and the owner's (private) membership
    if (opts.repo_admin_change_team_access) await orgMemberStore.setRepoAdminChangeTeamAccess(app.store, org.id, true);
    await orgMemberStore.add(app.store, org.id, owner.id, newMembershipPublic(app));
    // 3 - the Owners team, with every repository, holding the owner
    const team = await teamStore.insert(app.store, (id) => ({
      id, org_id: org.id, name: OWNER_TEAM_NAME, lower_name: OWNER_TEAM_NAME.toLowerCase(), description: '', access_mode: 'owner',
      includes_all_repositories: true, can_create_org_repo: true, visibility: 'public', units: ownerUnits('owner'), created: now, updated: now,
    }));
    await teamStore.addMember(app.store, team, owner.id);
  } catch (err) {
    // last - undo what was stored
    await removeOrgRecords(app, org.id);
    throw err;
  }
  return org;
}

async function removeOrgRecords(app: AppContext, orgId: number): Promise<void> {
  await deleteOwnerHooks(app, orgId);
  await deleteOwnerActionSecrets(app, orgId);
  await teamStore.removeByOrg(app.store, orgId);
  await orgMemberStore.removeOrg(app.store, orgId);
  await forgetFollows(app, orgId);
  await feedStore.removeByUser(app.store, orgId);
  await userStore.remove(app.store, orgId);
  await removeAccountAvatarFiles(app, orgId);
}

/** The organization called `name`; 404 when there is none (a user of that name is not an organization). */
export async function getOrgOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const org = await userStore.getByName(app.store, name);
  if (!org || org.type !== 'organization') throw orgNotFound(name);
  return org;
}

/** The organization as `viewer` may see it: one it may not see answers exactly like a missing one. */
export async function getVisibleOrg(app: AppContext, name: string, viewer: UserRecord | null): Promise<UserRecord> {
  const org = await getOrgOrThrow(app, name);
  if (!(await ownerVisible(app, org, viewer))) throw orgNotFound(name);
  return org;
}

/** The organization's repo_admin_change_team_access. */
export const repoAdminChangeTeamAccess = (app: AppContext, org: UserRecord): Promise<boolean> =>
  orgMemberStore.getRepoAdminChangeTeamAccess(app.store, org.id);

/** Applies the fields given in `opts`; fields left out stay as they are. */
export async function editOrg(app: AppContext, org: UserRecord, opts: OrgOptions): Promise<UserRecord> {
  checkOptions(opts);
  if (opts.repo_admin_change_team_access !== undefined) {
    await orgMemberStore.setRepoAdminChangeTeamAccess(app.store, org.id, opts.repo_admin_change_team_access);
  }
  const updated = await userStore.update(app.store, org.id, (o) => {
    if (opts.full_name !== undefined) o.full_name = opts.full_name;
    if (opts.email !== undefined) o.email = opts.email;
    if (opts.description !== undefined) o.description = opts.description;
    if (opts.website !== undefined) o.website = opts.website;
    if (opts.location !== undefined) o.location = opts.location;
    if (opts.visibility !== undefined) o.visibility = opts.visibility;
    o.updated = new Date().toISOString();
  });
  if (!updated) throw orgNotFound(org.name);
  return updated;
}

/**
 * Deletes an organization with its teams and memberships. It must own no repository (Gitea's ErrUserOwnRepos,
 * 422); callers that purge delete the repositories first (see org-purge.ts).
 */
export async function deleteOrg(app: AppContext, org: UserRecord): Promise<void> {
  if ((await repoStore.listByOwner(app.store, org.id)).length > 0) {
    throw new ValidationError(`user still has ownership of repositories [uid: ${org.id}]`);
  }
  await assertOwnsNoPackages(app, org);
  await removeOrgRecords(app, org.id);
}

/** True when `uid` is in the organization's Owners team. */
export async function isOrgOwner(app: AppContext, orgId: number, uid: number): Promise<boolean> {
  const owners = (await teamStore.listByOrg(app.store, orgId)).find((t) => t.access_mode === 'owner');
  return !!owners && (await teamStore.isMember(app.store, owners.id, uid));
}

/** True when `uid` belongs to the organization. */
export const isOrgMember = (app: AppContext, orgId: number, uid: number): Promise<boolean> =>
  orgMemberStore.isMember(app.store, orgId, uid);

const byName = (a: UserRecord, b: UserRecord): number => a.lower_name.localeCompare(b.lower_name);

/**
 * Every organization for GET /orgs (Gitea's GetAll): public ones, limited ones for signed-in viewers, private
 * ones for admins; a restricted viewer sees only the organizations it belongs to. With a `keyword`, only those
 * whose name or full name holds it, in any case. Alphabetical.
 */
export async function listOrgs(app: AppContext, viewer: UserRecord | null, publicOnly: boolean, keyword = ''): Promise<UserRecord[]> {
  const shown = new Set<Visibility>(['public']);
  if (viewer && !publicOnly && !limitedToPublic()) {
    shown.add('limited');
    if (viewer.is_admin) shown.add('private');
  }
  const mine = viewer?.restricted ? new Set((await orgMemberStore.listByUser(app.store, viewer.id)).map((m) => m.org_id)) : null;
  const word = keyword.trim().toLowerCase();
  const named = (u: UserRecord): boolean => !word || u.lower_name.includes(word) || u.full_name.toLowerCase().includes(word);
  const orgs = await userStore.list(app.store, (u) => u.type === 'organization' && shown.has(u.visibility) && (!mine || mine.has(u.id)) && named(u));
  return orgs.sort(byName);
}

/**
 * The organizations `user` belongs to, as `viewer` may list them (Gitea's listUserOrgs): the user itself and
 * admins see all; others see public memberships of organizations they may see.
 */
export async function listOrgsOf(app: AppContext, user: UserRecord, viewer: UserRecord | null): Promise<UserRecord[]> {
  const all = viewer && (viewer.is_admin || viewer.id === user.id);
  const memberships = (await orgMemberStore.listByUser(app.store, user.id)).filter((m) => all || m.is_public);
  const orgs: UserRecord[] = [];
  for (const m of memberships) {
    const org = await userStore.getById(app.store, m.org_id);
    if (!org) continue;
    if (limitedToPublic() && org.visibility !== 'public') continue;
    if (all || org.visibility === 'public' || (viewer && org.visibility === 'limited')) orgs.push(org);
  }
  return orgs.sort(byName);
}

/** Refuses a doer who may not create organizations (Gitea's 403). */
export function assertCanCreateOrg(app: AppContext, doer: UserRecord): void {
  if (!canCreateOrganization(app, doer)) throw new ForbiddenError('user is not allowed to create organizations');
}

/** The user or organization called `name` as `viewer` may see it; a hidden one answers like a missing one. */
export async function getVisibleOwner(app: AppContext, name: string, viewer: UserRecord | null): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u || !(await ownerVisible(app, u, viewer))) throw new NotFoundError(`The user ${name} does not exist.`);
  return u;
}
