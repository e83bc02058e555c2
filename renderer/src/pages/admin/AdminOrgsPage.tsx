/** Site administration: every organization, and a form to create one with an owner. */
import { useState } from 'react';
import { z } from 'zod';
import { CreateOrgOption } from '../../../../server/structs/org.ts';
import { seg } from '../../api/client.ts';
import type { Organization } from '../../api/types.ts';
import { useAuth, useUser } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { Page } from '../../components/Layout.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { Pager } from '../../components/Pager.tsx';
import { useApiForm } from '../../zod-form.ts';
import { AdminNav } from '../admin-nav.tsx';

/** The API's body plus the owner, whose address the request goes to. */
const orgSchema = CreateOrgOption.pick({ username: true, full_name: true, visibility: true }).extend({ owner: z.string().min(1) });
type OrgValues = { username: string; full_name: string; visibility: 'public' | 'limited' | 'private'; owner: string };

function OrgForm({ onCreated }: { onCreated(name: string): void }) {
  const { api } = useAuth();
  const me = useUser();
  const form = useApiForm<OrgValues>(orgSchema, { username: '', full_name: '', visibility: 'public', owner: me.login }, 'username');
  const name = form.watch('username');
  const onSubmit = form.submit(async (v) => {
    await api.post(`/api/v1/admin/users/${seg(v.owner.trim())}/orgs`, { username: v.username.trim(), full_name: v.full_name, visibility: v.visibility });
    onCreated(v.username.trim());
    form.reset({ ...v, username: '', full_name: '' });
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="new-org">
      <h2 id="new-org">New organization</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Organization name" {...form.field('username')} />
        <Field label="Full name" {...form.field('full_name')} />
      </div>
      <div className="form-row">
        <Field label="Owner" hint="This account joins the Owners team." {...form.field('owner')} />
        <Select label="Visibility" {...form.field('visibility')}>
          <option value="public">Public</option><option value="limited">Limited: signed-in users</option><option value="private">Private: members only</option>
        </Select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>{busy ? 'Creating…' : 'Create organization'}</button>
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
        {orgs.items?.length || orgs.page > 1 ? <Pager list={orgs} noun="organizations" /> : null}
      </section>
      <OrgForm onCreated={(n) => { setNotice(`Created the organization ${n}.`); orgs.reload(); }} />
    </Page>
  );
}
