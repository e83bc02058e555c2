/** `/{owner}/{repo}/issues/{n}` and `/pulls/{n}`: one issue or pull request, when the host answers the issues API. */
import { useParams } from 'react-router';
import { seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepo } from './repo-context.tsx';

interface Issue { number: number; title: string; body: string; state: string; user?: { login: string }; created_at: string; comments?: number }

/** The issue page. */
export function IssuePage() {
  const { api } = useAuth();
  const { api: base, repo } = useRepo();
  const index = useParams().index ?? '';
  const issue = useLoad(() => api.get<Issue>(`${base}/issues/${seg(index)}`), `${base}|issue|${index}`);
  const i = issue.data;
  if (!i) {
    const words = issue.error === 'Not found.' ? `There is no issue #${index} in ${repo.full_name}, or this host does not keep issues yet.` : issue.error ? `Issue #${index} could not be opened: ${issue.error}` : null;
    return <>{words ? <ErrorAlert>{words}</ErrorAlert> : <p role="status" className="loading">Loading the issue…</p>}</>;
  }
  return (
    <article className="card" aria-labelledby="issue-title">
      <h2 id="issue-title">{i.title} <span className="muted">#{i.number}</span></h2>
      <p className="muted"><span className="badge">{i.state}</span> opened by {i.user?.login ?? 'someone'} <When iso={i.created_at} />{i.comments ? `, ${i.comments} comments` : ''}</p>
      {i.body ? <pre className="commit-body">{i.body}</pre> : <p className="muted">No description.</p>}
    </article>
  );
}
