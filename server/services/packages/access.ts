/**
 * Who may read and write an owner's packages (Gitea's determineAccessMode): a user's own packages are theirs to
 * write, anyone who may see the owner reads them; in an organization the members' teams decide (the team's
 * access, or its packages unit), and anyone who may see the organization reads. Site admins may do anything.
 * An owner the viewer may not see answers like a missing one (404).
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import { ownerVisible } from '../permission/permissions.ts';
import { limitedToPublic } from '../auth/token-reach.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, userNotFound } from '../../lib/errors.ts';

export type PackageAccess = 'none' | 'read' | 'write';

/** The owner of a package path and what the doer may do there. */
export interface PackageOwner {
  owner: UserRecord;
  access: PackageAccess;
}

const RANK: Record<PackageAccess, number> = { none: 0, read: 1, write: 2 };

/** The doer's best team access to the organization's packages. */
async function orgTeamAccess(app: AppContext, org: UserRecord, doer: UserRecord): Promise<PackageAccess> {
  let best: PackageAccess = 'none';
  for (const id of await teamStore.teamIdsOfUser(app.store, org.id, doer.id)) {
    const team = await teamStore.getById(app.store, id);
    if (!team) continue;
    const modes = [team.access_mode, team.units['repo.packages'] ?? 'none'];
    for (const m of modes) {
      const a: PackageAccess = m === 'write' || m === 'admin' || m === 'owner' ? 'write' : m === 'read' ? 'read' : 'none';
      if (RANK[a] > RANK[best]) best = a;
    }
  }
  return best;
}

/** What `doer` may do with the packages of `owner` (before any token limit). */
export async function accessOf(app: AppContext, owner: UserRecord, doer: UserRecord | null): Promise<PackageAccess> {
  if (doer && (!doer.is_active || doer.prohibit_login)) return 'none';
  if (doer?.is_admin) return 'write';
  let access: PackageAccess = 'none';
  if (owner.type === 'organization') {
    if (doer) access = await orgTeamAccess(app, owner, doer);
  } else if (doer && doer.id === owner.id) {
    access = 'write';
  }
  if (access === 'none' && (await ownerVisible(app, owner, doer))) access = 'read';
  return access;
}

/**
 * Loads the owner named in a package path and requires `need`. Hidden or missing owners are 404; an anonymous
 * caller who needs more than reading gets 401 (so package clients send their credentials), anyone else 403. A
 * public-only token reaches public owners only.
 */
export async function packageOwner(app: AppContext, name: string, doer: UserRecord | null, need: 'read' | 'write'): Promise<PackageOwner> {
  if (!app.settings.bool('packages.ENABLED')) throw new NotFoundError('packages are disabled');
  const owner = await userStore.getByName(app.store, name);
  if (!owner || owner.id <= 0) throw userNotFound(name);
  const access = await accessOf(app, owner, doer);
  if (access === 'none') throw userNotFound(name);
  if (limitedToPublic() && owner.visibility !== 'public') throw new ForbiddenError('token scope is limited to public packages');
  if (RANK[access] < RANK[need]) {
    if (!doer) throw new UnauthorizedError('user should have specific permission or be a site admin', true);
    throw new ForbiddenError('user should have specific permission or be a site admin');
  }
  return { owner, access };
}
