/** A user's starred repositories on their profile, paged apart from the repositories they own. */
import { seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { ErrorAlert } from '../components/Alert.tsx';
import { Pager } from '../components/Pager.tsx';
import { RepoList } from '../components/RepoList.tsx';
import { useList } from '../use-list.ts';
import { useRepoSettings } from '../use-repo-settings.ts';

/** The repositories `user` starred that the viewer may see; nothing while the host has stars disabled. */
export function StarredRepos({ user }: { user: string }) {
  const settings = useRepoSettings();
  const enabled = settings.data?.stars_disabled === false;
  const list = useList<Repository>(`/api/v1/users/${seg(user)}/starred`, {}, { pageParam: 'starred_page', enabled });
  if (!enabled) return null;
  return (
    <section aria-labelledby="owner-starred">
      <h2 id="owner-starred">Starred</h2>
      <ErrorAlert>{list.error}</ErrorAlert>
      {list.items?.length === 0 ? <p className="muted">{user} has starred no repositories you can see.</p> : null}
      {list.items?.length ? (
        <RepoList repos={list.items} label={`Repositories ${user} starred`} busy={list.fetching} />
      ) : null}
      {list.items?.length || list.page > 1 ? <Pager list={list} noun="repositories" label="Starred pages" /> : null}
    </section>
  );
}
