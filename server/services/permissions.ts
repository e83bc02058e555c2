/**
 * The one function that decides a user's access to a repository and to each of its units. Every API route
 * and the git transport use it; nothing checks permissions its own way.
 * Today: site admin, owner, public/private repository, public/limited/private owner visibility.
 * The organizations issue adds organization owners, teams (with per-unit modes) and collaborators here.
 */
import type { AppContext } from './context.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import * as userStore from '../store/users.ts';

export type AccessMode = 'none' | 'read' | 'write' | 'admin' | 'owner';
const ORDER: AccessMode[] = ['none', 'read', 'write', 'admin', 'owner'];

export type RepoUnit = 'repo.code' | 'repo.issues' | 'repo.pulls' | 'repo.releases' | 'repo.wiki' | 'repo.ext_wiki'
  | 'repo.ext_issues' | 'repo.projects' | 'repo.packages' | 'repo.actions';

export interface Permission {
  /** The overall mode (Gitea's AccessMode). */
  mode: AccessMode;
  /** The mode per unit; a unit missing here has `mode`. */
  units: Partial<Record<RepoUnit, AccessMode>>;
}

/** True when `have` is at least `need`. */
export const atLeast = (have: AccessMode, need: AccessMode): boolean => ORDER.indexOf(have) >= ORDER.indexOf(need);

/** The mode `perm` gives on `unit`. */
export const unitMode = (perm: Permission, unit: RepoUnit): AccessMode => perm.units[unit] ?? perm.mode;

const NONE: Permission = { mode: 'none', units: {} };

/** Whether `viewer` may see the owner at all (a private owner is visible only to itself and admins, limited to signed-in users). */
export function canSeeOwner(owner: UserRecord, viewer: UserRecord | null): boolean {
  if (owner.visibility === 'public') return true;
  if (!viewer) return false;
  if (viewer.is_admin || viewer.id === owner.id) return true;
  return owner.visibility === 'limited' && !viewer.restricted;
}

/** The doer's permission on the repository. Archiving does not change it: writes check `is_archived` (423) separately. */
export async function repoPermission(app: AppContext, doer: UserRecord | null, repo: RepoRecord): Promise<Permission> {
  const owner = await userStore.getById(app.store, repo.owner_id);
  if (!owner) return NONE;
  let mode: AccessMode = 'none';
  if (doer?.is_admin) mode = 'admin';
  else if (doer && doer.id === owner.id) mode = 'owner';
  else if (!repo.is_private && canSeeOwner(owner, doer)) mode = 'read';
  return mode === 'none' ? NONE : { mode, units: {} };
}
