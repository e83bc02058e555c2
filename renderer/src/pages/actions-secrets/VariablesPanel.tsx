/** Actions variables of one level: list with values, add, edit (value, description, name) and delete. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { ActionVariable } from '../../../../server/structs/action-secret.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { useSubmit } from '../../use-submit.ts';
import { checkName } from './SecretsPanel.tsx';

interface FormProps { base: string; editing: ActionVariable | null; onDone(message: string): void; onCancel(): void }

function VariableForm({ base, editing, onDone, onCancel }: FormProps) {
  const { api } = useAuth();
  const [name, setName] = useState(editing?.name ?? '');
  const [value, setValue] = useState(editing?.data ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const submit = useSubmit(async () => {
    const n = name.trim();
    checkName(n);
    if (editing) {
      await api.request('PUT', `${base}/${seg(editing.name)}`, { body: { name: n, value, description } });
      onDone(`Saved the variable ${n.toUpperCase()}.`);
    } else {
      await api.post(`${base}/${seg(n)}`, { value, description });
      onDone(`Added the variable ${n.toUpperCase()}.`);
    }
    setName('');
    setValue('');
    setDescription('');
  }, ['name', 'value', 'description']);
  const title = editing ? `Edit ${editing.name}` : 'Add a variable';
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="variable-form">
      <h2 id="variable-form">{title}</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Name" name="name" required value={name} error={submit.fields.name} autoComplete="off" hint="Stored in upper case; runs read it as vars.NAME." onChange={(e) => setName(e.target.value)} />
      <TextArea label="Value" name="value" value={value} rows={3} error={submit.fields.value} onChange={(e) => setValue(e.target.value)} />
      <Field label="Description" name="description" value={description} error={submit.fields.description} onChange={(e) => setDescription(e.target.value)} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy || !name.trim() || !value}>{submit.busy ? 'Saving…' : editing ? 'Save variable' : 'Add variable'}</button>
        {editing ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

/** Lists and edits the variables under `base` (`…/actions/variables`). */
export function VariablesPanel({ base, scopeWords }: { base: string; scopeWords: string }) {
  const { api } = useAuth();
  const list = useList<ActionVariable>(base);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<ActionVariable | null>(null);
  const remove = async (v: ActionVariable) => {
    setError(null);
    try {
      await api.delete(`${base}/${seg(v.name)}`);
      setNotice(`Deleted the variable ${v.name}.`);
      list.reload();
    } catch (err) {
      setError(`The variable ${v.name} was not deleted: ${errorText(err)}`);
    }
  };
  return (
    <>
      <p className="lead">Variables are plain settings for the workflow runs of {scopeWords}; unlike secrets, their values are shown.</p>
      <Notice>{notice}</Notice>
      <ErrorAlert>{list.error ?? error}</ErrorAlert>
      <section className="card" aria-labelledby="variables-title">
        <h2 id="variables-title">Variables</h2>
        {list.items && list.items.length === 0 ? <p className="muted">No variables yet.</p> : null}
        {list.items && list.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Variables</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">Description</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {list.items.map((v) => (
                  <tr key={v.name}>
                    <th scope="row"><code>{v.name}</code></th>
                    <td><code className="pre-wrap">{v.data}</code></td>
                    <td>{v.description}</td>
                    <td className="row-actions">
                      <button type="button" className="btn btn-small" aria-label={`Edit the variable ${v.name}`} onClick={() => setEditing(v)}>Edit</button>
                      <ConfirmButton label={`Delete the variable ${v.name}`} question={`Delete ${v.name}?`} confirmLabel="Delete variable" onConfirm={() => remove(v)}>Delete</ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {list.items ? <Pager list={list} /> : <p role="status" className="loading">Loading variables…</p>}
      </section>
      <VariableForm key={editing?.name ?? 'new'} base={base} editing={editing} onCancel={() => setEditing(null)}
        onDone={(m) => { setNotice(m); setEditing(null); list.reload(); }} />
    </>
  );
}
