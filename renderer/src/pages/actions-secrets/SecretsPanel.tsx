/** Actions secrets of one level: the names with their dates, a write-only form to add or replace one, delete. */
import { z } from 'zod';
import { seg } from '../../api/client.ts';
import { CreateOrUpdateSecretOption, type Secret } from '../../../../server/structs/action-secret.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { useList } from '../../use-list.ts';
import { useApiForm } from '../../zod-form.ts';
import { NamedList, useNamedRemove } from './NamedList.tsx';

/** Gitea's rule for names: letters, digits and underscores, not starting with a digit, nor with GITEA_ or GITHUB_. */
export const NAME_RULE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const RESERVED = /^GIT(EA|HUB)_/i;

/** A secret's or variable's name (it goes in the address, so it has no field in Gitea's options), checked before sending. */
export const nameField = z.string().trim().min(1)
  .refine((n) => NAME_RULE.test(n), { error: 'Use letters, digits and underscores; do not start with a digit.' })
  .refine((n) => !RESERVED.test(n), { error: 'Names starting with GITEA_ or GITHUB_ are reserved.' });

const secretSchema = CreateOrUpdateSecretOption.extend({ name: nameField });
type SecretValues = { name: string; data: string; description: string };
const emptySecret: SecretValues = { name: '', data: '', description: '' };

function SecretForm({ writeBase, onSaved }: { writeBase: string; onSaved(name: string, created: boolean): void }) {
  const { api } = useAuth();
  const form = useApiForm<SecretValues>(secretSchema, emptySecret);
  const onSubmit = form.submit(async ({ name, data, description }) => {
    const res = await api.request('PUT', `${writeBase}/${seg(name)}`, { body: { data, description } });
    onSaved(name.toUpperCase(), res.status === 201);
    form.reset(emptySecret);
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="secret-form">
      <h2 id="secret-form">Add or replace a secret</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Name" autoComplete="off" hint="Stored in upper case. Saving a name that exists replaces its value." {...form.field('name')} />
      <TextArea label="Value" rows={4} autoComplete="off" spellCheck={false}
        hint="Write-only: it is encrypted when stored and never shown again. Runs see it; logs show *** instead." {...form.field('data')} />
      <Field label="Description" {...form.field('description')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save secret'}</button>
    </form>
  );
}

/** Lists the secrets at `listPath` and writes them under `writeBase` (`…/actions/secrets`). */
export function SecretsPanel({ listPath, writeBase, scopeWords }: { listPath: string; writeBase: string; scopeWords: string }) {
  const list = useList<Secret>(listPath);
  const { notice, setNotice, error, remove } = useNamedRemove(writeBase, 'secret', list);
  return (
    <>
      <p className="lead">Secrets are given to the workflow runs of {scopeWords}. A repository's secret wins over its owner's of the same name.</p>
      <NamedList title="Secrets" list={list} notice={notice} error={error} columns={['Description', 'Added']} row={(s) => (
        <tr key={s.name}>
          <th scope="row"><code>{s.name}</code></th>
          <td>{s.description}</td>
          <td><time dateTime={s.created_at}>{new Date(s.created_at).toLocaleString()}</time></td>
          <td className="row-actions">
            <ConfirmButton label={`Delete the secret ${s.name}`} question={`Delete ${s.name}? Runs will no longer get it.`} confirmLabel="Delete secret"
              onConfirm={() => remove(s.name)}>Delete</ConfirmButton>
          </td>
        </tr>
      )} />
      <SecretForm writeBase={writeBase} onSaved={(n, created) => { setNotice(created ? `Added the secret ${n}.` : `Replaced the value of ${n}.`); list.reload(); }} />
    </>
  );
}
