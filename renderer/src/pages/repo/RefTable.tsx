/** A table of branches or tags: name, commit, time, and links to the files and history at it. */
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { commitHref, commitsHref, srcHref, useRepo, type RefKind } from './repo-context.tsx';
import { StatusIcon } from './StatusIcon.tsx';

export interface RefRow { name: string; sha: string; when: string; extra?: string }

/** The rows as a table, or "None yet." */
export function RefTable({ caption, kind, rows }: { caption: string; kind: RefKind; rows: RefRow[] }) {
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
              <td><Link to={commitHref(base, r.sha)}><code>{r.sha.slice(0, 10)}</code></Link> <StatusIcon sha={r.sha} /></td>
              <td className="muted"><When iso={r.when} /></td>
              <td>
                <div className="row-actions">
                  <Link className="btn btn-small" to={srcHref(base, kind, r.name)} aria-label={`Files at ${r.name}`}>Files</Link>
                  <Link className="btn btn-small" to={commitsHref(base, kind, r.name)} aria-label={`Commits of ${r.name}`}>Commits</Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
