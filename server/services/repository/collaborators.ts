/** Collaborators of a repository (Gitea's collaboration), and the cleanup when a repository or user goes away. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import * as teamStore from '../../store/teams.ts';
import * as userStore from '../../store/users.ts';
import { atLeast, repoPermission, type AccessMode } from '../permission/permissions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';

export type CollaboratorMode = collaboratorStore.CollaboratorMode;

/** The repository's collaborators with their modes, in the order they were added. */
export async function listCollaborators(app: AppContext, repo: RepoRecord): Promise<{ user: UserRecord; mode: CollaboratorMode }[]> {
  const out: { user: UserRecord; mode: CollaboratorMode }[] = [];
  for (const c of await collaboratorStore.listByRepo(app.store, repo.id)) {
    const user = await userStore.getById(app.store, c.uid);
    if (user) out.push({ user, mode: c.mode });
  }
  return out;
}

/** True when `user` is a collaborator of the repository. */
export async function isCollaborator(app: AppContext, repo: RepoRecord, user: UserRecord): Promise<boolean> {
  return !!(await collaboratorStore.get(app.store, repo.id, user.id));
}

/** Adds `user` as a collaborator with `mode` (write by default), or changes the mode of an existing one. */
export async function addOrUpdateCollaborator(app: AppContext, repo: RepoRecord, user: UserRecord, mode: CollaboratorMode = 'write'): Promise<void> {
  if (user.type !== 'individual') throw new ValidationError(`${user.name} is an organization not a user`);
  if (!user.is_active) throw new ValidationError("collaborator's account is inactive");
  if (user.id === repo.owner_id) throw new ValidationError('the owner of the repository cannot be added as a collaborator');
  await collaboratorStore.upsert(app.store, repo.id, user.id, mode);
}

/** Removes a collaborator; nothing happens when the user was not one. */
export async function removeCollaborator(app: AppContext, repo: RepoRecord, user: UserRecord): Promise<void> {
  await collaboratorStore.remove(app.store, repo.id, user.id);
}

/** The mode `user` has on the repository, as the one permission function decides it. */
export async function modeOf(app: AppContext, repo: RepoRecord, user: UserRecord): Promise<AccessMode> {
  return (await repoPermission(app, user, repo)).mode;
}

/** Forgets every grant on a repository (collaborators, team assignments); call when the repository is deleted. */
export async function dropRepoAccess(app: AppContext, repoId: number): Promise<void> {
  await collaboratorStore.removeByRepo(app.store, repoId);
  await teamStore.removeRepoEverywhere(app.store, repoId);
}

/** The user named in a collaborator path; a missing one is Gitea's 422 on these routes. */
export async function getCollaboratorUser(app: AppContext, name: string): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u) throw new ValidationError(`The user ${name} does not exist.`);
  return u;
}

/**
 * Gitea's repoGetRepoPermissions: site admins and repository admins may ask about anyone, others only about
 * themselves; 404 when the named user does not exist.
 */
export async function permissionFor(app: AppContext, repo: RepoRecord, doer: UserRecord, doerMode: AccessMode, name: string): Promise<{ user: UserRecord; mode: AccessMode }> {
  if (!doer.is_admin && doer.lower_name !== name.toLowerCase() && !atLeast(doerMode, 'admin')) {
    throw new ForbiddenError('Only admins can query all permissions, repo admins can query all repo permissions, collaborators can query only their own');
  }
  const user = await userStore.getByName(app.store, name);
  if (!user) throw new NotFoundError(`The user ${name} does not exist.`);
  return { user, mode: await modeOf(app, repo, user) };
}
