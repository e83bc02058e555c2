/** One commit: its message, author, parents and stats, and its diff (the host's `.diff`), split or unified. */
import { seg } from '../../api/client.ts';
import type { Commit } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { DiffView } from '../../components/code/DiffView.tsx';
import { Link } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepo } from './repo-context.tsx';

/** A short commit id linked to its page. */
export function ShaLink({ sha, base }: { sha: string; base: string }) {
  return <Link to={`${base}/commit/${sha}`} className="sha-link" title={sha}><code>{sha.slice(0, 10)}</code></Link>;
}

/** The commit page at `/{owner}/{repo}/commit/{sha}`. */
export function CommitPage({ sha }: { sha: string }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const commit = useLoad(() => api.get<Commit>(`${base}/git/commits/${seg(sha)}`), `${base}|${sha}`);
  const diff = useLoad(() => api.text(`${base}/git/commits/${seg(sha)}.diff`), `${base}|${sha}|diff`);
  const c = commit.data;
  const [subject, ...rest] = (c?.commit.message ?? '').trim().split('\n');
  const body = rest.join('\n').trim();
  return (
    <div className="commit-page">
      <ErrorAlert>{commit.error ?? diff.error}</ErrorAlert>
      {c ? (
        <section className="card commit-head" aria-labelledby="commit-subject">
          <h2 id="commit-subject">{subject}</h2>
          {body ? <pre className="commit-body">{body}</pre> : null}
          <p className="muted">
            {c.commit.author.name} authored <When iso={c.commit.author.date} />
            {c.commit.committer.name !== c.commit.author.name ? <>, {c.commit.committer.name} committed</> : null}
          </p>
          <dl className="commit-facts">
            <dt>Commit</dt><dd><code className="commit-sha-full">{c.sha}</code></dd>
            {c.parents.length ? <><dt>{c.parents.length > 1 ? 'Parents' : 'Parent'}</dt><dd>{c.parents.map((p) => <ShaLink key={p.sha} sha={p.sha} base={ui} />)}</dd></> : null}
            {c.stats ? <><dt>Changes</dt><dd>{c.files?.length ?? 0} files, <span className="added">+{c.stats.additions}</span> <span className="removed">−{c.stats.deletions}</span></dd></> : null}
          </dl>
          <p className="commit-links">
            <Link to={`${ui}?ref=${encodeURIComponent(c.sha)}`}>Browse files at this commit</Link>
          </p>
        </section>
      ) : !commit.error ? <p role="status" className="loading">Loading the commit…</p> : null}
      {diff.data !== null ? <DiffView diff={diff.data} label={`Changes in ${sha.slice(0, 10)}`} /> : null}
    </div>
  );
}
