/** Dashboard side panels: recent pushes (each repository's latest commit) and, for administrators, the host's state. */
import { seg } from '../api/client.ts';
import type { Commit, HostStatus, Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { When } from '../components/When.tsx';
import { Link } from '../router.tsx';
import { useLoad } from '../use-load.ts';

const RECENT = 5;

interface SearchAnswer { data: Repository[] }

/**
 * "Recent pushes": the most recently updated repositories (whatever the list beside it shows), each with the
 * latest commit of its default branch. A repository counts as pushed to when that commit exists, so a stale
 * `empty` flag cannot hide one; it shows what was last committed, not who pushed it.
 */
export function RecentPushes() {
  const { api } = useAuth();
  const latest = useLoad(async () => {
    const found = await api.get<SearchAnswer>('/api/v1/repos/search', { query: { sort: 'updated', order: 'desc', limit: RECENT * 2 } });
    const withCommits = await Promise.all((found.data ?? []).map(async (r) => {
      const commits = await api.get<Commit[]>(`/api/v1/repos/${seg(r.owner.login)}/${seg(r.name)}/commits`, { query: { sha: r.default_branch, limit: 1, stat: false, files: false } }).catch(() => []);
      return { repo: r, commit: commits[0] ?? null };
    }));
    return withCommits.filter((x) => x.commit).slice(0, RECENT);
  }, 'recent-pushes');
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent pushes</h2>
      {latest.error ? <p className="inline-error" role="alert">Recent pushes could not be read: {latest.error}</p> : null}
      {latest.data?.length === 0 ? <p className="muted">Nothing pushed yet. Push to a repository and its latest commit shows here.</p> : null}
      {latest.data?.length ? (
        <ul className="plain-list recent" aria-label="Recent pushes">
          {latest.data.map(({ repo, commit }) => (
            <li key={repo.id}>
              <Link to={`/${seg(repo.owner.login)}/${seg(repo.name)}/commit/${seg(commit!.sha)}`}>{repo.full_name}</Link>{' '}
              <span className="commit-subject">{commit!.commit.message.split('\n')[0]}</span>
              <span className="muted"> <code>{commit!.sha.slice(0, 7)}</code> on {repo.default_branch}, <When iso={commit!.commit.committer.date} /></span>
            </li>
          ))}
        </ul>
      ) : !latest.data && !latest.error ? <p role="status" className="loading">Loading…</p> : null}
    </section>
  );
}

/** Pending deliveries, failing hooks and mirrors, and LAN addresses: administrators only. */
export function HostPanel() {
  const { api } = useAuth();
  const user = useUser();
  const status = useLoad(() => (user.is_admin ? api.get<HostStatus>('/api/homeforge/status') : Promise.resolve(null)), String(user.is_admin));
  const s = status.data;
  if (!user.is_admin) return null;
  return (
    <section className="card" aria-labelledby="host-title">
      <h2 id="host-title">This host</h2>
      {status.error ? <p className="inline-error" role="alert">The host's state could not be read: {status.error}</p> : null}
      {s ? (
        <dl className="facts">
          <dt>Webhook deliveries waiting</dt>
          <dd>{s.webhooks.pending_deliveries}{s.webhooks.last_delivery_failed ? <span className="badge badge-warn badge-gap">{s.webhooks.last_delivery_failed} hook(s) failed last time</span> : null}</dd>
          <dt>Mirrors</dt>
          <dd>{s.mirrors.count === 0 ? <>none (<Link to="/repo/migrate">create one</Link>)</> : `${s.mirrors.count}, ${s.mirrors.with_errors} with errors`}</dd>
          <dt>LAN access</dt>
          <dd>{s.lan.enabled ? (s.lan.urls[0] ? <code>{s.lan.urls[0]}</code> : 'on, but no LAN address found') : <>off (<Link to="/-/admin/settings">settings</Link>)</>}</dd>
        </dl>
      ) : null}
      {s?.mirrors.problems.length ? (
        <ul className="plain-list" aria-label="Mirrors with errors">
          {s.mirrors.problems.map((p) => (
            <li key={p.repo}><Link to={`/${p.repo.split('/').map(seg).join('/')}/settings/mirror`}>{p.repo}</Link>: <span className="inline-error">{p.last_error}</span></li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
