/** `/{owner}/{repo}/issues/new`: title, body, labels, milestone and assignees. */
import { useState } from 'react';
import type { Issue } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { z } from 'zod';
import { CreateIssueOption } from '../../../../server/structs/issue.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useApiForm } from '../../zod-form.ts';
import { byScope, pickLabel } from './issues/LabelChip.tsx';
import { useIssueMeta } from './IssuesPage.tsx';
import { useRepo } from './repo-context.tsx';

/** Title and body as the API takes them; the milestone as the select gives it and assignees as typed. */
const schema = CreateIssueOption.pick({ title: true, body: true }).extend({ milestone: z.string().optional(), assignees: z.string().optional() });
type Values = { title: string; body: string; milestone: string; assignees: string };

/** The new-issue form. */
export function IssueNewPage() {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const meta = useIssueMeta();
  const [labels, setLabels] = useState<number[]>([]);
  const form = useApiForm<Values>(schema, { title: '', body: '', milestone: '', assignees: '' });
  const onSubmit = form.submit(async ({ title, body, milestone, assignees }) => {
    const created = await api.post<Issue>(`${base}/issues`, {
      title: title.trim(), body, labels, ...(milestone ? { milestone: Number(milestone) } : {}),
      assignees: assignees.split(',').map((a) => a.trim()).filter(Boolean),
    });
    navigate(`${ui}/issues/${created.number}`);
  });
  const busy = form.formState.isSubmitting;
  const scopeOfId = (id: number) => {
    const l = meta.data?.labels.find((x) => x.id === id);
    return l?.exclusive && l.name.includes('/') ? l.name.slice(0, l.name.lastIndexOf('/')) : null;
  };
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="new-issue">
      <h2 id="new-issue">New issue</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Title" {...form.field('title')} />
      <TextArea label="Description" rows={8} hint="Markdown." {...form.field('body')} />
      <fieldset className="field">
        <legend>Labels</legend>
        {meta.data?.labels.length === 0 ? <p className="muted">This repository has no labels yet.</p> : null}
        {byScope(meta.data?.labels ?? []).map(([scope, ls]) => {
          const boxes = ls.map((l) => <Checkbox key={l.id} label={l.name} name="labels" checked={labels.includes(l.id)} onChange={(e) => setLabels(pickLabel(labels, l.id, e.target.checked, scopeOfId))} />);
          return scope ? <fieldset key={scope} className="scope-group"><legend>{scope} (one of)</legend>{boxes}</fieldset> : <div key="">{boxes}</div>;
        })}
      </fieldset>
      <div className="form-row">
        <Select label="Milestone" {...form.field('milestone')}>
          <option value="">No milestone</option>
          {meta.data?.milestones.filter((m) => m.state === 'open').map((m) => <option key={m.id} value={m.id}>{m.title}</option>)}
        </Select>
        <Field label="Assignees" hint="User names, separated by commas." {...form.field('assignees')} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create issue'}</button>
    </form>
  );
}
