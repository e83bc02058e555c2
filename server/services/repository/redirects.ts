/**
 * Old names keep working after a rename or a transfer, as in Gitea: each old owner and name points to the
 * repository's id; a repository created (or renamed, or moved) under that name takes it back.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as redirectStore from '../../store/repo-redirects.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';

/** Notes that repository `repoId` left `oldName` under `oldOwnerId` and now has `newName` under `newOwnerId`. */
export async function noteMove(app: AppContext, repoId: number, oldOwnerId: number, oldName: string, newOwnerId: number, newName: string): Promise<void> {
  await redirectStore.removeName(app.store, newOwnerId, newName);
  if (oldOwnerId !== newOwnerId || oldName.toLowerCase() !== newName.toLowerCase()) await redirectStore.set(app.store, oldOwnerId, oldName, repoId);
}

/** A repository now has `name` under `ownerId`: an old redirect of that name is gone. */
export const dropRedirect = (app: AppContext, ownerId: number, name: string): Promise<number> => redirectStore.removeName(app.store, ownerId, name);

/** Drops the redirects to a deleted repository. */
export const dropRedirectsTo = (app: AppContext, repoId: number): Promise<number> => redirectStore.removeByRepo(app.store, repoId);

/**
 * The repository an old `name` under `owner` now stands for, with its current owner, or undefined. A repository
 * that has the name itself always wins (callers ask only when there is none).
 */
export async function redirectTarget(app: AppContext, owner: UserRecord, name: string): Promise<{ owner: UserRecord; repo: RepoRecord } | undefined> {
  const id = await redirectStore.lookup(app.store, owner.id, name);
  const repo = id === undefined ? undefined : await repoStore.getById(app.store, id);
  const newOwner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
  return repo && newOwner ? { owner: newOwner, repo } : undefined;
}

/** `path` with its first `/{oldOwner}/{oldName}` segment pair (after `prefix`) replaced by the new names. */
export function movedPath(path: string, prefix: string, oldOwner: string, oldName: string, target: { owner: UserRecord; repo: RepoRecord }): string {
  const rest = path.slice(prefix.length);
  const from = `/${encodeURIComponent(oldOwner)}/${encodeURIComponent(oldName)}`;
  const at = rest.toLowerCase().startsWith(from.toLowerCase()) ? from.length : -1;
  if (at < 0) return path;
  return `${prefix}/${encodeURIComponent(target.owner.name)}/${encodeURIComponent(target.repo.name)}${rest.slice(at)}`;
}
