/**
 * Transferring a repository to another owner (Gitea's StartRepositoryTransfer, AcceptTransferOwnership,
 * RejectRepositoryTransfer). The bare repository stays where it is: its storage path comes from the id.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import * as transferStore from '../../store/repo-transfers.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { canReadAny, repoPermission } from '../permission/permissions.ts';
import { canCreateOrgRepo } from '../org/repos.ts';
import { isOrgMember } from '../org/orgs.ts';
import { addOrUpdateCollaborator } from './collaborators.ts';
import { noteMove } from './redirects.ts';
import { withOwnerNames } from './locks.ts';
import { invalidateRepo } from './cache.ts';
import { viewOfChecked, type RepoView } from './repos.ts';

export type RepoTransferRecord = transferStore.RepoTransferRecord;

/** A pending transfer with its people and teams, as Gitea's `RepoTransfer` names them. */
export interface PendingTransfer { doer: UserRecord; recipient: UserRecord; teams: teamStore.TeamRecord[] }

const newOwnerMissing = (): NotFoundError => new NotFoundError('The new owner does not exist or cannot be found');
const alreadyExists = (owner: UserRecord, name: string): ValidationError =>
  new ValidationError(`repository already exists [uname: ${owner.name}, name: ${name}]`);

/** The new owner and the teams named in a TransferRepoOption, checked as Gitea's API does. */
async function resolveTarget(app: AppContext, doer: UserRecord, newOwnerName: string, teamIds: number[] | undefined) {
  const newOwner = await userStore.getByName(app.store, newOwnerName);
  if (!newOwner) throw newOwnerMissing();
  const isOrg = newOwner.type === 'organization';
  // A private organization the doer is not in is not to be known.
  if (isOrg && !doer.is_admin && newOwner.visibility === 'private' && !(await isOrgMember(app, newOwner.id, doer.id))) throw newOwnerMissing();
  const teams: teamStore.TeamRecord[] = [];
  if (teamIds !== undefined) {
    if (!isOrg) throw new ValidationError('Teams can only be added to organization-owned repositories');
    for (const id of teamIds) {
      const team = await teamStore.getById(app.store, id);
      if (!team) throw new ValidationError(`team ${id} not found`);
      if (team.org_id !== newOwner.id) throw new ForbiddenError(`team ${id} belongs not to org ${newOwner.id}`);
      teams.push(team);
    }
  }
  return { newOwner, teams };
}

/** Moves the repository to `newOwner` now: name check, owner change, grants that no longer fit dropped, teams given. */
async function transferOwnership(app: AppContext, doer: UserRecord, repo: RepoRecord, newOwner: UserRecord, teams: teamStore.TeamRecord[]): Promise<RepoRecord> {
  const oldOwnerId = repo.owner_id;
  const moved = await withOwnerNames(app, newOwner.id, async () => {
    if (await repoStore.getByOwnerAndName(app.store, newOwner.id, repo.name)) throw alreadyExists(newOwner, repo.name);
    const updated = await repoStore.update(app.store, repo.id, (r) => { r.owner_id = newOwner.id; r.updated = new Date().toISOString(); }).catch((err: unknown) => {
      throw isUniqueViolation(err, repoStore.NAME_INDEX) ? alreadyExists(newOwner, repo.name) : err;
    });
    await noteMove(app, repo.id, oldOwnerId, repo.name, newOwner.id, repo.name);
    return updated;
  });
  // Collaborators who are the new owner or members of the new organization need no grant of their own.
  for (const c of await collaboratorStore.listByRepo(app.store, repo.id)) {
    const redundant = c.uid === newOwner.id || (newOwner.type === 'organization' && (await isOrgMember(app, newOwner.id, c.uid)));
    if (redundant) await collaboratorStore.remove(app.store, repo.id, c.uid);
  }
  // The old organization's teams lose the repository; the new one's named teams get it.
  if (oldOwnerId !== newOwner.id) await teamStore.removeRepoEverywhere(app.store, repo.id);
  for (const t of teams) await teamStore.addRepo(app.store, t, repo.id);
  await transferStore.removeByRepo(app.store, repo.id);
  invalidateRepo(app, repo.id);
  const oldOwner = await userStore.getById(app.store, oldOwnerId);
  if (moved && oldOwner) await app.bus.publish('repo.transferred', { repo: moved, owner: newOwner, oldOwnerName: oldOwner.name, doer });
  return moved ?? repo;
}

/**
 * Starts a transfer. Site admins, a doer moving the repository to themselves, and a doer who may create
 * repositories in the new organization move it at once (`pending: false`); otherwise the recipient must accept,
 * and is given read access meanwhile if they had none, as Gitea does.
 */
export async function startTransfer(app: AppContext, doer: UserRecord, repo: RepoRecord, newOwnerName: string, teamIds?: number[]): Promise<{ repo: RepoRecord; pending: boolean }> {
  const { newOwner, teams } = await resolveTarget(app, doer, newOwnerName, teamIds);
  if (await transferStore.getByRepo(app.store, repo.id)) throw new ConflictError(`repository is already being transferred [repo: ${repo.name}]`);
  const direct = doer.is_admin || doer.id === newOwner.id || (newOwner.type === 'organization' && (await canCreateOrgRepo(app, newOwner, doer)));
  if (direct) return { repo: await transferOwnership(app, doer, repo, newOwner, teams), pending: false };
  if (await repoStore.getByOwnerAndName(app.store, newOwner.id, repo.name)) throw alreadyExists(newOwner, repo.name);
  if (!canReadAny(await repoPermission(app, newOwner, repo))) await addOrUpdateCollaborator(app, repo, newOwner, 'read');
  await transferStore.insert(app.store, { repo_id: repo.id, doer_id: doer.id, recipient_id: newOwner.id, team_ids: teams.map((t) => t.id) }).catch((err: unknown) => {
    throw isUniqueViolation(err) ? new ConflictError(`repository is already being transferred [repo: ${repo.name}]`) : err;
  });
  return { repo, pending: true };
}

/** The pending transfer of a repository with its people, or undefined. */
export async function pendingTransfer(app: AppContext, repo: RepoRecord): Promise<PendingTransfer | undefined> {
  const t = await transferStore.getByRepo(app.store, repo.id);
  if (!t) return undefined;
  const [doer, recipient] = [await userStore.getById(app.store, t.doer_id), await userStore.getById(app.store, t.recipient_id)];
  if (!doer || !recipient) return undefined;
  const teams = (await Promise.all(t.team_ids.map((id) => teamStore.getById(app.store, id)))).filter((x) => x !== undefined);
  return { doer, recipient, teams };
}

/** Gitea's CanUserAcceptOrRejectTransfer: site admins, the recipient, or who may create repositories in the recipient organization. */
async function mayDecide(app: AppContext, doer: UserRecord, recipient: UserRecord): Promise<boolean> {
  if (doer.is_admin) return true;
  if (recipient.type !== 'organization') return doer.id === recipient.id;
  return canCreateOrgRepo(app, recipient, doer);
}

async function decidable(app: AppContext, doer: UserRecord, repo: RepoRecord): Promise<PendingTransfer> {
  const pending = await pendingTransfer(app, repo);
  if (!pending) throw new NotFoundError(`repository does not have a pending transfer [repo_id: ${repo.id}]`);
  if (!(await mayDecide(app, doer, pending.recipient))) throw new ForbiddenError('permission denied');
  return pending;
}

/** Accepts the pending transfer: the repository moves to its recipient. */
export async function acceptTransfer(app: AppContext, doer: UserRecord, repo: RepoRecord): Promise<RepoRecord> {
  const pending = await decidable(app, doer, repo);
  return transferOwnership(app, doer, repo, pending.recipient, pending.teams);
}

/** Rejects (or cancels) the pending transfer: the repository stays where it is. */
export async function rejectTransfer(app: AppContext, doer: UserRecord, repo: RepoRecord): Promise<RepoRecord> {
  await decidable(app, doer, repo);
  await transferStore.removeByRepo(app.store, repo.id);
  return repo;
}

/** Cancels the pending transfer as the repository's owner side (Gitea's CancelRepositoryTransfer); 404 when none waits. */
export async function cancelTransfer(app: AppContext, repo: RepoRecord): Promise<RepoRecord> {
  if (!(await transferStore.getByRepo(app.store, repo.id))) throw new NotFoundError(`repository does not have a pending transfer [repo_id: ${repo.id}]`);
  await transferStore.removeByRepo(app.store, repo.id);
  return repo;
}

/** The repository after a transfer step, as Gitea answers it: with admin permissions for the doer. */
export async function transferredView(app: AppContext, repo: RepoRecord): Promise<RepoView> {
  const fresh = (await repoStore.getById(app.store, repo.id)) ?? repo;
  const owner = await userStore.getById(app.store, fresh.owner_id);
  if (!owner) throw new NotFoundError('owner not found');
  return viewOfChecked(app, fresh, owner, { mode: 'admin', units: {} });
}
