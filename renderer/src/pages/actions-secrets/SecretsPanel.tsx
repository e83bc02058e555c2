/** Actions secrets of one level: the names with their dates, a write-only form to add or replace one, delete. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { Secret } from '../../../../server/structs/action-secret.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { FieldError, useSubmit } from '../../use-submit.ts';

/** Gitea's rule for names: letters, digits and underscores, not starting with a digit, nor with GITEA_ or GITHUB_. */
export const NAME_RULE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const RESERVED = /^GIT(EA|HUB)_/i;

/** Refuses, before sending, a name Gitea would refuse. */
export function checkName(name: string): void {
  if (!NAME_RULE.test(name)) throw new FieldError('name', 'Use letters, digits and underscores; do not start with a digit.');
  if (RESERVED.test(name)) throw new FieldError('name', 'Names starting with GITEA_ or GITHUB_ are reserved.');
}

function SecretForm({ writeBase, onSaved }: { writeBase: string; onSaved(name: string, created: boolean): void }) {
  const { api } = useAuth();
  const [name, setName] = useState('');
  const [data, setData] = useState('');
  const [description, setDescription] = useState('');
  const submit = useSubmit(async () => {
    const n = name.trim();
    checkName(n);
    const res = await api.request('PUT', `${writeBase}/${seg(n)}`, { body: { data, description } });
    onSaved(n.toUpperCase(), res.status === 201);
    setName('');
    setData('');
    setDescription('');
  }, ['name', 'data', 'description']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="secret-form">
      <h2 id="secret-form">Add or replace a secret</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Name" name="name" required value={name} error={submit.fields.name} autoComplete="off"
        hint="Stored in upper case. Saving a name that exists replaces its value." onChange={(e) => setName(e.target.value)} />
      <TextArea label="Value" name="data" value={data} rows={4} error={submit.fields.data} autoComplete="off" spellCheck={false}
        hint="Write-only: it is encrypted when stored and never shown again. Runs see it; logs show *** instead." onChange={(e) => setData(e.target.value)} />
      <Field label="Description" name="description" value={description} error={submit.fields.description} onChange={(e) => setDescription(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={submit.busy || !name.trim() || !data}>{submit.busy ? 'Saving…' : 'Save secret'}</button>
    </form>
  );
}

/** Lists the secrets at `listPath` and writes them under `writeBase` (`…/actions/secrets`). */
export function SecretsPanel({ listPath, writeBase, scopeWords }: { listPath: string; writeBase: string; scopeWords: string }) {
  const { api } = useAuth();
  const list = useList<Secret>(listPath);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (s: Secret) => {
    setError(null);
    try {
      await api.delete(`${writeBase}/${seg(s.name)}`);
      setNotice(`Deleted the secret ${s.name}.`);
      list.reload();
    } catch (err) {
      setError(`The secret ${s.name} was not deleted: ${errorText(err)}`);
    }
  };
  return (
    <>
      <p className="lead">Secrets are given to the workflow runs of {scopeWords}. A repository's secret wins over its owner's of the same name.</p>
      <Notice>{notice}</Notice>
      <ErrorAlert>{list.error ?? error}</ErrorAlert>
      <section className="card" aria-labelledby="secrets-title">
        <h2 id="secrets-title">Secrets</h2>
        {list.items && list.items.length === 0 ? <p className="muted">No secrets yet.</p> : null}
        {list.items && list.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Secrets</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Added</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {list.items.map((s) => (
                  <tr key={s.name}>
                    <th scope="row"><code>{s.name}</code></th>
                    <td>{s.description}</td>
                    <td><time dateTime={s.created_at}>{new Date(s.created_at).toLocaleString()}</time></td>
                    <td className="row-actions">
                      <ConfirmButton label={`Delete the secret ${s.name}`} question={`Delete ${s.name}? Runs will no longer get it.`} confirmLabel="Delete secret"
                        onConfirm={() => remove(s)}>Delete</ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {list.items ? <Pager list={list} /> : <p role="status" className="loading">Loading secrets…</p>}
      </section>
      <SecretForm writeBase={writeBase} onSaved={(n, created) => { setNotice(created ? `Added the secret ${n}.` : `Replaced the value of ${n}.`); list.reload(); }} />
    </>
  );
}
