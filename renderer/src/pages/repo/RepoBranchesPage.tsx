/** Branches and tags of a repository, each with its commit and links to its files and history. */
import type { Branch, Tag } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { useRepo } from './repo-context.tsx';

function RefTable({ caption, rows }: { caption: string; rows: { name: string; sha: string; when: string; extra?: string }[] }) {
  const { base } = useRepo();
  if (rows.length === 0) return <p className="muted">None yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Commit</th><th scope="col">Updated</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}{r.extra ? <span className="badge badge-muted badge-gap">{r.extra}</span> : null}</th>
              <td><code>{r.sha.slice(0, 10)}</code></td>
              <td className="muted"><When iso={r.when} /></td>
              <td>
                <div className="row-actions">
                  <Link className="btn btn-small" to={`${base}?ref=${encodeURIComponent(r.name)}`} aria-label={`Files at ${r.name}`}>Files</Link>
                  <Link className="btn btn-small" to={`${base}/commits?ref=${encodeURIComponent(r.name)}`} aria-label={`Commits of ${r.name}`}>Commits</Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Branches and tags tab. */
export function RepoBranchesPage() {
  const { api } = useAuth();
  const { repo, api: base } = useRepo();
  const refs = useLoad(async () => {
    const [branches, tags] = await Promise.all([api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } }), api.get<Tag[]>(`${base}/tags`, { query: { limit: 100 } })]);
    return { branches, tags };
  }, base);
  if (repo.empty) return <EmptyRepo />;
  return (
    <div>
      <ErrorAlert>{refs.error}</ErrorAlert>
      {!refs.data && !refs.error ? <p role="status" className="loading">Loading branches and tags…</p> : null}
      {refs.data ? (
        <>
          <section aria-labelledby="branches-title" className="section">
            <h2 id="branches-title">Branches</h2>
            <RefTable caption="Branches" rows={refs.data.branches.map((b) => ({ name: b.name, sha: b.commit.id, when: b.commit.timestamp, ...(b.name === repo.default_branch ? { extra: 'default' } : {}) }))} />
          </section>
          <section aria-labelledby="tags-title" className="section">
            <h2 id="tags-title">Tags</h2>
            <RefTable caption="Tags" rows={refs.data.tags.map((t) => ({ name: t.name, sha: t.commit.sha, when: t.commit.created }))} />
            {refs.data.tags.length === 0 ? <p className="hint">Create one with <code>git tag v1.0 &amp;&amp; git push origin v1.0</code>.</p> : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
