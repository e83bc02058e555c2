/** `/{owner}/{repo}/milestones`: open and closed milestones with their progress; create, edit, close, delete. */
import { useState } from 'react';
import { z } from 'zod';
import { errorText } from '../../api/client.ts';
import { CreateMilestoneOption } from '../../../../server/structs/issue-label.ts';
import type { Milestone } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { Link } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';

/** The title and description as the API takes them; the due date as the date field gives it (a day). */
const milestoneSchema = CreateMilestoneOption.pick({ title: true, description: true }).extend({ due: z.string().optional() });
type MilestoneValues = { title: string; description: string; due: string };

function MilestoneForm({ milestone, onDone, onCancel }: { milestone?: Milestone; onDone(words: string): void; onCancel?: () => void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const fresh: MilestoneValues = { title: '', description: '', due: '' };
  const form = useApiForm<MilestoneValues>(milestoneSchema, milestone
    ? { title: milestone.title, description: milestone.description, due: milestone.due_on?.slice(0, 10) ?? '' }
    : fresh, 'title', { due_on: 'due' });
  const onSubmit = form.submit(async ({ title, description, due }) => {
    const body = { title: title.trim(), description, due_on: due ? `${due}T23:59:59Z` : milestone ? null : undefined };
    if (milestone) await api.patch(`${base}/milestones/${milestone.id}`, body);
    else await api.post(`${base}/milestones`, body);
    onDone(milestone ? `Saved milestone ${body.title}.` : `Created milestone ${body.title}.`);
    if (!milestone) form.reset(fresh);
  });
  const busy = form.formState.isSubmitting;
  const heading = milestone ? `Edit milestone ${milestone.title}` : 'New milestone';
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-label={heading}>
      {milestone ? null : <h3>{heading}</h3>}
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Milestone title" {...form.field('title')} />
        <Field label="Due date" type="date" {...form.field('due')} />
      </div>
      <TextArea label="Milestone description" rows={3} {...form.field('description')} />
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{milestone ? 'Save milestone' : 'Create milestone'}</button>
        {onCancel ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

/** The milestones page. */
export function MilestonesPage() {
  const { api } = useAuth();
  const { api: base, base: ui, repo } = useRepo();
  const all = useLoad(() => api.get<Milestone[]>(`${base}/milestones`, { query: { state: 'all', limit: 100 } }), `${base}|milestones`);
  const [show, setShow] = useState<'open' | 'closed'>('open');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = Boolean(repo.permissions?.push);
  const done = (words: string) => { setNotice(words); setError(null); setEditing(null); all.reload(); };
  const act = (what: Promise<unknown>, words: string, failed: string) => what.then(() => done(words), (err: unknown) => setError(`${failed}: ${errorText(err)}`));
  const count = (s: string) => all.data?.filter((m) => m.state === s).length ?? 0;
  return (
    <section aria-labelledby="milestones-title" className="section">
      <h2 id="milestones-title">Milestones</h2>
      <Notice>{notice}</Notice>
      <ErrorAlert>{error ?? all.error}</ErrorAlert>
      {canEdit ? <MilestoneForm onDone={done} /> : null}
      <div className="row-actions" style={{ justifyContent: 'flex-start' }} role="group" aria-label="Milestone state">
        {(['open', 'closed'] as const).map((s) => (
          <button key={s} type="button" className="btn btn-small" aria-pressed={show === s} onClick={() => setShow(s)}>{count(s)} {s === 'open' ? 'Open' : 'Closed'}</button>
        ))}
      </div>
      {all.data && count(show) === 0 ? <p className="muted">No {show} milestones.</p> : null}
      <ul className="plain-list" aria-label={`${show === 'open' ? 'Open' : 'Closed'} milestones`}>
        {all.data?.filter((m) => m.state === show).map((m) => {
          const total = m.open_issues + m.closed_issues;
          const pct = total ? Math.round((m.closed_issues / total) * 100) : 0;
          return (
            <li key={m.id} className="card">
              {editing === m.id ? <MilestoneForm milestone={m} onDone={done} onCancel={() => setEditing(null)} /> : (
                <>
                  <h3><Link to={`${ui}/issues?state=open&milestones=${encodeURIComponent(m.title)}`}>{m.title}</Link></h3>
                  <p>
                    <span className="progress-bar" role="img" aria-label={`${pct}% complete`}><span style={{ width: `${pct}%` }} /></span>{' '}
                    {pct}% · {m.open_issues} open · {m.closed_issues} closed{m.due_on ? ` · due ${m.due_on.slice(0, 10)}` : ''}
                  </p>
                  {m.description ? <p className="muted">{m.description}</p> : null}
                  {canEdit ? (
                    <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
                      <button type="button" className="btn btn-small" onClick={() => setEditing(m.id)}>Edit <span className="visually-hidden">{m.title}</span></button>
                      <button type="button" className="btn btn-small" onClick={() => void act(api.patch(`${base}/milestones/${m.id}`, { state: m.state === 'open' ? 'closed' : 'open' }), m.state === 'open' ? `Closed ${m.title}.` : `Reopened ${m.title}.`, 'The milestone was not changed')}>
                        {m.state === 'open' ? 'Close' : 'Reopen'} <span className="visually-hidden">{m.title}</span>
                      </button>
                      <ConfirmButton label={`Delete milestone ${m.title}`} question={`Delete ${m.title}? Its issues stay, without a milestone.`} confirmLabel="Delete"
                        onConfirm={() => act(api.delete(`${base}/milestones/${m.id}`), `Deleted milestone ${m.title}.`, 'The milestone was not deleted')}>Delete</ConfirmButton>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
