/** An issue form's fields (Gitea's YAML issue templates): markdown text, inputs, textareas, dropdowns and checkboxes. */
import type { IssueFormField } from '../../../../../server/structs/issue-template.ts';
import type { FormAnswers } from '../../../../../server/lib/issue-form.ts';
import { Checkbox, Field, Select, TextArea } from '../../../components/Field.tsx';
import { Markdown } from '../../../components/code/Markdown.tsx';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const visibleOnForm = (f: IssueFormField): boolean => !f.visible?.length || f.visible.includes('form');
const optionsOf = (f: IssueFormField): unknown[] => (Array.isArray(f.attributes?.options) ? (f.attributes.options as unknown[]) : []);
const checkbox = (o: unknown): { label: string; required: boolean; onForm: boolean } => {
  const m = (typeof o === 'object' && o !== null ? o : {}) as Record<string, unknown>;
  return { label: str(m.label), required: m.required === true, onForm: !Array.isArray(m.visible) || m.visible.includes('form') };
};

/** The answers a form starts with: the fields' `value`, and a dropdown's `default` option. */
export function initialAnswers(fields: readonly IssueFormField[]): FormAnswers {
  const out: FormAnswers = {};
  for (const f of fields) {
    if (f.type === 'input' || f.type === 'textarea') out[f.id] = str(f.attributes?.value);
    if (f.type === 'dropdown') out[f.id] = typeof f.attributes?.default === 'number' ? [f.attributes.default] : [];
    if (f.type === 'checkboxes') out[f.id] = [];
  }
  return out;
}

/** Labels of the required fields (or required checkboxes) left unanswered. */
export function missingAnswers(fields: readonly IssueFormField[], a: FormAnswers): string[] {
  const missing: string[] = [];
  for (const f of fields) {
    if (!visibleOnForm(f)) continue;
    const label = str(f.attributes?.label);
    const v = a[f.id];
    if (f.type === 'checkboxes') {
      optionsOf(f).forEach((o, i) => {
        const c = checkbox(o);
        if (c.required && c.onForm && !(Array.isArray(v) && v.includes(i))) missing.push(`${label}: ${c.label}`);
      });
    } else if (f.validations?.required === true && (Array.isArray(v) ? v.length === 0 : !String(v ?? '').trim())) {
      missing.push(label);
    }
  }
  return missing;
}

interface Props {
  fields: readonly IssueFormField[];
  answers: FormAnswers;
  onChange(answers: FormAnswers): void;
  context: string;
}

/** The form's fields; each change hands back the whole answer set. */
export function IssueFormFields({ fields, answers, onChange, context }: Props) {
  const set = (id: string, v: string | number[]) => onChange({ ...answers, [id]: v });
  return (
    <div className="issue-form">
      {fields.filter(visibleOnForm).map((f) => {
        const a = f.attributes ?? {};
        const required = f.validations?.required === true;
        const hint = str(a.description) || undefined;
        const key = `${f.type}-${f.id}`;
        switch (f.type) {
          case 'markdown':
            return <div key={key} className="issue-form-text"><Markdown text={str(a.value)} mode="gfm" context={context} /></div>;
          case 'input':
            return <Field key={key} label={str(a.label)} hint={hint} required={required} placeholder={str(a.placeholder)} name={`form-field-${f.id}`}
              value={str(answers[f.id])} onChange={(e) => set(f.id, e.target.value)} />;
          case 'textarea':
            return <TextArea key={key} label={`${str(a.label)}${required ? ' *' : ''}`} hint={hint} required={required} rows={5} placeholder={str(a.placeholder)}
              name={`form-field-${f.id}`} value={str(answers[f.id])} onChange={(e) => set(f.id, e.target.value)} />;
          case 'dropdown': {
            const multiple = a.multiple === true;
            const chosen = Array.isArray(answers[f.id]) ? (answers[f.id] as number[]) : [];
            return (
              <Select key={key} label={str(a.label)} hint={hint} required={required} multiple={multiple} name={`form-field-${f.id}`}
                value={multiple ? chosen.map(String) : String(chosen[0] ?? '')}
                onChange={(e) => set(f.id, Array.from(e.target.selectedOptions).map((o) => o.value).filter(Boolean).map(Number))}>
                {multiple ? null : <option value="">Choose…</option>}
                {optionsOf(f).map((o, i) => <option key={i} value={i}>{str(o)}</option>)}
              </Select>
            );
          }
          case 'checkboxes': {
            const chosen = Array.isArray(answers[f.id]) ? (answers[f.id] as number[]) : [];
            return (
              <fieldset key={key} className="field">
                <legend>{str(a.label)}</legend>
                {hint ? <span className="hint">{hint}</span> : null}
                {optionsOf(f).map((o, i) => ({ ...checkbox(o), i })).filter((c) => c.onForm).map((c) => (
                  <Checkbox key={c.i} label={`${c.label}${c.required ? ' *' : ''}`} required={c.required} name={`form-field-${f.id}-${c.i}`} checked={chosen.includes(c.i)}
                    onChange={(e) => set(f.id, e.target.checked ? [...chosen, c.i].sort((x, y) => x - y) : chosen.filter((x) => x !== c.i))} />
                ))}
              </fieldset>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
