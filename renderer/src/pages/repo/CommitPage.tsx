/**
 * One commit (`/{owner}/{repo}/commit/{sha}`): message, author, parents and the files it changed. The diff of
 * each file goes in <CommitDiff>, below the file list.
 */
import { useParams } from 'react-router';
import { seg } from '../../api/client.ts';
import type { Commit } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { DiffView } from '../../components/code/DiffView.tsx';
import { Link } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { commitHref, srcHref, useRepo } from './repo-context.tsx';

type FullCommit = Commit & { files?: { filename: string; status: string }[] | null; stats?: { additions: number; deletions: number; total: number } | null; parents?: { sha: string }[] };

/** The commit's diff (the host's `.diff`), split or unified. */
export function CommitDiff({ commit }: { commit: FullCommit }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const diff = useLoad(() => api.text(`${base}/git/commits/${seg(commit.sha)}.diff`), `${base}|${commit.sha}|diff`);
  return <><ErrorAlert>{diff.error}</ErrorAlert>{diff.data !== null ? <DiffView diff={diff.data} label={`Changes in ${commit.sha.slice(0, 10)}`} /> : null}</>;
}

/** The commit page. */
export function CommitPage() {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const sha = useParams().sha ?? '';
  const c = useLoad(() => api.get<FullCommit>(`${base}/git/commits/${seg(sha)}`, { query: { stat: true, files: true } }), `${base}|commit|${sha}`);
  const commit = c.data;
  if (!commit) return <><ErrorAlert>{c.error ? `The commit ${sha} could not be opened: ${c.error}` : null}</ErrorAlert>{c.error ? null : <p role="status" className="loading">Loading the commit…</p>}</>;
  const [subject, ...rest] = commit.commit.message.trim().split('\n');
  return (
    <section className="card commit-page" aria-labelledby="commit-title">
      <h2 id="commit-title">{subject}</h2>
      {rest.join('\n').trim() ? <pre className="commit-body">{rest.join('\n').trim()}</pre> : null}
      <dl className="facts">
        <dt>Commit</dt><dd><code>{commit.sha}</code> (<Link to={srcHref(ui, 'commit', commit.sha)}>browse files</Link>)</dd>
        <dt>Author</dt><dd>{commit.commit.author.name} &lt;{commit.commit.author.email}&gt;, <When iso={commit.commit.author.date} /></dd>
        {commit.commit.committer.name !== commit.commit.author.name ? <><dt>Committer</dt><dd>{commit.commit.committer.name}, <When iso={commit.commit.committer.date} /></dd></> : null}
        <dt>Parents</dt><dd>{commit.parents?.length ? commit.parents.map((p) => <Link key={p.sha} to={commitHref(ui, p.sha)}><code>{p.sha.slice(0, 10)}</code> </Link>) : 'none (the first commit)'}</dd>
        {commit.stats ? <><dt>Changes</dt><dd>{commit.stats.additions} addition{commit.stats.additions === 1 ? '' : 's'}, {commit.stats.deletions} deletion{commit.stats.deletions === 1 ? '' : 's'}</dd></> : null}
      </dl>
      <h3>Changed files ({commit.files?.length ?? 0})</h3>
      <ul className="plain-list changed-files" aria-label="Changed files">
        {(commit.files ?? []).map((f) => <li key={f.filename}><span className="badge badge-muted">{f.status}</span> {f.status === 'removed' ? f.filename : <Link to={srcHref(ui, 'commit', commit.sha, f.filename)}>{f.filename}</Link>}</li>)}
      </ul>
      <CommitDiff commit={commit} />
    </section>
  );
}
