/** `/{owner}/{repo}/issues`: the issue list, when the host answers the issues API. */
import { ErrorAlert } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { useRepo } from './repo-context.tsx';

interface IssueSummary { number: number; title: string; state: string; pull_request?: unknown; user?: { login: string } }

/** The issues tab. */
export function IssuesPage() {
  const { api: base, base: ui } = useRepo();
  const issues = useList<IssueSummary>(`${base}/issues`, { state: 'open', type: 'issues' });
  return (
    <section aria-labelledby="issues-title" className="section">
      <h2 id="issues-title">Issues</h2>
      {issues.error ? <ErrorAlert>{issues.error === 'Not found.' ? 'This host does not keep issues yet.' : `The issues could not be listed: ${issues.error}`}</ErrorAlert> : null}
      {!issues.items && !issues.error ? <p role="status" className="loading">Loading issues…</p> : null}
      {issues.items?.length === 0 ? <p className="muted">No open issues.</p> : null}
      {issues.items?.length ? (
        <ul className="plain-list" aria-label="Issues">
          {issues.items.map((i) => <li key={i.number}><Link to={`${ui}/issues/${i.number}`}>#{i.number} {i.title}</Link> <span className="muted">{i.state}</span></li>)}
        </ul>
      ) : null}
      {issues.items ? <Pager list={issues} noun="issues" /> : null}
    </section>
  );
}

