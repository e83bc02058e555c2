/** Site administration: every account, searchable and paged, with edit, tokens and delete. */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { seg } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { useUser } from '../auth.tsx';
import { Pager } from '../components/Pager.tsx';
import { useList } from '../use-list.ts';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { Link, useRouter } from '../router.tsx';
import { AdminNav } from './admin-nav.tsx';
import { DeleteUser } from './DeleteUser.tsx';

const PAGE_SIZE = 20;

function flash(search: URLSearchParams): string | null {
  if (search.get('created')) return `Created the account ${search.get('created')}.`;
  if (search.get('deleted')) return `Deleted the account ${search.get('deleted')}.`;
  return null;
}

function UserRow({ u, me, onDeleted }: { u: User; me: User; onDeleted(name: string): void }) {
  return (
    <tr>
      <th scope="row">
        <span className="user-login">{u.login}</span>
        {u.full_name ? <span className="user-full muted">{u.full_name}</span> : null}
      </th>
      <td>{u.email}</td>
      <td>
        <div className="badges">
          {u.is_admin ? <span className="badge">admin</span> : null}
          {u.source_id ? <span className="badge badge-muted">LDAP source {u.source_id}</span> : <span className="badge badge-muted">local</span>}
          {!u.active ? <span className="badge badge-warn">inactive</span> : null}
          {u.prohibit_login ? <span className="badge badge-warn">sign-in prohibited</span> : null}
          {u.restricted ? <span className="badge badge-muted">restricted</span> : null}
        </div>
      </td>
      <td>
        <div className="row-actions">
          <Link to={`/-/admin/users/${seg(u.login)}/edit`} className="btn btn-small" aria-label={`Edit ${u.login}`}>Edit</Link>
          <Link to={`/-/admin/users/${seg(u.login)}/tokens`} className="btn btn-small" aria-label={`Tokens of ${u.login}`}>Tokens</Link>
          {u.id === me.id ? <span className="muted you">you</span> : <DeleteUser login={u.login} onDeleted={() => onDeleted(u.login)} />}
        </div>
      </td>
    </tr>
  );
}

function UsersTable({ users, total, me, onDeleted }: { users: User[]; total: number; me: User; onDeleted(name: string): void }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Users, {total} in all</caption>
        <thead><tr><th scope="col">User</th><th scope="col">Email</th><th scope="col">Account</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>{users.map((u) => <UserRow key={u.id} u={u} me={me} onDeleted={onDeleted} />)}</tbody>
      </table>
    </div>
  );
}

/** The user list with a search box and paging (`?q=`, `?page=` in the address). */
export function AdminUsersPage() {
  const me = useUser();
  const { search } = useRouter();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const users = useList<User>('/api/v1/admin/users', { q, sort: 'name' }, { limit: PAGE_SIZE });
  const [notice, setNotice] = useState<string | null>(flash(search));
  const onDeleted = (name: string) => {
    setNotice(`Deleted the account ${name}.`);
    users.reload();
  };
  // Searches as one types; the words go in the address (replacing the entry) and the list starts at page 1.
  const find = (value: string) => {
    setText(value);
    setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  };
  return (
    <Page title="Users" actions={<Link to="/-/admin/users/new" className="btn btn-primary">New user</Link>}>
      <AdminNav />
      <Notice>{notice}</Notice>
      <ErrorAlert>{users.error}</ErrorAlert>
      <form role="search" className="toolbar" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <label htmlFor="user-search" className="visually-hidden">Search users</label>
        <input id="user-search" type="search" placeholder="Search by name or email" value={text} onChange={(e) => find(e.target.value)} />
      </form>
      {users.items === null && !users.error ? <p role="status" className="loading">Loading users…</p> : null}
      {users.items && users.items.length === 0 ? <p className="muted">No user matches.</p> : null}
      {users.items && users.items.length > 0 ? <UsersTable users={users.items} total={users.total} me={me} onDeleted={onDeleted} /> : null}
      <Pager list={users} />
    </Page>
  );
}
