/** Collaborators of a repository: add with a permission, change it, remove. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { Collaborator } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { useLoad } from '../../use-load.ts';
import { z } from 'zod';
import { AddCollaboratorOption } from '../../../../server/structs/org.ts';
import { useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';

interface Row { user: Collaborator; permission: string }

const PERMISSIONS = [['read', 'Read: clone and pull'], ['write', 'Write: push'], ['admin', 'Admin: settings, webhooks, collaborators']] as const;

/** The user (a path segment of the API call) and the API's body. */
const addSchema = AddCollaboratorOption.required({ permission: true }).extend({ username: z.string().trim().min(1).max(40) });

function AddForm({ onStart, onAdded }: { onStart(): void; onAdded(name: string): void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const form = useApiForm<{ username: string; permission: string }>(addSchema, { username: '', permission: 'write' }, 'username');
  const name = form.watch('username');
  const onSubmit = form.submit(async ({ username, permission }) => {
    onStart();
    await api.request('PUT', `${base}/collaborators/${seg(username.trim())}`, { body: { permission } });
    onAdded(username.trim());
    form.reset({ username: '', permission });
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="card form-card" aria-labelledby="add-collab">
      <h2 id="add-collab">Add a collaborator</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="User name" {...form.field('username')} />
        <Select label="Permission" {...form.field('permission')}>
          {PERMISSIONS.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
        </Select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>{busy ? 'Adding…' : 'Add collaborator'}</button>
    </form>
  );
}

/** The Collaborators tab. */
export function RepoCollaboratorsPage() {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = useLoad(async () => {
    const users = await api.get<Collaborator[]>(`${base}/collaborators`, { query: { limit: 100 } });
    return Promise.all(users.map(async (user): Promise<Row> => {
      const p = await api.get<{ permission: string }>(`${base}/collaborators/${seg(user.login)}/permission`);
      return { user, permission: p.permission };
    }));
  }, base);
  const act = async (what: () => Promise<unknown>, done: string, failed: string) => {
    setError(null);
    setNotice(null);
    try {
      await what();
      setNotice(done);
      rows.reload();
    } catch (err) {
      setError(`${failed}: ${errorText(err)}`);
    }
  };
  return (
    <div>
      <Notice>{notice}</Notice>
      <ErrorAlert>{error ?? rows.error}</ErrorAlert>
      <AddForm onStart={() => { setNotice(null); setError(null); }} onAdded={(n) => { setNotice(`Added ${n} as a collaborator.`); rows.reload(); }} />
      <section className="card" aria-labelledby="collab-title">
        <h2 id="collab-title">Collaborators</h2>
        {rows.data?.length === 0 ? <p className="muted">Nobody else has access yet. Add someone above; the owner and site administrators always have access.</p> : null}
        {rows.data && rows.data.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Collaborators</caption>
              <thead><tr><th scope="col">User</th><th scope="col">Permission</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {rows.data.map((r) => (
                  <tr key={r.user.id}>
                    <th scope="row">{r.user.login}</th>
                    <td>
                      <select aria-label={`Permission of ${r.user.login}`} value={r.permission}
                        onChange={(e) => { void act(() => api.request('PUT', `${base}/collaborators/${seg(r.user.login)}`, { body: { permission: e.target.value } }), `${r.user.login} now has ${e.target.value} access.`, 'The permission was not changed'); }}>
                        {PERMISSIONS.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
                      </select>
                    </td>
                    <td className="row-actions">
                      <ConfirmButton label={`Remove ${r.user.login}`} question={`Remove ${r.user.login}?`} confirmLabel="Remove"
                        onConfirm={() => act(() => api.delete(`${base}/collaborators/${seg(r.user.login)}`), `Removed ${r.user.login}.`, `${r.user.login} was not removed`)}>Remove</ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
