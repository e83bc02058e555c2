/** Repositories as rows: full name, badges, description, last update and a copy button for the clone URL. */
import { seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { Link } from '../router.tsx';
import { CopyButton } from './CopyButton.tsx';
import { When } from './When.tsx';

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

/** The list of `repos`, named `label` for screen readers; `busy` while the next page loads. */
export function RepoList({ repos, label, busy }: { repos: Repository[]; label: string; busy: boolean }) {
  return <ul className="repo-rows card" aria-label={label} aria-busy={busy}>{repos.map((r) => <RepoRow key={r.id} repo={r} />)}</ul>;
}
