/** Commits of a branch or tag, newest first, paged. */
import { useState } from 'react';
import type { Commit } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefPicker } from './RefPicker.tsx';
import { ShaLink } from './CommitPage.tsx';
import { useRepo } from './repo-context.tsx';

const PAGE = 30;

function CommitRow({ c, base }: { c: Commit; base: string }) {
  const [subject, ...rest] = c.commit.message.trim().split('\n');
  const body = rest.join('\n').trim();
  return (
    <li className="commit">
      <div className="commit-main">
        <span className="commit-subject">{subject}</span>
        {body ? <details><summary>More</summary><pre className="commit-body">{body}</pre></details> : null}
        <span className="muted commit-meta">{c.commit.author.name} committed <When iso={c.commit.author.date} /></span>
      </div>
      <ShaLink sha={c.sha} base={base} />
    </li>
  );
}

/** The Commits tab: `?ref=` (default branch when absent). */
export function RepoCommitsPage() {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const { search, navigate } = useRouter();
  const ref = search.get('ref') || repo.default_branch;
  const [page, setPage] = useState(1);
  const commits = useLoad(async () => {
    if (repo.empty) return { list: [] as Commit[], more: false };
    const res = await api.request<Commit[]>('GET', `${base}/commits`, { query: { sha: ref, page, limit: PAGE, stat: false, files: false } });
    return { list: res.data, more: res.headers.get('X-HasMore') === 'true' || res.data.length === PAGE };
  }, `${base}|${ref}|${page}|${repo.empty}`);
  if (repo.empty) return <EmptyRepo />;
  return (
    <div>
      <div className="files-bar"><RefPicker value={ref} onChange={(r) => { setPage(1); navigate(`${ui}/commits?ref=${encodeURIComponent(r)}`); }} /></div>
      <ErrorAlert>{commits.error}</ErrorAlert>
      {!commits.data && !commits.error ? <p role="status" className="loading">Loading commits…</p> : null}
      {commits.data ? <ul className="commit-list card" aria-label={`Commits on ${ref}`}>{commits.data.list.map((c) => <CommitRow key={c.sha} c={c} base={ui} />)}</ul> : null}
      {commits.data && (page > 1 || commits.data.more) ? (
        <nav aria-label="Pages" className="pager">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</button>
          <span>Page {page}</span>
          <button type="button" className="btn btn-small" disabled={!commits.data.more} onClick={() => setPage(page + 1)}>Older</button>
        </nav>
      ) : null}
    </div>
  );
}
