/** Repositories: finding, listing and deleting them. Creation is in repo-create.ts, editing in repo-edit.ts. */
import { rm } from 'node:fs/promises';
import type { AppContext } from './context.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import * as repoStore from '../store/repos.ts';
import * as branchStore from '../store/branches.ts';
import * as userStore from '../store/users.ts';
import * as watchStore from '../store/watches.ts';
import { invalidateRepo } from './repo-cache.ts';
import { dropRepoAccess } from './collaborators.ts';
import { eventBaseUrl, repositoryPayload } from './repo-payloads.ts';
import { withRepoLock } from './repo-locks.ts';
import { deleteRepoHooks } from './webhooks/index.ts';
import { repoPermission, atLeast, unitMode, ownerVisible, type Permission } from './permissions.ts';
import type { ApiPermission } from '../convert/repo.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';

/** A repository with what a response about it needs: its owner, the viewer's permission, its branch count. */
export interface RepoView {
  repo: RepoRecord;
  owner: UserRecord;
  perm: Permission;
  branchCount: number;
  watchers: number;
}

/** Gitea's `permissions` object of a repository response. */
export function apiPermission(perm: Permission): ApiPermission {
  return {
    admin: atLeast(perm.mode, 'admin'),
    push: atLeast(unitMode(perm, 'repo.code'), 'write'),
    pull: atLeast(unitMode(perm, 'repo.code'), 'read'),
  };
}

/** The view of `repo` for `viewer`, or null when the viewer may not read it. */
export async function viewOf(app: AppContext, viewer: UserRecord | null, repo: RepoRecord, owner?: UserRecord): Promise<RepoView | null> {
  const o = owner ?? (await userStore.getById(app.store, repo.owner_id));
  if (!o || !(await ownerVisible(app, o, viewer))) return null;
  const perm = await repoPermission(app, viewer, repo);
  if (!atLeast(perm.mode, 'read')) return null;
  return viewOfChecked(app, repo, o, perm);
}

/** The view of a repository already loaded and checked by the route guard. */
export async function viewOfChecked(app: AppContext, repo: RepoRecord, owner: UserRecord, perm: Permission): Promise<RepoView> {
  return { repo, owner, perm, branchCount: await branchStore.count(app.store, repo.id), watchers: await watchStore.countByRepo(app.store, repo.id) };
}

/** The user or organization named `name`, or 404 (an admin creating a repository for someone). */
export async function getOwnerOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u) throw new NotFoundError(`user does not exist [name: ${name}]`);
  return u;
}

/** GET /repositories/{id}: 404 when missing or not readable by `viewer`. */
export async function getRepositoryById(app: AppContext, viewer: UserRecord | null, id: number): Promise<RepoView> {
  const repo = await repoStore.getById(app.store, id);
  const view = repo ? await viewOf(app, viewer, repo) : null;
  if (!view) throw new NotFoundError('GetRepositoryByID');
  return view;
}

async function readable(app: AppContext, viewer: UserRecord | null, repos: RepoRecord[]): Promise<RepoView[]> {
  const out: RepoView[] = [];
  for (const r of repos) {
    const v = await viewOf(app, viewer, r);
    if (v) out.push(v);
  }
  return out;
}

/** The repositories of `ownerName` that `viewer` may read (GET /users/{username}/repos). */
export async function listUserRepositories(app: AppContext, viewer: UserRecord | null, ownerName: string): Promise<RepoView[]> {
  const owner = await userStore.getByName(app.store, ownerName);
  if (!owner || !(await ownerVisible(app, owner, viewer))) throw new NotFoundError('GetUserByName');
  return readable(app, viewer, await repoStore.listByOwner(app.store, owner.id));
}

/** The doer's own repositories (GET /user/repos). */
export async function listOwnRepositories(app: AppContext, doer: UserRecord): Promise<RepoView[]> {
  return readable(app, doer, await repoStore.listByOwner(app.store, doer.id));
}

export interface RepoSearch {
  q?: string | undefined;
  includeDesc?: boolean | undefined;
  uid?: number | undefined;
  priority_owner_id?: number | undefined;
  private?: boolean | undefined;
  is_private?: boolean | undefined;
  template?: boolean | undefined;
  archived?: boolean | undefined;
  mode?: string | undefined;
  sort?: string | undefined;
  order?: string | undefined;
  /** A public-only token sees public repositories only. */
  publicOnly?: boolean | undefined;
}

const SORTS: Record<string, (a: RepoRecord, b: RepoRecord) => number> = {
  alpha: (a, b) => a.lower_name.localeCompare(b.lower_name) || a.id - b.id,
  created: (a, b) => a.created.localeCompare(b.created) || a.id - b.id,
  updated: (a, b) => a.updated.localeCompare(b.updated) || a.id - b.id,
  size: (a, b) => a.size_kb - b.size_kb || a.id - b.id,
  git_size: (a, b) => a.size_kb - b.size_kb || a.id - b.id,
  lfs_size: (a, b) => a.id - b.id,
  id: (a, b) => a.id - b.id,
  stars: (a, b) => a.id - b.id,
  forks: (a, b) => a.id - b.id,
};

function matcher(o: RepoSearch): (r: RepoRecord) => boolean {
  const q = o.q?.toLowerCase() ?? '';
  return (r) => {
    if (q && !r.lower_name.includes(q) && !(o.includeDesc && r.description.toLowerCase().includes(q))) return false;
    if (o.uid !== undefined && o.uid !== 0 && r.owner_id !== o.uid) return false;
    if ((o.private === false || o.publicOnly) && r.is_private) return false;
    if (o.is_private !== undefined && r.is_private !== o.is_private) return false;
    if (o.template === false && r.is_template) return false;
    if (o.archived !== undefined && r.is_archived !== o.archived) return false;
    if (o.mode === 'fork' && !r.is_fork) return false;
    if (o.mode === 'source' && (r.is_fork || r.is_mirror)) return false;
    if (o.mode === 'mirror' && !r.is_mirror) return false;
    if (o.mode === 'collaborative' && r.owner_id === o.uid) return false;
    return true;
  };
}

/** GET /repos/search: the matching repositories `viewer` may read, sorted (default by name), with the priority owner first. */
export async function searchRepositories(app: AppContext, viewer: UserRecord | null, o: RepoSearch): Promise<RepoView[]> {
  const order = o.order || 'asc';
  if (order !== 'asc' && order !== 'desc') throw new ValidationError(`Invalid sort order: "${order}"`);
  const sort = SORTS[o.sort || 'alpha'];
  if (!sort) throw new ValidationError(`Invalid sort mode: "${o.sort ?? ''}"`);
  const repos = (await repoStore.list(app.store, matcher(o))).sort((a, b) => (order === 'asc' ? sort(a, b) : sort(b, a)));
  if (o.priority_owner_id) repos.sort((a, b) => Number(b.owner_id === o.priority_owner_id) - Number(a.owner_id === o.priority_owner_id));
  return readable(app, viewer, repos);
}

/**
 * Deletes a repository: its record, its branch records and its bare repository directory, then fires the
 * `repository` deleted event. `doer` is the sender of the event (the owner when not given).
 */
export async function deleteRepository(app: AppContext, repo: RepoRecord, doer?: UserRecord, opts: { baseUrl?: string } = {}): Promise<void> {
  const owner = await userStore.getById(app.store, repo.owner_id);
  const gitDir = repoStore.gitDirOf(app.store, repo);
  await withRepoLock(app, repo.id, async () => {
    // 1 - the record first: from here on nobody finds the repository
    await repoStore.remove(app.store, repo.id);
    // 2 - its branch records, watches, collaborators and team grants
    await branchStore.removeAll(app.store, repo.id);
    await watchStore.removeByRepo(app.store, repo.id);
    await dropRepoAccess(app, repo.id);
    // 3 - the cached reads and the object reader (an open reader would hold the files on some systems), then the files
    invalidateRepo(app, repo.id);
    await rm(gitDir, { recursive: true, force: true, maxRetries: 3 });
  });
  const sender = doer ?? owner;
  if (owner && sender) {
    const base = { baseUrl: eventBaseUrl(app, opts.baseUrl), repo, owner, sender };
    await app.events.emit({ name: 'repository', repoId: repo.id, ownerId: repo.owner_id, payload: repositoryPayload(base, 'deleted') });
  }
  // last - the repository's own hooks and their tasks; owner and system hooks have already stored the event
  await deleteRepoHooks(app, repo.id);
}
