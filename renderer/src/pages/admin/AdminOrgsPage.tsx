/** Site administration: every organization, and a form to create one with an owner. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Organization } from '../../api/types.ts';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Page } from '../../components/Layout.tsx';
import { NewOrgForm } from '../../components/NewOrgForm.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { Pager } from '../../components/Pager.tsx';
import { AdminNav } from '../admin-nav.tsx';

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
      <NewOrgForm withOwner heading="New organization" onCreated={(org) => { setNotice(`Created the organization ${org.username || org.name}.`); orgs.reload(); }} />
    </Page>
  );
}
