/** `/{owner}/{repo}/issues/new`: title, body, labels, milestone and assignees. */
import { useState } from 'react';
import type { Issue } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { FormError } from '../../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useSubmit } from '../../use-submit.ts';
import { byScope, pickLabel } from './issues/LabelChip.tsx';
import { useIssueMeta } from './IssuesPage.tsx';
import { useRepo } from './repo-context.tsx';

/** The new-issue form. */
export function IssueNewPage() {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const meta = useIssueMeta();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [labels, setLabels] = useState<number[]>([]);
  const [milestone, setMilestone] = useState('');
  const [assignees, setAssignees] = useState('');
  const submit = useSubmit(async () => {
    const created = await api.post<Issue>(`${base}/issues`, {
      title: title.trim(), body, labels, ...(milestone ? { milestone: Number(milestone) } : {}),
      assignees: assignees.split(',').map((a) => a.trim()).filter(Boolean),
    });
    navigate(`${ui}/issues/${created.number}`);
  }, ['title', 'body', 'labels', 'milestone', 'assignees']);
  const scopeOfId = (id: number) => {
    const l = meta.data?.labels.find((x) => x.id === id);
    return l?.exclusive && l.name.includes('/') ? l.name.slice(0, l.name.lastIndexOf('/')) : null;
  };
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="new-issue">
      <h2 id="new-issue">New issue</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Title" name="title" required value={title} error={submit.fields.title} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label="Description" name="body" rows={8} value={body} hint="Markdown." error={submit.fields.body} onChange={(e) => setBody(e.target.value)} />
      <fieldset className="field">
        <legend>Labels</legend>
        {meta.data?.labels.length === 0 ? <p className="muted">This repository has no labels yet.</p> : null}
        {byScope(meta.data?.labels ?? []).map(([scope, ls]) => {
          const boxes = ls.map((l) => <Checkbox key={l.id} label={l.name} name="labels" checked={labels.includes(l.id)} onChange={(e) => setLabels(pickLabel(labels, l.id, e.target.checked, scopeOfId))} />);
          return scope ? <fieldset key={scope} className="scope-group"><legend>{scope} (one of)</legend>{boxes}</fieldset> : <div key="">{boxes}</div>;
        })}
      </fieldset>
      <div className="form-row">
        <Select label="Milestone" name="milestone" value={milestone} error={submit.fields.milestone} onChange={(e) => setMilestone(e.target.value)}>
          <option value="">No milestone</option>
          {meta.data?.milestones.filter((m) => m.state === 'open').map((m) => <option key={m.id} value={m.id}>{m.title}</option>)}
        </Select>
        <Field label="Assignees" name="assignees" value={assignees} hint="User names, separated by commas." error={submit.fields.assignees} onChange={(e) => setAssignees(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={submit.busy || !title.trim()}>{submit.busy ? 'Creating…' : 'Create issue'}</button>
    </form>
  );
}
