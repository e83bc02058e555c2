/** Site administration: login sources, LDAP and Windows sign-in (list, add, turn on/off, delete). The bind password is write-only. */
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { Page } from '../../components/Layout.tsx';
import { useLoad } from '../../use-load.ts';
import { z } from 'zod';
import { AuthSource } from '../../../../server/structs/homeforge.ts';
import { useApiForm } from '../../zod-form.ts';
import { AdminNav } from '../admin-nav.tsx';
import { SspiSourceForm } from './SspiSourceForm.tsx';

interface Source {
  id: number; name: string; type: string; active: boolean; host: string; port: number; security_protocol: string; user_search_base: string; bind_dn: string;
  available?: boolean; unavailable_reason?: string;
}

/** Where a source signs users in: the LDAP server, or Negotiate (and whether this host can accept it). */
function serverOf(s: Source) {
  if (s.type !== 'sspi') return <code>{s.security_protocol}://{s.host}:{s.port}</code>;
  return s.available ? <span>Negotiate (Kerberos)</span> : <span>Negotiate: <strong>unavailable on this host</strong> <span className="muted">({s.unavailable_reason})</span></span>;
}

const BASE = '/api/homeforge/admin/auth-sources';
const EMPTY = {
  name: '', type: 'ldap', host: '', port: '389', security_protocol: 'unencrypted', bind_dn: '', bind_password: '', user_search_base: '',
  user_filter: '(&(objectClass=person)(uid=%s))', admin_filter: '', username_attribute: 'uid', firstname_attribute: 'givenName',
  surname_attribute: 'sn', email_attribute: 'mail', user_dn: '',
};
type Form = typeof EMPTY;
const TEXT_FIELDS: [keyof Form, string, string][] = [
  ['bind_dn', 'Bind DN', 'The account that searches the directory; empty for an anonymous search.'],
  ['bind_password', 'Bind password', 'Stored encrypted.'],
  ['user_search_base', 'User search base', 'e.g. ou=people,dc=example,dc=org'],
  ['user_filter', 'User filter', '%s stands for the name typed at sign-in.'],
  ['admin_filter', 'Administrator filter', 'Users matching it become site administrators.'],
  ['username_attribute', 'User name attribute', ''], ['email_attribute', 'Email attribute', ''],
  ['firstname_attribute', 'First name attribute', ''], ['surname_attribute', 'Surname attribute', ''],
];

/** The source's fields as the API names them (AuthSource), with what a new LDAP source needs filled in. */
const sourceSchema = AuthSource.pick({
  bind_dn: true, user_search_base: true, user_filter: true, admin_filter: true, username_attribute: true, firstname_attribute: true,
  surname_attribute: true, email_attribute: true, user_dn: true, type: true, security_protocol: true,
}).extend({
  name: z.string().trim().min(1).max(255), host: z.string().trim().min(1).max(255), port: z.string().regex(/^[0-9]{1,5}$/),
  bind_password: z.string().max(1024),
}).partial({ bind_dn: true, user_search_base: true, admin_filter: true, firstname_attribute: true, surname_attribute: true, email_attribute: true, user_dn: true, bind_password: true });

function SourceForm({ onCreated }: { onCreated(name: string): void }) {
  const { api } = useAuth();
  const form = useApiForm<Form>(sourceSchema, EMPTY, 'name');
  const type = form.watch('type');
  const onSubmit = form.submit(async (v) => {
    const { port, user_dn: userDn, ...rest } = v;
    await api.post(BASE, { ...rest, port: Number(port), active: true, ...(v.type === 'ldap-simple' ? { user_dn: userDn } : {}) });
    onCreated(v.name);
    form.reset(EMPTY);
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="add-source">
      <h2 id="add-source">Add an LDAP source</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Name" {...form.field('name')} />
      <div className="form-row">
        <Select label="Kind" {...form.field('type')}>
          <option value="ldap">LDAP (via bind DN)</option><option value="ldap-simple">LDAP (simple auth)</option>
        </Select>
        <Select label="Security" {...form.field('security_protocol')}>
          <option value="unencrypted">Unencrypted</option><option value="ldaps">LDAPS</option><option value="starttls">StartTLS</option>
        </Select>
      </div>
      <div className="form-row">
        <Field label="Host" {...form.field('host')} />
        <Field label="Port" inputMode="numeric" {...form.field('port')} />
      </div>
      {type === 'ldap-simple' ? <Field label="User DN" hint="e.g. uid=%s,ou=people,dc=example,dc=org" {...form.field('user_dn')} /> : null}
      {TEXT_FIELDS.map(([k, label, hint]) => {
        const f = form.field(k);
        // The host needs these as well, though the shared schema leaves them optional: the search base for a bind DN source.
        const required = f.required || k === 'email_attribute' || (k === 'user_search_base' && type === 'ldap');
        return <Field key={k} label={label} type={k === 'bind_password' ? 'password' : 'text'} autoComplete="off" hint={hint || undefined} {...f} required={required} />;
      })}
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Adding…' : 'Add source'}</button>
    </form>
  );
}

/** The login sources page. */
export function AdminAuthSourcesPage() {
  const { api } = useAuth();
  const sources = useLoad(() => api.get<Source[]>(BASE, { query: { limit: 50 } }), BASE);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await what();
      setNotice(done);
      sources.reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Page title="Login sources">
      <AdminNav />
      <Notice>{notice}</Notice>
      <ErrorAlert>{sources.error ?? error}</ErrorAlert>
      <section className="card" aria-labelledby="sources-title">
        <h2 id="sources-title">Sources</h2>
        {sources.data?.length === 0 ? <p className="muted">No login sources: every account signs in with its password here. Add an LDAP directory below to let its users sign in with their directory password.</p> : null}
        {sources.data && sources.data.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Login sources</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Server</th><th scope="col">State</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {sources.data.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name} <span className="muted">#{s.id}</span></th>
                    <td>{serverOf(s)}</td>
                    <td>{s.active ? <span className="badge badge-ok">active</span> : <span className="badge badge-warn">off</span>}</td>
                    <td>
                      <div className="row-actions">
                        <button type="button" className="btn btn-small" onClick={() => { void act(() => api.patch(`${BASE}/${s.id}`, { active: !s.active }), `${s.name} is ${s.active ? 'off' : 'on'}.`); }}>{s.active ? 'Turn off' : 'Turn on'}</button>
                        <ConfirmButton label={`Delete ${s.name}`} question={`Delete the source ${s.name}?`} confirmLabel="Delete source"
                          onConfirm={() => act(() => api.delete(`${BASE}/${s.id}`), `Deleted ${s.name}.`)}>Delete</ConfirmButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <SourceForm onCreated={(n) => { setNotice(`Added the source ${n}.`); sources.reload(); }} />
      {sources.data && !sources.data.some((s) => s.type === 'sspi')
        ? <SspiSourceForm onCreated={(n) => { setNotice(`Added the source ${n}.`); sources.reload(); }} /> : null}
    </Page>
  );
}
