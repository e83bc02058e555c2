/** Site administration: edit an account (email, sign-in, admin, active, prohibit sign-in) or delete it. */
import { useEffect, useState } from 'react';
import { errorText, seg } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../components/Alert.tsx';
import { Checkbox } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { Link, useRouter } from '../router.tsx';
import { useSubmit } from '../use-submit.ts';
import { AdminNav } from './admin-nav.tsx';
import { DeleteUser } from './DeleteUser.tsx';
import { AccountFieldset, accountFieldNames, checkAccount, signInBody, type AccountFields } from './user-fields.tsx';

function fieldsOf(u: User): AccountFields {
  return {
    email: u.email, full_name: u.full_name, kind: u.source_id ? 'ldap' : 'local', password: '', must_change_password: false,
    source_id: u.source_id ? String(u.source_id) : '', login_name: u.login_name, visibility: u.visibility || 'public',
    restricted: u.restricted, admin: u.is_admin,
  };
}

function EditForm({ user, onSaved }: { user: User; onSaved(u: User): void }) {
  const { api } = useAuth();
  const [v, setV] = useState<AccountFields>(() => fieldsOf(user));
  const [active, setActive] = useState(user.active);
  const [prohibit, setProhibit] = useState(user.prohibit_login);
  const submit = useSubmit(async () => {
    checkAccount(v);
    onSaved(await api.patch<User>(`/api/v1/admin/users/${seg(user.login)}`, {
      email: v.email, full_name: v.full_name, visibility: v.visibility, restricted: v.restricted, admin: v.admin,
      active, prohibit_login: prohibit, ...signInBody(v, user.login, true),
    }));
    setV((old) => ({ ...old, password: '' }));
  }, accountFieldNames(v));
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-label={`Edit ${user.login}`}>
      <FormError error={submit.error} fields={submit.fields} />
      <AccountFieldset v={v} set={setV} errors={submit.fields} editing />
      <Checkbox label="Active: the account may be used" name="active" checked={active} onChange={(e) => setActive(e.target.checked)} />
      <Checkbox label="Prohibit sign-in" name="prohibit_login" hint="Blocks signing in, git and the API for this account."
        checked={prohibit} onChange={(e) => setProhibit(e.target.checked)} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Saving…' : 'Save changes'}</button>
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
