/**
 * `/{owner}/{repo}/issues/new`: title, body, labels, milestone and assignees. With issue templates in the repository
 * it first offers the choice of them (`?template=` names the file; empty for a blank issue, when the config allows it);
 * a markdown template fills title, body and labels, an issue form shows its fields and makes the body from them.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Issue } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { z } from 'zod';
import { CreateIssueOption } from '../../../../server/structs/issue.ts';
import type { IssueTemplate, NewIssueTemplates } from '../../../../server/structs/issue-template.ts';
import { renderFormBody, type FormAnswers } from '../../../../server/lib/issue-form.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { byScope, pickLabel } from './issues/LabelChip.tsx';
import { IssueFormFields, initialAnswers, missingAnswers } from './issues/IssueFormFields.tsx';
import { TemplateChooser, TemplateErrors } from './issues/TemplateChooser.tsx';
import { useIssueMeta } from './IssuesPage.tsx';
import { useRepo } from './repo-context.tsx';

/** Title and body as the API takes them; the milestone as the select gives it and assignees as typed. */
const schema = CreateIssueOption.pick({ title: true, body: true }).extend({ milestone: z.string().optional(), assignees: z.string().optional() });
type Values = { title: string; body: string; milestone: string; assignees: string };

const NONE: NewIssueTemplates = { templates: [], default_template: null, config: { blank_issues_enabled: true, contact_links: [] }, errors: [] };

/** The repository's templates; none when they cannot be read (a viewer without code access gets the blank form). */
function useTemplates(apiBase: string) {
  const { api } = useAuth();
  const path = `${apiBase.replace('/api/v1/', '/api/homeforge/')}/issue_templates`;
  return useLoad(async () => api.get<NewIssueTemplates>(path).catch(() => NONE), `${path}|new-issue`);
}

/** The new-issue page: the template choice when there is one to make, else the form. */
export function IssueNewPage() {
  const { api: base, base: ui } = useRepo();
  const { search } = useRouter();
  const view = useTemplates(base);
  const v = view.data;
  if (!v) return <p className="muted">Loading…</p>;
  const asked = search.get('template');
  const chosen = asked ? v.templates.find((t) => t.file_name === asked) ?? null : null;
  if (v.templates.length > 0 && !chosen && (asked === null || !v.config.blank_issues_enabled)) return <TemplateChooser view={v} base={ui} />;
  const template = chosen ?? (v.templates.length === 0 ? v.default_template : null);
  return <IssueNewForm key={template?.file_name ?? ''} template={template} errors={v.errors} />;
}

function IssueNewForm({ template, errors }: { template: IssueTemplate | null; errors: NewIssueTemplates['errors'] }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const meta = useIssueMeta();
  const fields = useMemo(() => template?.body ?? null, [template]);
  const [answers, setAnswers] = useState<FormAnswers>(() => (fields ? initialAnswers(fields) : {}));
  const [labels, setLabels] = useState<number[]>([]);
  const form = useApiForm<Values>(schema, { title: template?.title ?? '', body: fields ? '' : template?.content ?? '', milestone: '', assignees: (template?.assignees ?? []).join(', ') });
  // the template's labels, by name, once the repository's labels are known (the host applies them only for writers)
  useEffect(() => {
    const names = template?.labels ?? [];
    if (names.length && meta.data) setLabels(meta.data.labels.filter((l) => names.includes(l.name)).map((l) => l.id));
  }, [template, meta.data]);
  const onSubmit = form.submit(async ({ title, body, milestone, assignees }) => {
    if (fields) {
      const missing = missingAnswers(fields, answers);
      if (missing.length) throw new Error(`Answer the required fields: ${missing.join('; ')}.`);
    }
    const created = await api.post<Issue>(`${base}/issues`, {
      title: title.trim(), body: fields ? renderFormBody(fields, answers) : body, labels, ...(milestone ? { milestone: Number(milestone) } : {}),
      assignees: assignees.split(',').map((a) => a.trim()).filter(Boolean),
      ...(template?.ref && template.ref !== 'refs/heads/' ? { ref: template.ref } : {}),
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
      <h2 id="new-issue">New issue{template ? `: ${template.name}` : ''}</h2>
      <TemplateErrors errors={errors} />
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Title" {...form.field('title')} />
      {fields ? <IssueFormFields fields={fields} answers={answers} onChange={setAnswers} context={ui} />
        : <TextArea label="Description" rows={8} hint="Markdown." {...form.field('body')} />}
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
