/** `/{owner}/{repo}/pulls`: open/closed pull requests, newest first or by recent update, paged; a link to open one. */
import { useSearchParams } from 'react-router';
import type { PullRequest } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Select } from '../../components/Field.tsx';
import { Pager } from '../../components/Pager.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { LabelChip } from './issues/LabelChip.tsx';
import { useRepo } from './repo-context.tsx';
import { StatusIcon } from './StatusIcon.tsx';

/** The pull requests tab. */
export function PullsPage() {
  const { state: auth } = useAuth();
  const { api: base, base: ui } = useRepo();
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === 'closed' ? 'closed' : 'open';
  const sort = params.get('sort') ?? '';
  const pulls = useList<PullRequest>(`${base}/pulls`, { state, ...(sort ? { sort } : {}) });
  const tab = (s: 'open' | 'closed', words: string) => (
    <Link to={`${ui}/pulls?state=${s}${sort ? `&sort=${sort}` : ''}`} className={`btn btn-small${state === s ? ' btn-primary' : ''}`} aria-current={state === s ? 'page' : undefined}>{words}</Link>
  );
  return (
    <section aria-labelledby="pulls-title" className="section">
      <div className="row-actions" style={{ justifyContent: 'space-between' }}>
        <h2 id="pulls-title">Pull requests</h2>
        {auth.kind === 'signed-in' ? <Link to={`${ui}/pulls/new`} className="btn btn-small btn-primary">New pull request</Link> : null}
      </div>
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        <nav aria-label="Pull request state" className="row-actions">{tab('open', 'Open')}{tab('closed', 'Closed')}</nav>
        <Select label="Sort" name="sort" value={sort} onChange={(e) => setParams({ state, ...(e.target.value ? { sort: e.target.value } : {}) })}>
          <option value="">Newest</option>
          <option value="oldest">Oldest</option>
          <option value="recentupdate">Recently updated</option>
          <option value="mostcomment">Most comments</option>
        </Select>
      </div>
      {pulls.error ? <ErrorAlert>{pulls.error === 'Not found.' ? 'This repository does not take pull requests.' : `The pull requests could not be listed: ${pulls.error}`}</ErrorAlert> : null}
      {!pulls.items && !pulls.error ? <p role="status" className="loading">Loading pull requests…</p> : null}
      {pulls.items?.length === 0 ? <p className="muted">No {state} pull requests.</p> : null}
      {pulls.items?.length ? (
        <ul className="plain-list" aria-label={`${state === 'open' ? 'Open' : 'Closed'} pull requests`}>
          {pulls.items.map((p) => (
            <li key={p.number} className="issue-row">
              <Link to={`${ui}/pulls/${p.number}`}>{p.title}</Link>{p.head.sha ? <> <StatusIcon sha={p.head.sha} /></> : null}
              <span className="label-list">{p.labels.map((l) => <LabelChip key={l.id} label={l} />)}</span>
              <span className="muted">
                #{p.number} {p.merged ? 'merged' : 'opened'} <When iso={p.merged_at ?? p.created_at} /> by {p.user.login} · {p.head.label} → {p.base.ref}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pulls.items ? <Pager list={pulls} noun="pull requests" /> : null}
    </section>
  );
}
