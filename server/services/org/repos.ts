/** Repositories of an organization: listing them as a viewer may, and creating one (Gitea's CreateOrgRepo). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as teamStore from '../../store/teams.ts';
import { repoPermission, atLeast, canReadAny, ownerVisible } from '../permission/permissions.ts';
import { pageReadable, type PageRequest, type RepoPage } from '../repository/repos.ts';
import { createRepository, type NewRepo } from '../repository/create.ts';
import { addOrUpdateCollaborator } from '../repository/collaborators.ts';
import { getOrgOrThrow, isOrgOwner } from './orgs.ts';
import { ForbiddenError, orgNotFound } from '../../lib/errors.ts';
import { beyondReach } from '../auth/token-reach.ts';

/** Admins and owners may create repositories in the organization, and members of a team allowed to. */
export async function canCreateOrgRepo(app: AppContext, org: UserRecord, doer: UserRecord): Promise<boolean> {
  if (doer.is_admin || (await isOrgOwner(app, org.id, doer.id))) return true;
  const mine = await teamStore.teamIdsOfUser(app.store, org.id, doer.id);
  return (await teamStore.listByOrg(app.store, org.id)).some((t) => mine.has(t.id) && t.can_create_org_repo);
}

/**
 * Creates a repository owned by the organization. A creator who does not get admin on it through a team is
 * made an admin collaborator, as Gitea does.
 */
export async function createOrgRepo(app: AppContext, doer: UserRecord, org: UserRecord, opts: NewRepo, ctx: { baseUrl?: string } = {}): Promise<RepoRecord> {
  if (!(await canCreateOrgRepo(app, org, doer))) {
    throw new ForbiddenError('Given user is not allowed to create repository in organization.');
  }
  const repo = await createRepository(app, doer, org, opts, ctx);
  if (!atLeast((await repoPermission(app, doer, repo)).mode, 'admin')) await addOrUpdateCollaborator(app, repo, doer, 'admin');
  return repo;
}

/** One page of the organization's repositories `viewer` may read (admins see all), by id, and the total. */
export async function listOrgRepos(app: AppContext, viewer: UserRecord | null, org: UserRecord, paging: PageRequest = { page: 1, limit: 0 }): Promise<RepoPage> {
  return pageReadable(app, await repoStore.keysByOwner(app.store, org.id), paging, async (key, owner) => {
    const perm = await repoPermission(app, viewer, key, owner);
    return (viewer?.is_admin && !beyondReach(key, org)) || canReadAny(perm) ? perm : null;
  });
}

/**
 * GET /orgs/{org}/repos: the repositories of the organization `viewer` may read. An organization the viewer
 * may not see answers 404 like a missing one, unless the viewer collaborates on one of its repositories
 * (Gitea lists those).
 */
export async function listOrgReposByName(app: AppContext, viewer: UserRecord | null, orgName: string, paging?: PageRequest): Promise<{ org: UserRecord } & RepoPage> {
  const org = await getOrgOrThrow(app, orgName);
  const found = await listOrgRepos(app, viewer, org, paging);
  if (found.total === 0 && !(await ownerVisible(app, org, viewer))) throw orgNotFound(orgName);
  return { org, ...found };
}
