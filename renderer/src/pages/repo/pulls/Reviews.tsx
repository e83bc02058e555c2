/**
 * The reviews of a pull request in its conversation: who approved, requested changes or commented, with the
 * summary and the line comments (outdated when made on an older head, resolved when someone resolved them).
 * Repository administrators dismiss an approval or change request with a message, or take the dismissal back.
 */
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import type { PullRequest, PullReview } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Field } from '../../../components/Field.tsx';
import { Markdown } from '../../../components/code/Markdown.tsx';
import { When } from '../../../components/When.tsx';
import { useRepo } from '../repo-context.tsx';
import { isOutdated, lineWords, reviewWords, type ReviewThread } from './reviews-data.ts';

function Dismiss({ review, path, onDone }: { review: PullReview; path: string; onDone(): void }) {
  const { api } = useAuth();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const who = review.user?.login ?? 'a team';
  const run = async (undo: boolean) => {
    setError(null);
    try {
      if (undo) await api.post(`${path}/reviews/${review.id}/undismissals`);
      else await api.post(`${path}/reviews/${review.id}/dismissals`, { message });
      setOpen(false);
      onDone();
    } catch (err) {
      setError(`The review was not ${undo ? 'restored' : 'dismissed'}: ${errorText(err)}`);
    }
  };
  if (review.dismissed) {
    return <><ErrorAlert>{error}</ErrorAlert><button type="button" className="btn btn-small" onClick={() => void run(true)}>Restore the review of {who}</button></>;
  }
  if (!open) return <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setOpen(true)}>Dismiss the review of {who}</button>;
  return (
    <div className="filter-bar">
      <ErrorAlert>{error}</ErrorAlert>
      <Field label="Why is it dismissed?" name="dismiss-message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button type="button" className="btn btn-small btn-danger" onClick={() => void run(false)}>Dismiss review</button>
      <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>Cancel</button>
    </div>
  );
}

/** One review with its line comments. */
export function ReviewCard({ thread, pull, path, canDismiss, onChange }: { thread: ReviewThread; pull: PullRequest; path: string; canDismiss: boolean; onChange(): void }) {
  const { base } = useRepo();
  const r = thread.review;
  const who = r.user?.login ?? r.team?.name ?? 'someone';
  const open = pull.state === 'open' && !pull.merged;
  return (
    <article className={`card review review-${r.state.toLowerCase()}`} aria-label={`Review by ${who}`} id={`review-${r.id}`}>
      <p className="muted">
        <strong>{who}</strong> {reviewWords(r)} <When iso={r.submitted_at} />{' '}
        <span className="badges">
          {r.official ? <span className="badge badge-ok">Official</span> : null}
          {r.stale ? <span className="badge badge-muted">Outdated</span> : null}
          {r.dismissed ? <span className="badge badge-warn">Dismissed</span> : null}
        </span>
      </p>
      {r.body ? <Markdown text={r.body} mode="comment" context={base} label={`Summary of the review by ${who}`} /> : null}
      {thread.comments.length ? (
        <ul className="plain-list review-comments" aria-label={`Line comments of the review by ${who}`}>
          {thread.comments.map((c) => (
            <li key={c.id} className="review-comment">
              <p className="muted">
                <code>{c.path}</code> {lineWords(c)}{' '}
                <span className="badges">
                  {isOutdated(c, pull.head.sha) ? <span className="badge badge-muted">Outdated</span> : null}
                  {c.resolver ? <span className="badge badge-ok">Resolved by {c.resolver.login}</span> : null}
                </span>
              </p>
              <Markdown text={c.body} mode="comment" context={base} label={`Comment on ${c.path} ${lineWords(c)}`} />
            </li>
          ))}
        </ul>
      ) : null}
      {canDismiss && open && (r.state === 'APPROVED' || r.state === 'REQUEST_CHANGES') ? <Dismiss review={r} path={path} onDone={onChange} /> : null}
    </article>
  );
}

/** The reviews section of the conversation. */
export function Reviews({ threads, pull, path, onChange }: { threads: ReviewThread[]; pull: PullRequest; path: string; onChange(): void }) {
  const { repo } = useRepo();
  if (!threads.length) return null;
  return (
    <section aria-labelledby="reviews-title" className="section">
      <h3 id="reviews-title">Reviews</h3>
      {threads.map((t) => <ReviewCard key={t.review.id} thread={t} pull={pull} path={path} canDismiss={Boolean(repo.permissions?.admin)} onChange={onChange} />)}
    </section>
  );
}
