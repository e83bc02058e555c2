/**
 * Access checks for repository lists (search, a user's repositories). Gitea's list rule: the owner is visible to
 * the viewer and the viewer may read the repository. Every row outside the requested page is only counted, and
 * for most rows the flags alone settle that (permissionByFlags, the steps repoPermission takes first), so
 * counting thousands of rows costs no lookups and no await per row; a page row the flags do not settle gets its
 * exact permission from repoPermission.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { RepoKey } from '../../store/repos.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import * as teamStore from '../../store/teams.ts';
import * as userStore from '../../store/users.ts';
import { repoPermission, atLeast, ownerVisible, permissionByFlags, type FlagsPermission, type Permission } from '../permission/permissions.ts';

/**
 * Decides whether `viewer` may read a repository in a list: its permission, or null. With `exact` false the row is
 * only counted, and any non-null answer will do.
 */
export type ReadRule = (key: RepoKey, owner: UserRecord, exact: boolean) => Promise<Permission | null>;

/** A ReadRule with a synchronous answer from flags, once `meet` has seen the row's owner. */
export interface ListRule {
  /** Loads what the rows of this owner need; called once per owner before `quick` sees its rows. */
  meet(owner: UserRecord): Promise<void>;
  /**
   * The row's permission from flags (settled), or the floor a collaboration or a team may raise; null when the
   * owner is not visible to the viewer (the row is not listed).
   */
  quick(key: RepoKey, owner: UserRecord): FlagsPermission | null;
  exact: ReadRule;
}

// permissionByFlags' `listed` argument, made once rather than for each row a list counts
const MAY_BE_GRANTED = Object.freeze({ mayBeGranted: true });
const NOT_GRANTED = Object.freeze({ mayBeGranted: false });

/** The list rule of `viewer`: owner visibility and repoPermission's read, decided from flags where they suffice. */
export async function listRule(app: AppContext, viewer: UserRecord | null): Promise<ListRule> {
  const visible = new Map<number, boolean>();
  // Where a collaboration or a team may grant more than the flags say, repoPermission decides.
  const collaborations = new Set(viewer ? (await collaboratorStore.listByUser(app.store, viewer.id)).map((c) => c.repo_id) : []);
  const inTeams = new Set<number>();
  const see = async (owner: UserRecord): Promise<boolean> => {
    let v = visible.get(owner.id);
    if (v === undefined) visible.set(owner.id, (v = await ownerVisible(app, owner, viewer)));
    return v;
  };
  return {
    meet: async (owner) => {
      if (!(await see(owner)) || !viewer || owner.type !== 'organization') return;
      if ((await teamStore.teamIdsOfUser(app.store, owner.id, viewer.id)).size > 0) inTeams.add(owner.id);
    },
    quick: (key, owner) => {
      if (!visible.get(owner.id)) return null;
      return permissionByFlags(viewer, key, owner, collaborations.has(key.id) || inTeams.has(owner.id) ? MAY_BE_GRANTED : NOT_GRANTED);
    },
    exact: async (key, owner) => {
      if (!(await see(owner))) return null;
      const perm = await repoPermission(app, viewer, key, owner);
      return atLeast(perm.mode, 'read') ? perm : null;
    },
  };
}

/**
 * The keys `viewer` may read, in their order: the list rule's flags where they settle it (or already give read,
 * which a collaboration or a team can only raise), repoPermission where not.
 */
export async function readableKeys<K extends RepoKey>(app: AppContext, viewer: UserRecord | null, keys: readonly K[]): Promise<K[]> {
  const rule = await listRule(app, viewer);
  const owners = new Map<number, UserRecord | undefined>();
  const out: K[] = [];
  for (const key of keys) {
    if (!owners.has(key.owner_id)) {
      const found = await userStore.peekById(app.store, key.owner_id);
      owners.set(key.owner_id, found);
      if (found) await rule.meet(found);
    }
    const owner = owners.get(key.owner_id);
    const flags = owner ? rule.quick(key, owner) : null;
    if (!owner || !flags) continue;
    if (atLeast(flags.perm.mode, 'read') || (!flags.settled && (await rule.exact(key, owner, false)))) out.push(key);
  }
  return out;
}
