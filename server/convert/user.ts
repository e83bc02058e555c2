/** Maps a stored user to Gitea's `User` JSON, hiding what the viewer may not see. */
import type { UserRecord } from '../store/records.ts';
import type { User } from '../structs/user.ts';

const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Gitea's placeholder address shown instead of a hidden email. */
export function placeholderEmail(user: Pick<UserRecord, 'lower_name'>, baseUrl: string): string {
  return `${user.lower_name}@noreply.${new URL(baseUrl).hostname}`;
}

/**
 * `viewer` decides what is shown: the email to any signed-in viewer (a system user's only to admins), the
 * account fields (is_admin, login_name, source_id, last_login, language, active, prohibit_login) to the user
 * themself and to site admins.
 */
export function toUser(user: UserRecord, viewer: UserRecord | null, baseUrl: string, extra?: { starred?: number }): User {
  const authed = !!viewer && (viewer.is_admin || viewer.id === user.id);
  // System users (negative ids) keep their address private, as Gitea's gitea-actions user does.
  const showEmail = !!viewer && (user.id > 0 || authed);
  return {
    id: user.id,
    login: user.name,
    login_name: authed ? user.login_name : '',
    source_id: authed ? user.login_source : 0,
    full_name: user.full_name,
    email: showEmail ? user.email : placeholderEmail(user, baseUrl),
    avatar_url: `${baseUrl}/avatars/${encodeURIComponent(user.lower_name)}`,
    html_url: `${baseUrl}/${encodeURIComponent(user.name)}`,
    language: authed ? user.language : '',
    is_admin: authed ? user.is_admin : false,
    last_login: authed && user.last_login ? user.last_login : ZERO_TIME,
    created: user.created,
    restricted: user.restricted,
    active: authed ? user.is_active : false,
    prohibit_login: authed ? user.prohibit_login : false,
    location: user.location,
    website: user.website,
    description: user.description,
    visibility: user.visibility,
    followers_count: user.num_followers ?? 0,
    following_count: user.num_following ?? 0,
    starred_repos_count: extra?.starred ?? 0,
    username: user.name,
  };
}
