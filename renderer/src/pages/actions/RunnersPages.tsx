/** The runners pages of the site administration, the account settings and an organization's settings. */
import { Page } from '../../components/Layout.tsx';
import { seg } from '../../api/client.ts';
import { AdminNav, SettingsNav } from '../admin-nav.tsx';
import { RunnersPanel } from './RunnersPanel.tsx';

/** Site administration: global runners (and all others), the global token, the built-in runner switch. */
export function AdminRunnersPage() {
  return <Page title="Runners"><AdminNav /><RunnersPanel api="/api/v1/admin/actions/runners" reset="/api/homeforge/admin/actions/runners" builtin /></Page>;
}

/** Account settings: the signed-in user's runners. */
export function UserRunnersPage() {
  return <Page title="Runners"><SettingsNav /><RunnersPanel api="/api/v1/user/actions/runners" reset="/api/homeforge/user/actions/runners" /></Page>;
}

/** An organization's runners (its owners only). */
export function OrgRunnersPage({ org }: { org: string }) {
  return <Page title={`Runners of ${org}`}><RunnersPanel api={`/api/v1/orgs/${seg(org)}/actions/runners`} reset={`/api/homeforge/orgs/${seg(org)}/actions/runners`} /></Page>;
}
