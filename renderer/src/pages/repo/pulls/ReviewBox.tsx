/**
 * Submitting a review of a pull request: a summary and the verdict (comment, approve, request changes). The
 * viewer's pending review (line comments started on the files tab) is submitted with it, or discarded.
 */
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import type { PullRequest } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { TextArea } from '../../../components/Field.tsx';
import { pendingOf, type ReviewThread } from './reviews-data.ts';

const VERDICTS = [
  ['COMMENT', 'Comment', 'Feedback without a verdict.'],
  ['APPROVED', 'Approve', 'The changes may be merged.'],
  ['REQUEST_CHANGES', 'Request changes', 'The changes must be reworked before merging.'],
] as const;

/** The review form; `onDone` reloads the reviews and the merge box. */
export function ReviewBox({ pull, path, threads, onDone }: { pull: PullRequest; path: string; threads: ReviewThread[] | null; onDone(): void }) {
  const { api, state: auth } = useAuth();
  const [event, setEvent] = useState<string>('COMMENT');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (auth.kind !== 'signed-in' || pull.state !== 'open' || pull.merged) return null;
  const mine = pull.user.login === auth.user.login;
  const pending = pendingOf(threads, auth.user.login);
  const send = async (run: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      setBody('');
      setEvent('COMMENT');
      onDone();
    } catch (err) {
      setError(`${failed}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const submit = () => send(
    () => (pending ? api.post(`${path}/reviews/${pending.id}`, { event, body }) : api.post(`${path}/reviews`, { event, body })),
    'The review was not submitted',
  );
  return (
    <section className="card" aria-labelledby="review-box">
      <h3 id="review-box">{pending ? 'Finish your review' : 'Review these changes'}</h3>
      {pending ? <p className="muted">Your pending review holds {pending.comments_count} line comment{pending.comments_count === 1 ? '' : 's'}; only you see it until it is submitted.</p> : null}
      <ErrorAlert>{error}</ErrorAlert>
      <TextArea label="Review summary" name="review-body" rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
      <fieldset className="review-verdicts">
        <legend>Verdict</legend>
        {VERDICTS.map(([value, words, hint]) => {
          const own = mine && value !== 'COMMENT';
          return (
            <label key={value} className="checkbox">
              <input type="radio" name="review-event" value={value} checked={event === value} disabled={own} onChange={() => setEvent(value)} />
              {' '}{words} <span className="muted">{own ? 'You cannot give a verdict on your own pull request.' : hint}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>Submit review</button>
        {pending ? <button type="button" className="btn btn-danger-outline" disabled={busy} onClick={() => void send(() => api.delete(`${path}/reviews/${pending.id}`), 'The pending review was not discarded')}>Discard pending review</button> : null}
      </div>
    </section>
  );
}
