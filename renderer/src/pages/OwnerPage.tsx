/** `/{owner}`: a user's or organization's profile with the repositories they own, searched and paged, and a user's stars and follows. */
import { useSearchParams } from 'react-router';
import { ApiError, seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { Pager } from '../components/Pager.tsx';
import { When } from '../components/When.tsx';
import { Link } from '../router.tsx';
import { useList } from '../use-list.ts';
import { useLoad } from '../use-load.ts';
import { useOwnsOrg } from '../use-repo-owners.ts';
import { StarredRepos } from './StarredRepos.tsx';
import { ActivityFeed } from '../components/ActivityFeed.tsx';
import { FollowBar, FollowLists } from './UserFollows.tsx';

interface Owner {
  id: number; login?: string; username?: string; full_name?: string; description?: string; website?: string; avatar_url?: string; created?: string;
  followers_count?: number; following_count?: number;
}

/** The profile page of `owner`. */
export function OwnerPage({ owner }: { owner: string }) {
  const { api, state } = useAuth();
  const [params] = useSearchParams();
  const profile = useLoad(async () => {
    // `/users/{name}` answers for an organization too (as Gitea's does), so the organization is asked first.
    try {
      return { kind: 'organization' as const, o: await api.get<Owner>(`/api/v1/orgs/${seg(owner)}`) };
    } catch (err) {
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 422))) throw err;
    }
    try {
      return { kind: 'user' as const, o: await api.get<Owner>(`/api/v1/users/${seg(owner)}`) };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return { kind: 'missing' as const };
      throw err;
    }
  }, `owner|${owner}`);
  const p = profile.data?.kind === 'missing' ? null : profile.data;
  const missing = profile.data?.kind === 'missing';
  const owns = useOwnsOrg(owner, p?.kind === 'organization');
  const manage = p?.kind === 'organization' && (owns || (state.kind === 'signed-in' && state.user.is_admin));
  const repos = useList<Repository>('/api/v1/repos/search', { uid: p?.o.id, exclusive: true, sort: 'alpha', order: 'asc', q: params.get('q') ?? '' }, { unwrap: (b) => (b as { data: Repository[] }).data ?? [], enabled: !!p });
  if (!p) {
    return (
      <Page title={owner}>
        <ErrorAlert>{missing ? `There is no user or organization called ${owner} that you can see.` : profile.error ? `${owner} could not be opened: ${profile.error}` : null}</ErrorAlert>
        {profile.error || missing ? null : <p role="status" className="loading">Loading…</p>}
      </Page>
    );
  }
  const name = p.o.login ?? p.o.username ?? owner;
  const actions = manage ? (
    <>
      <Link to={`/repo/create?owner=${encodeURIComponent(name)}`} className="btn btn-primary">New repository</Link>
      <Link to={`/org/${seg(name)}/teams`} className="btn">Teams</Link>
      <Link to={`/org/${seg(name)}/settings`} className="btn">Settings</Link>
    </>
  ) : undefined;
  return (
    <Page title={name} actions={actions} heading={<><Avatar url={p.o.avatar_url} size={48} alt="" className="avatar-heading" />{p.o.full_name ? `${p.o.full_name} (${name})` : name} <span className="badge badge-muted">{p.kind}</span></>}>
      {p.o.description ? <p className="lead">{p.o.description}</p> : null}
      {p.o.created ? <p className="muted">Joined <When iso={p.o.created} /></p> : null}
      {p.kind === 'user' ? <FollowBar user={name} followers={p.o.followers_count ?? 0} following={p.o.following_count ?? 0} /> : null}
      <p><Link to={`/${seg(name)}/-/packages`}>Packages</Link></p>
      <section aria-labelledby="owner-repos">
        <h2 id="owner-repos">Repositories</h2>
        <ErrorAlert>{repos.error}</ErrorAlert>
        {repos.items?.length === 0 ? <p className="muted">{name} has no repositories you can see.</p> : null}
        {repos.items?.length ? (
          <ul className="repo-rows card" aria-label={`Repositories of ${name}`}>
            {repos.items.map((r) => (
              <li key={r.id} className="repo-row">
                <div className="repo-row-main">
                  <Link to={`/${seg(r.owner.login)}/${seg(r.name)}`} className="repo-name">{r.name}</Link>
                  {r.private ? <span className="badge">private</span> : null}
                  {r.description ? <span className="muted repo-desc"> {r.description}</span> : null}
                </div>
                {r.updated_at ? <span className="muted repo-when">updated <When iso={r.updated_at} /></span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {repos.items?.length || repos.page > 1 ? <Pager list={repos} noun="repositories" /> : null}
      </section>
      <section aria-labelledby="owner-activity">
        <h2 id="owner-activity">Activity</h2>
        <ActivityFeed path={`/api/v1/${p.kind === 'user' ? 'users' : 'orgs'}/${seg(name)}/activities/feeds`} label={`Activity of ${name}`} empty={`No activity of ${name} that you can see.`} />
      </section>
      {p.kind === 'user' ? <StarredRepos user={name} /> : null}
      {p.kind === 'user' ? <FollowLists user={name} /> : null}
    </Page>
  );
}
