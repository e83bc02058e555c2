/**
 * The files tab of a pull request with line comments: a click on a line of the diff (or "Comment on a line")
 * opens a comment form under that file; the comment is sent as a single comment (a COMMENT review of its own) or
 * joins the viewer's pending review. The line comments already made show under each file.
 */
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import type { PullRequest } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Field, Select, TextArea } from '../../../components/Field.tsx';
import { DiffView, type DiffLine } from '../../../components/code/DiffView.tsx';
import { Markdown } from '../../../components/code/Markdown.tsx';
import { useRepo } from '../repo-context.tsx';
import { isOutdated, lineWords, pendingOf, type ReviewThread } from './reviews-data.ts';

interface ComposerProps { target: DiffLine; pull: PullRequest; path: string; pendingId: number | null; onClose(): void; onSent(): void }

function Composer({ target, pull, path, pendingId, onClose, onSent }: ComposerProps) {
  const { api } = useAuth();
  const [side, setSide] = useState(target.side);
  const [line, setLine] = useState(String(target.line));
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: 'COMMENT' | 'PENDING') => {
    const n = Number.parseInt(line, 10);
    if (!Number.isInteger(n) || n < 1) { setError('The line number must be a whole number from 1.'); return; }
    if (!body.trim()) { setError('Write the comment first.'); return; }
    setBusy(true);
    setError(null);
    try {
      const comment = { path: target.path, body, ...(side === 'new' ? { new_position: n } : { old_position: n }) };
      await api.post(`${path}/reviews`, { event, commit_id: pull.head.sha, body: '', comments: [comment] });
      onSent();
    } catch (err) {
      setError(`The comment was not saved: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card line-composer" aria-label={`Comment on ${target.path}`} onSubmit={(e) => { e.preventDefault(); void send(pendingId ? 'PENDING' : 'COMMENT'); }}>
      <ErrorAlert>{error}</ErrorAlert>
      <div className="filter-bar">
        <Select label="Side" name="side" value={side} onChange={(e) => setSide(e.target.value === 'old' ? 'old' : 'new')}>
          <option value="new">New file</option>
          <option value="old">Old file</option>
        </Select>
        <Field label="Line" name="line" inputMode="numeric" value={line} onChange={(e) => setLine(e.target.value)} />
      </div>
      <TextArea label={`Comment on ${target.path} line ${line}`} name="line-comment" rows={3} value={body} autoFocus onChange={(e) => setBody(e.target.value)} />
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        {pendingId ? <button type="submit" className="btn btn-small btn-primary" disabled={busy}>Add review comment</button> : <>
          <button type="submit" className="btn btn-small" disabled={busy}>Add single comment</button>
          <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void send('PENDING')}>Start a review</button>
        </>}
        <button type="button" className="btn btn-small" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}

/** The files changed, with line comments. */
export function FilesReview({ pull, path, diff, threads, onChange }: { pull: PullRequest; path: string; diff: string; threads: ReviewThread[] | null; onChange(): void }) {
  const { state: auth } = useAuth();
  const { base } = useRepo();
  const [target, setTarget] = useState<DiffLine | null>(null);
  const canComment = auth.kind === 'signed-in' && pull.state === 'open' && !pull.merged;
  const pending = pendingOf(threads, auth.kind === 'signed-in' ? auth.user.login : undefined);
  const comments = (threads ?? []).flatMap((t) => t.comments.map((c) => ({ c, who: t.review.user?.login ?? '', pending: t.review.state === 'PENDING' })));
  const slot = (file: string) => {
    const here = comments.filter((x) => x.c.path === file);
    return (
      <div className="file-notes">
        {here.length ? (
          <ul className="plain-list review-comments" aria-label={`Line comments on ${file}`}>
            {here.map(({ c, who, pending: p }) => (
              <li key={c.id} className="review-comment">
                <p className="muted">
                  <strong>{who}</strong> on {lineWords(c)}{' '}
                  <span className="badges">
                    {p ? <span className="badge badge-muted">Pending</span> : null}
                    {isOutdated(c, pull.head.sha) ? <span className="badge badge-muted">Outdated</span> : null}
                    {c.resolver ? <span className="badge badge-ok">Resolved by {c.resolver.login}</span> : null}
                  </span>
                </p>
                <Markdown text={c.body} mode="comment" context={base} label={`Comment by ${who} on ${file} ${lineWords(c)}`} />
              </li>
            ))}
          </ul>
        ) : null}
        {canComment && target?.path === file ? (
          <Composer key={`${target.side}|${target.line}`} target={target} pull={pull} path={path} pendingId={pending?.id ?? null} onClose={() => setTarget(null)} onSent={() => { setTarget(null); onChange(); }} />
        ) : canComment ? <button type="button" className="btn btn-small" onClick={() => setTarget({ path: file, side: 'new', line: 1 })}>Comment on a line of {file}</button> : null}
      </div>
    );
  };
  return <DiffView diff={diff} label="Files changed" onLine={canComment ? setTarget : undefined} fileSlot={slot} />;
}
