/** `/org/create`: a signed-in user creates an organization and becomes its owner; a user the host does not allow is told why instead. */
import { seg } from '../api/client.ts';
import type { UserCapabilities } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { NewOrgForm } from '../components/NewOrgForm.tsx';
import { useRouter } from '../router.tsx';
import { useLoad } from '../use-load.ts';

function CreationRefused() {
  return (
    <section className="card" aria-labelledby="org-refused">
      <h2 id="org-refused">You may not create organizations</h2>
      <p>This host does not let your account create organizations. A site administrator can allow it for your account, or create the organization for you with you as its owner.</p>
    </section>
  );
}

/** The form, once the host has said the user may create organizations; goes to the new organization's page. */
export function NewOrgPage() {
  const { api } = useAuth();
  const user = useUser();
  const { navigate } = useRouter();
  const capabilities = useLoad(() => api.get<UserCapabilities>('/api/homeforge/user/capabilities'), `capabilities|${user.login}`);
  const allowed = capabilities.data?.can_create_organization;
  return (
    <Page title="New organization" narrow>
      <ErrorAlert>{capabilities.error ? `Whether you may create organizations could not be read: ${capabilities.error}` : null}</ErrorAlert>
      {allowed === undefined && !capabilities.error ? <p role="status" className="loading">Loading…</p> : null}
      {allowed === false ? <CreationRefused /> : null}
      {allowed ? <NewOrgForm onCreated={(org) => navigate(`/${seg(org.username || org.name)}`)} /> : null}
    </Page>
  );
}
