/** Site administration: edit an account (email, sign-in, admin, active, prohibit sign-in) or delete it. */
import { useEffect, useState } from 'react';
import { errorText, seg } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Checkbox } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { Link, useRouter } from '../router.tsx';
import { z } from 'zod';
import { useApiForm } from '../zod-form.ts';
import { AdminNav } from './admin-nav.tsx';
import { DeleteUser } from './DeleteUser.tsx';
import { AccountFieldset, accountSchema, signInBody, type AccountFields } from './user-fields.tsx';

type Values = AccountFields & { active: boolean; prohibit_login: boolean };
const schema = accountSchema(true, { active: z.boolean(), prohibit_login: z.boolean() });

function fieldsOf(u: User): Values {
  return {
    email: u.email, full_name: u.full_name, kind: u.source_id ? 'ldap' : 'local', password: '', must_change_password: false,
    source_id: u.source_id ? String(u.source_id) : '', login_name: u.login_name, visibility: u.visibility || 'public',
    restricted: u.restricted, admin: u.is_admin, active: u.active, prohibit_login: u.prohibit_login,
  };
}

function EditForm({ user, onSaved }: { user: User; onSaved(u: User): void }) {
  const { api } = useAuth();
  const form = useApiForm<Values>(schema, fieldsOf(user));
  const onSubmit = form.submit(async (v) => {
    onSaved(await api.patch<User>(`/api/v1/admin/users/${seg(user.login)}`, {
      email: v.email, full_name: v.full_name, visibility: v.visibility, restricted: v.restricted, admin: v.admin,
      active: v.active, prohibit_login: v.prohibit_login, ...signInBody(v, user.login, true),
    }));
    form.setValue('password', '');
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-label={`Edit ${user.login}`}>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <AccountFieldset form={form} editing />
      <Checkbox label="Active: the account may be used" {...form.field('active')} />
      <Checkbox label="Prohibit sign-in" hint="Blocks signing in, git and the API for this account." {...form.field('prohibit_login')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save changes'}</button>
      </div>
    </form>
  );
}

/** Loads the account named in the path and shows its edit form and the delete action. */
export function UserEditPage({ name }: { name: string }) {
  const { api, refresh } = useAuth();
  const me = useUser();
  const { navigate } = useRouter();
  const [user, setUser] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    api.get<User>(`/api/v1/users/${seg(name)}`).then(setUser, (err: unknown) => setError(errorText(err)));
  }, [api, name]);
  const onSaved = (u: User) => {
    setUser(u);
    setSaved(`Saved the changes to ${u.login}.`);
    if (u.id === me.id) void refresh();
  };
  return (
    <Page title={`Edit ${name}`} actions={<Link to={`/-/admin/users/${seg(name)}/tokens`} className="btn">Access tokens of {name}</Link>}>
      <AdminNav />
      <ErrorAlert>{error}</ErrorAlert>
      <Notice>{saved}</Notice>
      {user ? <EditForm key={user.id} user={user} onSaved={onSaved} /> : !error ? <p role="status" className="loading">Loading…</p> : null}
      {user && user.id !== me.id ? (
        <section className="card danger-zone" aria-labelledby="danger-title">
          <h2 id="danger-title">Delete this account</h2>
          <p>Deleting is permanent. An account that still owns repositories can only be deleted together with them.</p>
          <DeleteUser login={user.login} onDeleted={() => navigate(`/-/admin/users?deleted=${encodeURIComponent(user.login)}`)} />
        </section>
      ) : null}
    </Page>
  );
}
