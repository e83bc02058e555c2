/** The dashboard: the repositories the user can see, searched, sorted, filtered and paged through the URL. */
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { useUser } from '../auth.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { Pager } from '../components/Pager.tsx';
import { When } from '../components/When.tsx';
import { Link } from '../router.tsx';
import { useList } from '../use-list.ts';
import { HostPanel, RecentPushes } from './DashboardPanels.tsx';

interface SearchAnswer { ok: boolean; data: Repository[] }

const SORTS = { updated: { sort: 'updated', order: 'desc', words: 'Recently updated' }, alpha: { sort: 'alpha', order: 'asc', words: 'Name' }, created: { sort: 'created', order: 'desc', words: 'Newest' } } as const;
const FILTERS = { all: 'All I can see', mine: 'Mine', collaborating: 'Collaborating' } as const;
type SortKey = keyof typeof SORTS;
type FilterKey = keyof typeof FILTERS;

function RepoRow({ repo }: { repo: Repository }) {
  return (
    <li className="repo-row">
      <div className="repo-row-main">
        <Link to={`/${seg(repo.owner.login)}/${seg(repo.name)}`} className="repo-name">{repo.full_name}</Link>
        {repo.private ? <span className="badge">private</span> : null}
        {repo.object_format_name === 'sha256' ? <span className="badge badge-muted">SHA-256</span> : null}
        {repo.mirror ? <span className="badge badge-muted">mirror</span> : null}
        {repo.archived ? <span className="badge badge-warn">archived</span> : null}
        {repo.empty ? <span className="badge badge-muted">empty</span> : null}
        {repo.description ? <span className="muted repo-desc"> {repo.description}</span> : null}
      </div>
      <span className="muted repo-when">{repo.updated_at ? <>updated <When iso={repo.updated_at} /></> : null}</span>
      <CopyButton text={repo.clone_url} label={`Copy HTTP clone URL of ${repo.full_name}`} />
    </li>
  );
}

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

function Controls({ q, sort, filter, set }: { q: string; sort: SortKey; filter: FilterKey; set(key: string, value: string): void }) {
  const [text, setText] = useState(q);
  const ids = { q: useId(), sort: useId(), filter: useId() };
  const submit = (e: FormEvent) => { e.preventDefault(); set('q', text.trim()); };
  return (
    <form className="repo-controls" role="search" aria-label="Repositories" onSubmit={submit}>
      <label htmlFor={ids.q} className="visually-hidden">Find a repository</label>
      <input id={ids.q} type="search" placeholder="Find a repository…" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn">Search</button>
      <label htmlFor={ids.sort}>Sort</label>
      <select id={ids.sort} value={sort} onChange={(e) => set('sort', e.target.value)}>
        {Object.entries(SORTS).map(([k, v]) => <option key={k} value={k}>{v.words}</option>)}
      </select>
      <label htmlFor={ids.filter}>Show</label>
      <select id={ids.filter} value={filter} onChange={(e) => set('filter', e.target.value)}>
        {Object.entries(FILTERS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
      </select>
    </form>
  );
}

/** Lists repositories: `?q=`, `?sort=updated|alpha|created`, `?filter=all|mine|collaborating`, `?page=`. */
export function DashboardPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort: SortKey = params.get('sort') as SortKey in SORTS ? params.get('sort') as SortKey : 'updated';
  const filter: FilterKey = params.get('filter') as FilterKey in FILTERS ? params.get('filter') as FilterKey : 'all';
  const who = filter === 'mine' ? { uid: user.id, exclusive: true } : filter === 'collaborating' ? { uid: user.id, mode: 'collaborative' } : {};
  const repos = useList<Repository>('/api/v1/repos/search', { q, sort: SORTS[sort].sort, order: SORTS[sort].order, ...who }, { limit: 20, unwrap: (b) => (b as SearchAnswer).data ?? [] });
  const set = (key: string, value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    next.delete('created');
    next.delete('deleted');
    return next;
  });
  const created = params.get('created');
  const deleted = params.get('deleted');
  const nothingAtAll = repos.items?.length === 0 && !q && filter === 'all' && repos.page === 1;
  return (
    <Page title="Repositories" actions={<><Link to="/repo/migrate" className="btn">Import or mirror</Link><Link to="/repo/create" className="btn btn-primary">New repository</Link></>}>
      <Notice>{created ? `Created the repository ${created}.` : deleted ? `Deleted the repository ${deleted}.` : null}</Notice>
      <ErrorAlert>{repos.error}</ErrorAlert>
      <div className="dashboard">
        <div className="dashboard-main">
          {nothingAtAll ? <EmptyState /> : <Controls key={q} q={q} sort={sort} filter={filter} set={set} />}
          {!repos.items && !repos.error ? <p className="loading" role="status">Loading repositories…</p> : null}
          {repos.items && !nothingAtAll ? (
            <>
              <p className="muted" role="status">{repos.total} repositor{repos.total === 1 ? 'y' : 'ies'}{q ? ` matching “${q}”` : ''}</p>
              {repos.items.length ? <ul className="repo-rows card" aria-label="Repositories" aria-busy={repos.fetching}>{repos.items.map((r) => <RepoRow key={r.id} repo={r} />)}</ul> : null}
              <Pager list={repos} />
            </>
          ) : null}
        </div>
        <aside className="dashboard-side" aria-label="Activity"><RecentPushes /><HostPanel /></aside>
      </div>
    </Page>
  );
}
