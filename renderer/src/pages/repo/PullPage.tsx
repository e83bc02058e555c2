/**
 * `/{owner}/{repo}/pulls/{n}` with `/commits` and `/files`: the branches, the merge box, and the conversation
 * (the issue page's) with the reviews, the commits (each with its files), or the files changed in the diff view
 * with line comments; the review form on the conversation and files tabs.
 */
import { Fragment, useEffect } from 'react';
import { useParams } from 'react-router';
import { seg } from '../../api/client.ts';
import type { Commit, PullRequest } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad, type Loaded } from '../../use-load.ts';
import { CommitRow } from './CommitRow.tsx';
import { IssuePage } from './IssuePage.tsx';
import { ReviewRequests } from './pulls/ReviewRequests.tsx';
import { MergeBox } from './pulls/MergeBox.tsx';
import { FilesReview } from './pulls/FilesReview.tsx';
import { ReviewBox } from './pulls/ReviewBox.tsx';
import { Reviews } from './pulls/Reviews.tsx';
import { useReviews, type ReviewThread } from './pulls/reviews-data.ts';
import { useRepo } from './repo-context.tsx';
import { StatusIcon } from './StatusIcon.tsx';

export type PullTab = 'conversation' | 'commits' | 'files';

function Commits({ path }: { path: string }) {
  const { api } = useAuth();
  const commits = useLoad(() => api.get<Commit[]>(`${path}/commits`, { query: { limit: 50 } }), `${path}|commits`);
  if (commits.error) return <ErrorAlert>{`The commits could not be listed: ${commits.error}`}</ErrorAlert>;
  if (!commits.data) return <p role="status" className="loading">Loading commits…</p>;
  return (
    <ul className="commit-list card" aria-label="Commits of this pull request">
      {commits.data.map((c) => (
        <Fragment key={c.sha}>
          <CommitRow c={c} />
          <li className="commit-files">
            <ul aria-label={`Files of ${c.sha.slice(0, 10)}`} className="muted">{(c.files ?? []).map((f) => <li key={f.filename}>{f.status} {f.filename}</li>)}</ul>
          </li>
        </Fragment>
      ))}
    </ul>
  );
}

function Files({ path, pull, reviews, onChange }: { path: string; pull: PullRequest; reviews: Loaded<ReviewThread[]>; onChange(): void }) {
  const { api } = useAuth();
  const diff = useLoad(() => api.text(`${path.replace(/\/pulls\/\d+$/, '')}/pulls/${pull.number}.diff`), `${path}|diff`);
  return (
    <>
      <ErrorAlert>{diff.error}</ErrorAlert>
      <ErrorAlert>{reviews.error ? `The reviews could not be loaded: ${reviews.error}` : null}</ErrorAlert>
      {diff.data !== null ? <FilesReview pull={pull} path={path} diff={diff.data} threads={reviews.data} onChange={onChange} /> : <p role="status" className="loading">Loading the changes…</p>}
    </>
  );
}

/** Not a pull request: as Gitea does, `/pulls/{n}` of an issue goes to `/issues/{n}`; otherwise there is none. */
function IssueOrMissing({ index, words }: { index: string; words: string }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const issue = useLoad(() => api.get<unknown>(`${base}/issues/${seg(index)}`), `${base}|issue|${index}`);
  const found = issue.data !== null && issue.data !== undefined;
  useEffect(() => {
    if (found) navigate(`${ui}/issues/${seg(index)}`, { replace: true });
  }, [found, index, ui, navigate]);
  if (issue.error) return <ErrorAlert>{words}</ErrorAlert>;
  return <p role="status" className="loading">Loading the pull request…</p>;
}

/** The pull request page, on tab `tab`. */
export function PullPage({ tab }: { tab: PullTab }) {
  const { api, state: auth } = useAuth();
  const { api: base, base: ui, repo } = useRepo();
  const index = useParams().index ?? '';
  const path = `${base}/pulls/${seg(index)}`;
  const pull = useLoad(() => api.get<PullRequest>(path), `${path}|pull`);
  const reviews = useReviews(path);
  // A review changes the merge box (approvals, change requests) as well as the reviews.
  const changed = () => { reviews.reload(); pull.reload(); };
  const p = pull.data;
  if (!p) {
    const words = pull.error === 'Not found.' ? `There is no pull request #${index} in ${repo.full_name}.` : pull.error ? `Pull request #${index} could not be opened: ${pull.error}` : null;
    return words ? <IssueOrMissing index={index} words={words} /> : <p role="status" className="loading">Loading the pull request…</p>;
  }
  const link = (t: PullTab, words: string) => (
    <Link to={`${ui}/pulls/${p.number}${t === 'conversation' ? '' : `/${t}`}`} className={`btn btn-small${tab === t ? ' btn-primary' : ''}`} aria-current={tab === t ? 'page' : undefined}>{words}</Link>
  );
  // The conversation's title card shows the state already; the other tabs have only this line.
  const branches = (withState: boolean) => (
    <>
      <p className="muted" aria-label="Branches">
        {withState ? <><span className={`badge ${p.merged ? 'badge-muted' : p.state === 'open' ? 'badge-ok' : 'badge-muted'}`}>{p.merged ? 'Merged' : p.state === 'open' ? 'Open' : 'Closed'}</span>{' '}</> : null}
        {p.merged ? `${p.merged_by?.login ?? p.user.login} merged` : `${p.user.login} wants to merge`} <code>{p.head.label}</code> into <code>{p.base.ref}</code> · {p.changed_files} file{p.changed_files === 1 ? '' : 's'}, +{p.additions} −{p.deletions}
        {p.head.sha ? <> · head <code>{p.head.sha.slice(0, 10)}</code> <StatusIcon sha={p.head.sha} /></> : null}
      </p>
      <nav aria-label="Pull request" className="row-actions" style={{ justifyContent: 'flex-start' }}>
        {link('conversation', 'Conversation')}{link('commits', 'Commits')}{link('files', 'Files changed')}
      </nav>
    </>
  );
  // Gitea lets writers of pull requests and the poster ask for reviews.
  const me = auth.kind === 'signed-in' ? auth.user : null;
  const canRequest = me !== null && (Boolean(repo.permissions?.push) || me.is_admin || me.id === p.user.id);
  if (tab === 'conversation') {
    // As on the issue page and in Gitea: the title card first, then the conversation; the reviews, the merge box
    // and the review form follow the timeline, before the comment form.
    return (
      <IssuePage key={`${index}|${p.state}`} belowTitle={branches(false)} sidebarTop={<ReviewRequests pull={p} path={path} canRequest={canRequest} onChange={() => pull.reload()} />} beforeComment={
        <>
          {reviews.data ? <Reviews threads={reviews.data} pull={p} path={path} onChange={changed} /> : null}
          {p.state === 'open' && !p.merged ? <MergeBox pull={p} repo={repo} path={path} onMerged={() => pull.reload()} /> : null}
          <ReviewBox pull={p} path={path} threads={reviews.data} onDone={changed} />
        </>
      } />
    );
  }
  return (
    <div>
      <h2 id="pull-title">{p.title} <span className="muted">#{p.number}</span></h2>
      {branches(true)}
      {tab === 'files' ? <ReviewBox pull={p} path={path} threads={reviews.data} onDone={changed} /> : null}
      {tab === 'commits' ? <Commits path={path} /> : <Files path={path} pull={p} reviews={reviews} onChange={changed} />}
    </div>
  );
}
