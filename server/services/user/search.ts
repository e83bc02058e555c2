/** Finding users: the public search (`/users/search`) and the administrators' list (`/admin/users`). */
import type { AppContext } from '../context.ts';
import type { UserRecord, Visibility } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { ownerVisible } from '../permission/permissions.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { GHOST_USER_ID, ACTIONS_USER_ID, systemUsers } from './users.ts';

export interface UserSearch {
  q?: string | undefined;
  uid?: number | undefined;
}

export interface AdminUserSearch {
  q?: string | undefined;
  source_id?: number | undefined;
  login_name?: string | undefined;
  sort?: 'name' | 'created' | 'updated' | 'id' | undefined;
  order?: 'asc' | 'desc' | undefined;
  visibility?: Visibility | undefined;
  is_active?: boolean | undefined;
  is_admin?: boolean | undefined;
  is_restricted?: boolean | undefined;
  is_2fa_enabled?: boolean | undefined;
  is_prohibit_login?: boolean | undefined;
}

const byName = (a: UserRecord, b: UserRecord): number => a.lower_name.localeCompare(b.lower_name) || a.id - b.id;

/** Whether the keyword (lower case) is in the user's name or full name, or, when `withEmail`, their email. */
function matches(u: UserRecord, keyword: string, withEmail: boolean): boolean {
  if (!keyword) return true;
  return u.lower_name.includes(keyword) || u.full_name.toLowerCase().includes(keyword)
    || (withEmail && u.email.toLowerCase().includes(keyword));
}

/**
 * Gitea's user search: individual users the viewer may see, matching `q` (name, full name, and email for
 * signed-in viewers) and `uid`, by name. The system users Ghost (-1) and gitea-actions (-2) are found by their
 * id, which returns exactly that user, and by name. A public-only token sees public users only.
 */
export async function searchUsers(app: AppContext, viewer: UserRecord | null, opts: UserSearch, publicOnly = false): Promise<UserRecord[]> {
  if (!viewer && app.settings.bool('service.REQUIRE_SIGNIN_VIEW')) {
    throw new UnauthorizedError('you must be signed in to search for users');
  }
  const system = systemUsers();
  if (opts.uid === GHOST_USER_ID || opts.uid === ACTIONS_USER_ID) return system.filter((u) => u.id === opts.uid);
  const keyword = (opts.q ?? '').trim().toLowerCase();
  const candidates = await userStore.list(app.store, (u) => u.type === 'individual'
    && (opts.uid === undefined || opts.uid === 0 || u.id === opts.uid)
    && (!publicOnly || u.visibility === 'public')
    && matches(u, keyword, !!viewer));
  const found: UserRecord[] = [];
  for (const u of candidates) if (await ownerVisible(app, u, viewer)) found.push(u);
  const named = keyword && !opts.uid ? system.filter((u) => u.lower_name.includes(keyword)) : [];
  return [...found, ...named].sort(byName);
}

const SORT_KEYS: Record<NonNullable<AdminUserSearch['sort']>, (u: UserRecord) => string | number> = {
  name: (u) => u.lower_name,
  created: (u) => u.created,
  updated: (u) => u.updated,
  id: (u) => u.id,
};

function adminFilter(opts: AdminUserSearch): (u: UserRecord) => boolean {
  const keyword = (opts.q ?? '').trim().toLowerCase();
  const loginName = opts.login_name?.trim();
  const is = (want: boolean | undefined, have: boolean): boolean => want === undefined || want === have;
  return (u) => u.type === 'individual'
    && matches(u, keyword, true)
    && (opts.source_id === undefined || u.login_source === opts.source_id)
    && (!loginName || u.login_name === loginName)
    && (!opts.visibility || u.visibility === opts.visibility)
    && is(opts.is_active, u.is_active)
    && is(opts.is_admin, u.is_admin)
    && is(opts.is_restricted, u.restricted)
    && is(opts.is_2fa_enabled, u.totp_secret !== null)
    && is(opts.is_prohibit_login, u.prohibit_login);
}

/** Every individual user matching the administrator's filters, sorted by `sort` (name by default) and `order`. */
export async function adminSearchUsers(app: AppContext, opts: AdminUserSearch): Promise<UserRecord[]> {
  const users = await userStore.list(app.store, adminFilter(opts));
  const key = SORT_KEYS[opts.sort ?? 'name'];
  // As in Gitea, the order applies only together with a sort key.
  const dir = opts.sort && opts.order === 'desc' ? -1 : 1;
  return users.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
    return c * dir;
  });
}
