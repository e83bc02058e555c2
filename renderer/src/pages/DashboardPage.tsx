/** The dashboard: the repositories the signed-in user can see, with clone URLs to copy. */
import { useEffect, useState } from 'react';
import { ApiError, errorText, seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { CloneUrl } from '../components/CloneUrl.tsx';
import { Page } from '../components/Layout.tsx';
import { Link, useRouter } from '../router.tsx';
import { When } from '../components/When.tsx';
import { HostPanel, RecentPushes } from './DashboardPanels.tsx';

interface SearchAnswer { ok: boolean; data: Repository[] }

const LIMIT = 50;

function RepoCard({ repo }: { repo: Repository }) {
  return (
    <li className="card repo-card">
      <div className="repo-head">
        <h2 className="repo-name"><Link to={`/${seg(repo.owner.login)}/${seg(repo.name)}`}>{repo.full_name}</Link></h2>
        <div className="badges">
          {repo.private ? <span className="badge">private</span> : <span className="badge badge-muted">public</span>}
          {repo.object_format_name === 'sha256' ? <span className="badge badge-muted">SHA-256</span> : null}
          {repo.mirror ? <span className="badge badge-muted">mirror</span> : null}
          {repo.archived ? <span className="badge badge-warn">archived</span> : null}
          {repo.empty ? <span className="badge badge-muted">empty</span> : null}
        </div>
      </div>
      {repo.description ? <p className="repo-desc">{repo.description}</p> : null}
      {repo.updated_at ? <p className="repo-meta">Updated <When iso={repo.updated_at} />{repo.mirror ? <>; mirror last synced {repo.mirror_updated && !repo.mirror_updated.startsWith('0001') ? <When iso={repo.mirror_updated} /> : 'never'}</> : null}</p> : null}
      <CloneUrl url={repo.clone_url} label={`HTTP clone URL of ${repo.full_name}`} />
      {repo.empty ? (
        <p className="hint">Nothing pushed yet. From an existing project: <code>git remote add origin {repo.clone_url}</code> then <code>git push -u origin {repo.default_branch || 'main'}</code></p>
      ) : null}
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

/** Lists repositories, newest activity first. */
export function DashboardPage() {
  const { api } = useAuth();
  const { search } = useRouter();
  const created = search.get('created');
  const deleted = search.get('deleted');
  const [repos, setRepos] = useState<Repository[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.request<SearchAnswer>('GET', '/api/v1/repos/search', { query: { limit: LIMIT, sort: 'updated', order: 'desc' } })
      .then((r) => {
        setRepos(r.data.data ?? []);
        setTotal(Number(r.headers.get('X-Total-Count') ?? r.data.data?.length ?? 0));
      })
      .catch((err: unknown) => {
        // A host without repository search yet simply has no repositories to show.
        if (err instanceof ApiError && err.status === 404) setRepos([]);
        else setError(errorText(err));
      });
  }, [api]);
  return (
    <Page title="Repositories" actions={<><Link to="/repo/migrate" className="btn">Import or mirror</Link><Link to="/repo/create" className="btn btn-primary">New repository</Link></>}>
      <Notice>{created ? `Created the repository ${created}.` : deleted ? `Deleted the repository ${deleted}.` : null}</Notice>
      <ErrorAlert>{error}</ErrorAlert>
      {repos === null && !error ? <p className="loading" role="status">Loading repositories…</p> : null}
      {repos?.length === 0 ? <EmptyState /> : null}
      <div className="dashboard">
        <div className="dashboard-main">
          {repos && repos.length > 0 ? <ul className="repo-list" aria-label="Repositories">{repos.map((r) => <RepoCard key={r.id} repo={r} />)}</ul> : null}
          {repos && total > repos.length ? <p className="muted">Showing the {repos.length} most recently updated of {total} repositories.</p> : null}
        </div>
        {repos ? <aside className="dashboard-side" aria-label="Activity"><RecentPushes repos={repos} /><HostPanel /></aside> : null}
      </div>
    </Page>
  );
}
