/** The frame of every repository page: heading, badges, clone URL and the repository's tabs. */
import { useEffect, type ReactNode } from 'react';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { CloneUrl } from '../../components/CloneUrl.tsx';
import { Page, SubNav } from '../../components/Layout.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { ForkButton } from './ForkButton.tsx';
import { PendingTransfer } from './PendingTransfer.tsx';
import { RepoActions } from './RepoActions.tsx';
import { RepoTopics } from './RepoTopics.tsx';
import { RepoContext, encodePath, repoPaths } from './repo-context.tsx';

function Badges({ repo }: { repo: Repository }) {
  return (
    <div className="badges">
      {repo.private ? <span className="badge">private</span> : <span className="badge badge-muted">public</span>}
      <span className="badge badge-muted">{repo.object_format_name === 'sha256' ? 'SHA-256' : 'SHA-1'}</span>
      {repo.mirror ? <span className="badge badge-muted">mirror</span> : null}
      {repo.archived ? <span className="badge badge-warn">archived</span> : null}
    </div>
  );
}

function tabs(base: string, repo: Repository): { to: string; text: string; prefix?: string }[] {
  const items: { to: string; text: string; prefix?: string }[] = [
    { to: base, text: 'Files', prefix: `${base}/src/` }, { to: `${base}/commits/branch/${encodePath(repo.default_branch)}`, text: 'Commits', prefix: `${base}/commit` },
    { to: `${base}/branches`, text: 'Branches' }, { to: `${base}/tags`, text: 'Tags' },
  ];
  if (repo.has_issues) items.push({ to: `${base}/issues`, text: `Issues ${repo.open_issues_count}`, prefix: `${base}/issues` });
  if (repo.has_pull_requests) items.push({ to: `${base}/pulls`, text: `Pull requests ${repo.open_pr_counter}`, prefix: `${base}/pulls` });
  if (repo.has_wiki && !repo.external_wiki) items.push({ to: `${base}/wiki`, text: 'Wiki', prefix: `${base}/wiki` });
  if (repo.has_actions) items.push({ to: `${base}/actions`, text: 'Actions', prefix: `${base}/actions` });
  items.push({ to: `${base}/activity`, text: 'Activity' });
  if (repo.mirror) items.push({ to: `${base}/settings/mirror`, text: 'Mirror' });
  if (repo.permissions?.admin) {
    items.push({ to: `${base}/settings/collaboration`, text: 'Collaborators' }, { to: `${base}/settings/hooks`, text: 'Webhooks', prefix: `${base}/settings/hooks` }, { to: `${base}/settings`, text: 'Settings' });
    items.push({ to: `${base}/settings/branches`, text: 'Branch rules' });
    items.push({ to: `${base}/settings/actions/secrets`, text: 'Secrets and variables', prefix: `${base}/settings/actions` });
  }
  return items;
}

/**
 * A renamed or transferred repository's old address: the API answered (following its redirect) with the
 * repository under its new name, so the page moves to the same place under the new address. True while moving.
 */
function useMovedTo(base: string, repo: Repository | null | undefined): boolean {
  const { path, search, navigate } = useRouter();
  const now = repo ? repoPaths(repo.owner.login, repo.name).base : base;
  const moved = now.toLowerCase() !== base.toLowerCase() && path.toLowerCase().startsWith(base.toLowerCase());
  useEffect(() => {
    if (moved) navigate(`${now}${path.slice(base.length)}${search.size ? `?${search.toString()}` : ''}`, { replace: true });
  }, [moved, now, path, base, search, navigate]);
  return moved;
}

/** Loads `owner/name` and renders `children` inside its frame, under the page title `title`. */
export function RepoFrame({ owner, name, title, children }: { owner: string; name: string; title: string; children: ReactNode }) {
  const { api } = useAuth();
  const paths = repoPaths(owner, name);
  const loaded = useLoad(() => api.get<Repository>(paths.api), paths.api);
  const repo = loaded.data;
  const moved = useMovedTo(paths.base, repo);
  if (!repo || moved) {
    return (
      <Page title={`${owner}/${name}`}>
        <ErrorAlert>{loaded.error ?? null}</ErrorAlert>
        {loaded.error ? <p><Link to="/">Back to the start page</Link></p> : <p role="status" className="loading">Loading the repository…</p>}
      </Page>
    );
  }
  return (
    <Page title={`${title} · ${repo.full_name}`} heading={<><Link to={paths.base} className="repo-title">{repo.full_name}</Link> <Badges repo={repo} /></>}
      actions={<div className="repo-actions"><RepoActions repo={repo} /><ForkButton repo={repo} /></div>}>
      {repo.description ? <p className="lead">{repo.description}</p> : null}
      <RepoTopics repo={repo} />
      <CloneUrl url={repo.clone_url} label={`HTTP clone URL of ${repo.full_name}`} />
      <PendingTransfer repo={repo} api={paths.api} replace={loaded.set} />
      <SubNav label="Repository" items={tabs(paths.base, repo)} />
      <RepoContext.Provider value={{ repo, ...paths, reload: loaded.reload, replace: loaded.set }}>{children}</RepoContext.Provider>
    </Page>
  );
}
