/** `/{owner}/{repo}/labels`: the repository's labels; create, edit and delete them. */
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import type { Label } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { Link } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { CreateLabelOption } from '../../../../server/structs/issue-label.ts';
import { LabelChip, byScope } from './issues/LabelChip.tsx';
import { useRepo } from './repo-context.tsx';

const EXCLUSIVE_HINT = 'Name it "scope/name" (e.g. priority/high): an issue then carries at most one label of that scope; adding another replaces it.';

const labelSchema = CreateLabelOption.pick({ name: true, color: true, description: true, exclusive: true });
type LabelValues = { name: string; color: string; description: string; exclusive: boolean };

function LabelForm({ label, onDone, onCancel }: { label?: Label; onDone(words: string): void; onCancel?: () => void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const fresh: LabelValues = { name: '', color: '#2f6fd6', description: '', exclusive: false };
  const form = useApiForm<LabelValues>(labelSchema, label
    ? { name: label.name, color: `#${label.color.replace('#', '')}`, description: label.description, exclusive: label.exclusive }
    : fresh, 'name');
  const onSubmit = form.submit(async (values) => {
    const body = { ...values, name: values.name.trim() };
    if (label) await api.patch(`${base}/labels/${label.id}`, body);
    else await api.post(`${base}/labels`, body);
    onDone(label ? `Saved label ${body.name}.` : `Created label ${body.name}.`);
    if (!label) form.reset(fresh);
  });
  const busy = form.formState.isSubmitting;
  const title = label ? `Edit label ${label.name}` : 'New label';
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-label={title}>
      {label ? null : <h3>{title}</h3>}
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Label name" {...form.field('name')} />
        <Field label="Color" type="color" {...form.field('color')} />
        <Field label="Label description" {...form.field('description')} />
      </div>
      <Checkbox label="Exclusive scope" hint={EXCLUSIVE_HINT} {...form.field('exclusive')} />
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{label ? 'Save label' : 'Create label'}</button>
        {onCancel ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

/** The labels page. */
export function LabelsPage() {
  const { api } = useAuth();
  const { api: base, base: ui, repo } = useRepo();
  const labels = useLoad(() => api.get<Label[]>(`${base}/labels`, { query: { limit: 100 } }), `${base}|labels`);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = Boolean(repo.permissions?.push);
  const done = (words: string) => { setNotice(words); setError(null); setEditing(null); labels.reload(); };
  return (
    <section aria-labelledby="labels-title" className="section">
      <h2 id="labels-title">Labels</h2>
      <p className="hint">{EXCLUSIVE_HINT}</p>
      <Notice>{notice}</Notice>
      <ErrorAlert>{error ?? labels.error}</ErrorAlert>
      {canEdit ? <LabelForm onDone={done} /> : null}
      {labels.data?.length === 0 ? <p className="muted">No labels yet.</p> : null}
      {byScope(labels.data ?? []).map(([scope, ls]) => (
        <div key={scope} className={scope ? 'scope-group' : undefined} role="group" aria-label={scope ? `Scope ${scope} (exclusive)` : 'Labels without a scope'}>
          {scope ? <p className="muted">Scope <strong>{scope}</strong>: one per issue</p> : null}
          <ul className="plain-list">
            {ls.map((l) => (
              <li key={l.id}>
                {editing === l.id ? <LabelForm label={l} onDone={done} onCancel={() => setEditing(null)} /> : (
                  <div className="issue-row">
                    <LabelChip label={l} />
                    <span className="muted">{l.description}</span>
                    <Link to={`${ui}/issues?labels=${encodeURIComponent(l.name)}`}>Issues <span className="visually-hidden">labelled {l.name}</span></Link>
                    {canEdit ? (
                      <span className="row-actions">
                        <button type="button" className="btn btn-small" onClick={() => setEditing(l.id)}>Edit <span className="visually-hidden">{l.name}</span></button>
                        <ConfirmButton label={`Delete label ${l.name}`} question={`Delete ${l.name}? It is removed from every issue.`} confirmLabel="Delete"
                          onConfirm={() => api.delete(`${base}/labels/${l.id}`).then(() => done(`Deleted label ${l.name}.`), (err: unknown) => setError(`The label was not deleted: ${errorText(err)}`))}>Delete</ConfirmButton>
                      </span>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
