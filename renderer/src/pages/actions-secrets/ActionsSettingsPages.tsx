/**
 * Secrets and variables pages at Gitea's web addresses: `/{owner}/{repo}/settings/actions/{secrets,variables}`,
 * `/org/{org}/settings/actions/{secrets,variables}` and `/user/settings/actions/{secrets,variables}`.
 */
import { seg } from '../../api/client.ts';
import { Page, SubNav } from '../../components/Layout.tsx';
import { SettingsNav } from '../admin-nav.tsx';
import { useRepo } from '../repo/repo-context.tsx';
import { SecretsPanel } from './SecretsPanel.tsx';
import { VariablesPanel } from './VariablesPanel.tsx';

export type ActionsKind = 'secrets' | 'variables';

function Panels({ kind, uiBase, apiBase, secretList, scopeWords }: { kind: ActionsKind; uiBase: string; apiBase: string; secretList: string; scopeWords: string }) {
  return (
    <>
      <SubNav label="Actions settings" items={[{ to: `${uiBase}/secrets`, text: 'Secrets' }, { to: `${uiBase}/variables`, text: 'Variables' }]} />
      {kind === 'secrets'
        ? <SecretsPanel listPath={secretList} writeBase={`${apiBase}/secrets`} scopeWords={scopeWords} />
        : <VariablesPanel base={`${apiBase}/variables`} scopeWords={scopeWords} />}
    </>
  );
}

/** A repository's secrets or variables (inside the repository frame). */
export function RepoActionsSettings({ kind }: { kind: ActionsKind }) {
  const { api, base } = useRepo();
  const apiBase = `${api}/actions`;
  return <Panels kind={kind} uiBase={`${base}/settings/actions`} apiBase={apiBase} secretList={`${apiBase}/secrets`} scopeWords="this repository" />;
}

/** An organization's secrets or variables, for its owners. */
export function OrgActionsPage({ org, kind }: { org: string; kind: ActionsKind }) {
  const apiBase = `/api/v1/orgs/${seg(org)}/actions`;
  return (
    <Page title={`Organization ${org}: ${kind}`}>
      <SubNav label={`Organization ${org}`} items={[{ to: `/${seg(org)}`, text: 'Repositories' }, { to: `/org/${seg(org)}/teams`, text: 'Teams' }, { to: `/org/${seg(org)}/settings/hooks`, text: 'Webhooks' }]} />
      <Panels kind={kind} uiBase={`/org/${seg(org)}/settings/actions`} apiBase={apiBase} secretList={`${apiBase}/secrets`} scopeWords="every repository of the organization" />
    </Page>
  );
}

/** The signed-in user's secrets or variables. */
export function UserActionsPage({ kind }: { kind: ActionsKind }) {
  return (
    <Page title={kind === 'secrets' ? 'Actions secrets' : 'Actions variables'}>
      <SettingsNav />
      <Panels kind={kind} uiBase="/user/settings/actions" apiBase="/api/v1/user/actions" secretList="/api/homeforge/user/actions/secrets" scopeWords="every repository you own" />
    </Page>
  );
}
