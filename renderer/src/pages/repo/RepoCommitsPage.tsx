/** Commits of a branch, tag or commit (`/commits/{kind}/{ref}`), newest first; the page is kept in the URL. */
import { useParams } from 'react-router';
import type { Commit } from '../../api/types.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useRouter } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { CommitRow } from './CommitRow.tsx';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefPicker } from './RefPicker.tsx';
import { commitsHref, useRepo } from './repo-context.tsx';

/** The Commits tab. */
export function RepoCommitsPage() {
  const { repo, api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const params = useParams();
  const ref = params['*'] || repo.default_branch;
  const commits = useList<Commit>(`${base}/commits`, { sha: ref, stat: false, files: false }, { limit: 30, enabled: !repo.empty });
  if (repo.empty) return <EmptyRepo />;
  return (
    <div>
      <div className="files-bar"><RefPicker value={ref} onChange={(r, k) => navigate(commitsHref(ui, k, r))} /></div>
      <ErrorAlert>{commits.error}</ErrorAlert>
      {!commits.items && !commits.error ? <p role="status" className="loading">Loading commits…</p> : null}
      {commits.items ? <ul className="commit-list card" aria-label={`Commits on ${ref}`} aria-busy={commits.fetching}>{commits.items.map((c) => <CommitRow key={c.sha} c={c} />)}</ul> : null}
      {commits.items ? <Pager list={commits} noun="commits" /> : null}
    </div>
  );
}
