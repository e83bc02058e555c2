/** Actions variables of one level: list with values, add, edit (value, description, name) and delete. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import { CreateVariableOption, UpdateVariableOption, type ActionVariable } from '../../../../server/structs/action-secret.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { useList } from '../../use-list.ts';
import { useApiForm } from '../../zod-form.ts';
import { NamedList, useNamedRemove } from './NamedList.tsx';
import { nameField } from './SecretsPanel.tsx';

interface FormProps { base: string; editing: ActionVariable | null; onDone(message: string): void; onCancel(): void }

/** A new variable names itself in the address (Gitea's CreateVariableOption has value and description); an edit may rename. */
const createSchema = CreateVariableOption.extend({ name: nameField });
const editSchema = UpdateVariableOption.extend({ name: nameField });
type VariableValues = { name: string; value: string; description: string };

function VariableForm({ base, editing, onDone, onCancel }: FormProps) {
  const { api } = useAuth();
  const form = useApiForm<VariableValues>(editing ? editSchema : createSchema, { name: editing?.name ?? '', value: editing?.data ?? '', description: editing?.description ?? '' }, 'name');
  const onSubmit = form.submit(async ({ name, value, description }) => {
    if (editing) {
      await api.request('PUT', `${base}/${seg(editing.name)}`, { body: { name, value, description } });
      onDone(`Saved the variable ${name.toUpperCase()}.`);
    } else {
      await api.post(`${base}/${seg(name)}`, { value, description });
      onDone(`Added the variable ${name.toUpperCase()}.`);
    }
    form.reset({ name: '', value: '', description: '' });
  });
  const busy = form.formState.isSubmitting;
  const title = editing ? `Edit ${editing.name}` : 'Add a variable';
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="variable-form">
      <h2 id="variable-form">{title}</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Name" autoComplete="off" hint="Stored in upper case; runs read it as vars.NAME." {...form.field('name')} />
      <TextArea label="Value" rows={3} {...form.field('value')} />
      <Field label="Description" {...form.field('description')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : editing ? 'Save variable' : 'Add variable'}</button>
        {editing ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

/** Lists and edits the variables under `base` (`…/actions/variables`). */
export function VariablesPanel({ base, scopeWords }: { base: string; scopeWords: string }) {
  const list = useList<ActionVariable>(base);
  const { notice, setNotice, error, remove } = useNamedRemove(base, 'variable', list);
  const [editing, setEditing] = useState<ActionVariable | null>(null);
  return (
    <>
      <p className="lead">Variables are plain settings for the workflow runs of {scopeWords}; unlike secrets, their values are shown.</p>
      <NamedList title="Variables" list={list} notice={notice} error={error} columns={['Value', 'Description']} row={(v) => (
        <tr key={v.name}>
          <th scope="row"><code>{v.name}</code></th>
          <td><code className="pre-wrap">{v.data}</code></td>
          <td>{v.description}</td>
          <td className="row-actions">
            <button type="button" className="btn btn-small" aria-label={`Edit the variable ${v.name}`} onClick={() => setEditing(v)}>Edit</button>
            <ConfirmButton label={`Delete the variable ${v.name}`} question={`Delete ${v.name}?`} confirmLabel="Delete variable" onConfirm={() => remove(v.name)}>Delete</ConfirmButton>
          </td>
        </tr>
      )} />
      <VariableForm key={editing?.name ?? 'new'} base={base} editing={editing} onCancel={() => setEditing(null)}
        onDone={(m) => { setNotice(m); setEditing(null); list.reload(); }} />
    </>
  );
}
