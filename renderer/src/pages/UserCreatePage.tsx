/** Site administration: create an account (local with a password, or LDAP with a source and no password). */
import { useState } from 'react';
import { seg } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { FormError } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useRouter } from '../router.tsx';
import { useSubmit } from '../use-submit.ts';
import { AdminNav } from './admin-nav.tsx';
import { AccountFieldset, accountFieldNames, checkAccount, signInBody, sourceOf, type AccountFields } from './user-fields.tsx';

const EMPTY: AccountFields = {
  email: '', full_name: '', kind: 'local', password: '', must_change_password: true, source_id: '', login_name: '',
  visibility: 'public', restricted: false, admin: false,
};

/** POST /api/v1/admin/users, then PATCH to make the account an administrator when asked. */
export function UserCreatePage() {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const [username, setUsername] = useState('');
  const [v, setV] = useState<AccountFields>(EMPTY);

  const submit = useSubmit(async () => {
    checkAccount(v);
    const created = await api.post<User>('/api/v1/admin/users', {
      username, email: v.email, full_name: v.full_name, visibility: v.visibility, restricted: v.restricted,
      ...signInBody(v, username, false),
    });
    if (v.admin) {
      await api.patch<User>(`/api/v1/admin/users/${seg(created.login)}`, { admin: true, ...sourceOf(v, created.login) })
        .catch((err: unknown) => { throw new Error(`${created.login} was created, but could not be made an administrator: ${err instanceof Error ? err.message : String(err)}`); });
    }
    navigate(`/-/admin/users?created=${encodeURIComponent(created.login)}`);
  }, ['username', ...accountFieldNames(v)]);

  return (
    <Page title="New user">
      <AdminNav />
      <form onSubmit={submit.onSubmit} noValidate className="card form-card">
        <FormError error={submit.error} fields={submit.fields} />
        <Field label="User name" name="username" autoComplete="off" required autoFocus error={submit.fields.username}
          value={username} onChange={(e) => setUsername(e.target.value)} />
        <AccountFieldset v={v} set={setV} errors={submit.fields} editing={false} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Creating…' : 'Create user'}</button>
        </div>
      </form>
    </Page>
  );
}
