/** Site administration: every organization, and a form to create one with an owner. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Organization } from '../../api/types.ts';
import { useAuth, useUser } from '../../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../../components/Alert.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { Page } from '../../components/Layout.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { Pager } from '../../components/Pager.tsx';
import { useSubmit } from '../../use-submit.ts';
import { AdminNav } from '../admin-nav.tsx';

function OrgForm({ onCreated }: { onCreated(name: string): void }) {
  const { api } = useAuth();
  const me = useUser();
  const [name, setName] = useState('');
  const [fullName, setFullName] = useState('');
  const [owner, setOwner] = useState(me.login);
  const [visibility, setVisibility] = useState('public');
  const submit = useSubmit(async () => {
    await api.post(`/api/v1/admin/users/${seg(owner.trim())}/orgs`, { username: name.trim(), full_name: fullName, visibility });
    onCreated(name.trim());
    setName('');
    setFullName('');
  }, ['username', 'name', 'full_name', 'visibility', 'owner']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="new-org">
      <h2 id="new-org">New organization</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <div className="form-row">
        <Field label="Organization name" name="username" required value={name} error={submit.fields.username ?? submit.fields.name} onChange={(e) => setName(e.target.value)} />
        <Field label="Full name" name="full_name" value={fullName} error={submit.fields.full_name} onChange={(e) => setFullName(e.target.value)} />
      </div>
      <div className="form-row">
        <Field label="Owner" name="owner" required value={owner} error={submit.fields.owner} hint="This account joins the Owners team." onChange={(e) => setOwner(e.target.value)} />
        <Select label="Visibility" name="visibility" value={visibility} error={submit.fields.visibility} onChange={(e) => setVisibility(e.target.value)}>
          <option value="public">Public</option><option value="limited">Limited: signed-in users</option><option value="private">Private: members only</option>
        </Select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={submit.busy || !name.trim()}>{submit.busy ? 'Creating…' : 'Create organization'}</button>
    </form>
  );
}

/** The organizations page. */
export function AdminOrgsPage() {
  const orgs = useList<Organization>('/api/v1/admin/orgs');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Page title="Organizations">
      <AdminNav />
      <Notice>{notice}</Notice>
      <ErrorAlert>{orgs.error}</ErrorAlert>
      <section className="card" aria-labelledby="orgs-title">
        <h2 id="orgs-title">Organizations</h2>
        {orgs.items?.length === 0 ? <p className="muted">No organizations yet. Create one below to share repositories with teams.</p> : null}
        {orgs.items && orgs.items.length > 0 ? (
          <ul className="plain-list" aria-label="Organizations">
            {orgs.items.map((o) => (
              <li key={o.id}>
                <Link to={`/-/admin/orgs/${seg(o.username || o.name)}`}>{o.username || o.name}</Link>
                {o.full_name ? <span className="muted"> {o.full_name}</span> : null} <span className="badge badge-muted">{o.visibility}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {orgs.items ? <Pager list={orgs} noun="organizations" /> : null}
      </section>
      <OrgForm onCreated={(n) => { setNotice(`Created the organization ${n}.`); orgs.reload(); }} />
    </Page>
  );
}
