/** Site administration: create an account (local with a password, or LDAP with a source and no password). */
import { seg } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useRouter } from '../router.tsx';
import { useApiForm } from '../zod-form.ts';
import { CreateUserOption } from '../../../server/structs/user.ts';
import { AdminNav } from './admin-nav.tsx';
import { AccountFieldset, accountSchema, signInBody, sourceOf, type AccountFields } from './user-fields.tsx';

type Values = AccountFields & { username: string };
const schema = accountSchema(false, { username: CreateUserOption.shape.username });

const EMPTY: Values = {
  username: '', email: '', full_name: '', kind: 'local', password: '', must_change_password: true, source_id: '', login_name: '',
  visibility: 'public', restricted: false, admin: false,
};

/** POST /api/v1/admin/users, then PATCH to make the account an administrator when asked. */
export function UserCreatePage() {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const form = useApiForm<Values>(schema, EMPTY, 'username');

  const onSubmit = form.submit(async (v) => {
    const created = await api.post<User>('/api/v1/admin/users', {
      username: v.username, email: v.email, full_name: v.full_name, visibility: v.visibility, restricted: v.restricted,
      ...signInBody(v, v.username, false),
    });
    if (v.admin) {
      await api.patch<User>(`/api/v1/admin/users/${seg(created.login)}`, { admin: true, ...sourceOf(v, created.login) })
        .catch((err: unknown) => { throw new Error(`${created.login} was created, but could not be made an administrator: ${err instanceof Error ? err.message : String(err)}`); });
    }
    navigate(`/-/admin/users?created=${encodeURIComponent(created.login)}`);
  });
  const busy = form.formState.isSubmitting;

  return (
    <Page title="New user">
      <AdminNav />
      <form onSubmit={onSubmit} className="card form-card">
        <ErrorAlert>{form.formError}</ErrorAlert>
        <Field label="User name" autoComplete="off" autoFocus {...form.field('username')} />
        <AccountFieldset form={form} editing={false} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create user'}</button>
        </div>
      </form>
    </Page>
  );
}
