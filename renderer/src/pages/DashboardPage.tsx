/** The dashboard: the repositories the user can see, searched, sorted, filtered and paged through the URL, beside the user's activity feed. */
import { useId } from 'react';
import type { Repository } from '../api/types.ts';
import { useUser } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { Pager } from '../components/Pager.tsx';
import { RepoList } from '../components/RepoList.tsx';
import { REPO_SORTS, RepoSortSelect, repoSortOf, type RepoSortKey } from '../components/RepoSortSelect.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { Link, useUrlFilters } from '../router.tsx';
import { searchData, useList } from '../use-list.ts';
import { HostPanel, RecentPushes } from './DashboardPanels.tsx';
import { ActivityFeed } from '../components/ActivityFeed.tsx';
import { seg } from '../api/client.ts';

const FILTERS = { all: 'All I can see', mine: 'Mine', collaborating: 'Collaborating' } as const;
type FilterKey = keyof typeof FILTERS;

function EmptyState() {
  const user = useUser();
  const example = `${window.location.origin}/${user.login}/my-project.git`;
  return (
    <section className="card empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">No repositories yet</h2>
      <p>Create a repository here, then push an existing project to it with git:</p>
      <pre><code>{`git remote add origin ${example}\ngit push -u origin main`}</code></pre>
      <p><Link to="/repo/create" className="btn btn-primary">Create a repository</Link></p>
    </section>
  );
}

function Controls({ q, sort, filter, set }: { q: string; sort: RepoSortKey; filter: FilterKey; set(key: string, value: string): void }) {
  const filterId = useId();
  return (
    <SearchForm label="Repositories" prompt="Find a repository" value={q} onSearch={(words) => set('q', words)}>
      <RepoSortSelect value={sort} onChange={(v) => set('sort', v)} />
      <label htmlFor={filterId}>Show</label>
      <select id={filterId} value={filter} onChange={(e) => set('filter', e.target.value)}>
        {Object.entries(FILTERS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
      </select>
    </SearchForm>
  );
}

/** Lists repositories: `?q=`, `?sort=updated|alpha|created`, `?filter=all|mine|collaborating`, `?page=`. */
export function DashboardPage() {
  const user = useUser();
  const { params, set } = useUrlFilters(['created', 'deleted']);
  const q = params.get('q') ?? '';
  const sort = repoSortOf(params.get('sort'));
  const filter: FilterKey = params.get('filter') as FilterKey in FILTERS ? params.get('filter') as FilterKey : 'all';
  const who = filter === 'mine' ? { uid: user.id, exclusive: true } : filter === 'collaborating' ? { uid: user.id, mode: 'collaborative' } : {};
  const repos = useList<Repository>('/api/v1/repos/search', { q, sort: REPO_SORTS[sort].sort, order: REPO_SORTS[sort].order, ...who }, { limit: 20, unwrap: searchData });
  const created = params.get('created');
  const deleted = params.get('deleted');
  const nothingAtAll = repos.items?.length === 0 && !q && filter === 'all' && repos.page === 1;
  return (
    <Page title="Repositories" actions={<><Link to="/repo/migrate" className="btn">Import or mirror</Link><Link to="/org/create" className="btn">New organization</Link><Link to="/repo/create" className="btn btn-primary">New repository</Link></>}>
      <Notice>{created ? `Created the repository ${created}.` : deleted ? `Deleted the repository ${deleted}.` : null}</Notice>
      <ErrorAlert>{repos.error}</ErrorAlert>
      <div className="dashboard">
        <div className="dashboard-main">
          {nothingAtAll ? <EmptyState /> : <Controls key={q} q={q} sort={sort} filter={filter} set={set} />}
          {!repos.items && !repos.error ? <p className="loading" role="status">Loading repositories…</p> : null}
          {repos.items && !nothingAtAll ? (
            <>
              <p className="muted" role="status">{repos.total} repositor{repos.total === 1 ? 'y' : 'ies'}{q ? ` matching “${q}”` : ''}</p>
              {repos.items.length ? <RepoList repos={repos.items} label="Repositories" busy={repos.fetching} /> : null}
              <Pager list={repos} />
            </>
          ) : null}
        </div>
        <aside className="dashboard-side" aria-label="Activity">
          <section className="card" aria-labelledby="feed-title">
            <h2 id="feed-title">Activity</h2>
            <ActivityFeed path={`/api/v1/users/${seg(user.login)}/activities/feeds`} label="Your activity" empty="Nothing has happened in your repositories or the ones you watch yet." />
          </section>
          <RecentPushes />
          <HostPanel />
        </aside>
      </div>
    </Page>
  );
}
