/** A user's followers and following on their profile: the counts, Gitea's Follow / Unfollow button, and both lists. */
import { useState } from 'react';
import { ApiError, errorText, seg, type ApiClient } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { Pager } from '../components/Pager.tsx';
import { Link } from '../router.tsx';
import { useList } from '../use-list.ts';
import { useLoad } from '../use-load.ts';

/** True when the signed-in viewer follows `user` (204), false on Gitea's 404. */
async function follows(api: ApiClient, user: string): Promise<boolean> {
  try {
    await api.get(`/api/v1/user/following/${seg(user)}`);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Follow / Unfollow toggle for a signed-in viewer other than `user`; the counts come back with the profile's reload. */
function FollowButton({ user }: { user: string }) {
  const { api, state } = useAuth();
  const me = state.kind === 'signed-in' ? state.user.login : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = useLoad(async () => (me ? follows(api, user) : null), `follows|${user}|${me ?? ''}`);
  if (!me || me.toLowerCase() === user.toLowerCase() || mine.data === null) return <ErrorAlert>{mine.error}</ErrorAlert>;
  const on = mine.data;
  const flip = () => {
    setBusy(true);
    setError(null);
    // Every write refreshes the cached reads: the profile comes back with its counts, and `mine` with the new state.
    void api.request(on ? 'DELETE' : 'PUT', `/api/v1/user/following/${seg(user)}`).catch((err: unknown) => setError(errorText(err))).finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className={on ? 'btn btn-small' : 'btn btn-small btn-primary'} disabled={busy} onClick={flip}>{on ? 'Unfollow' : 'Follow'}</button>
      <ErrorAlert>{error}</ErrorAlert>
    </>
  );
}

/** One paged list of users (followers or following) with links to their profiles. */
function UserRows({ user, which, title }: { user: string; which: 'followers' | 'following'; title: string }) {
  const list = useList<User>(`/api/v1/users/${seg(user)}/${which}`, {}, { pageParam: `${which}_page` });
  const label = which === 'followers' ? `Followers of ${user}` : `Users ${user} follows`;
  return (
    <section aria-labelledby={`owner-${which}`}>
      <h2 id={`owner-${which}`}>{title}</h2>
      <ErrorAlert>{list.error}</ErrorAlert>
      {list.items?.length === 0 ? <p className="muted">{which === 'followers' ? `Nobody you can see follows ${user}.` : `${user} follows nobody you can see.`}</p> : null}
      {list.items?.length ? (
        <ul className="user-rows card" aria-label={label} aria-busy={list.fetching}>
          {list.items.map((u) => (
            <li key={u.id} className="user-row">
              <Avatar url={u.avatar_url} size={24} alt="" className="avatar-inline" />
              <Link to={`/${seg(u.login)}`}>{u.login}</Link>
              {u.full_name ? <span className="muted"> {u.full_name}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {list.items?.length || list.page > 1 ? <Pager list={list} noun="users" label={`${title} pages`} /> : null}
    </section>
  );
}

/** The counts line with the toggle, for the top of a user's profile. */
export function FollowBar({ user, followers, following }: { user: string; followers: number; following: number }) {
  return (
    <div className="follow-bar" role="group" aria-label="Followers and following">
      <span>{plural(followers, 'follower', 'followers')}</span>
      <span>{following} following</span>
      <FollowButton user={user} />
    </div>
  );
}

/** The followers and following lists of `user`, each paged on its own page parameter. */
export function FollowLists({ user }: { user: string }) {
  return (
    <>
      <UserRows user={user} which="followers" title="Followers" />
      <UserRows user={user} which="following" title="Following" />
    </>
  );
}
