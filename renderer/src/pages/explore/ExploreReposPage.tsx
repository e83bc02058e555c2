/** `/explore/repos`: the repositories the viewer may see (private ones where the host lets them read), searched, sorted, paged. */
import type { Repository } from '../../api/types.ts';
import { RepoList } from '../../components/RepoList.tsx';
import { REPO_SORTS, RepoSortSelect, repoSortOf } from '../../components/RepoSortSelect.tsx';
import { useUrlFilters } from '../../router.tsx';
import { searchData, useList } from '../../use-list.ts';
import { ExploreFrame } from './ExploreFrame.tsx';

/** Lists repositories: `?q=` (in names and descriptions, as Gitea's explore page searches), `?sort=`, `?page=`. */
export function ExploreReposPage() {
  const { params, set } = useUrlFilters();
  const q = params.get('q') ?? '';
  const sort = repoSortOf(params.get('sort'));
  const repos = useList<Repository>('/api/v1/repos/search', { q, includeDesc: true, sort: REPO_SORTS[sort].sort, order: REPO_SORTS[sort].order }, { unwrap: searchData });
  return (
    <ExploreFrame one="repository" many="repositories" list={repos} controls={<RepoSortSelect value={sort} onChange={(v) => set('sort', v)} />}>
      <RepoList repos={repos.items ?? []} label="Repositories" busy={repos.fetching} />
    </ExploreFrame>
  );
}
