/** The sub-navigation of the site administration and of the account settings. */
import { SubNav } from '../components/Layout.tsx';

/** Site administration sections. */
export function AdminNav() {
  return (
    <SubNav label="Site administration" items={[
      { to: '/-/admin/users', text: 'Users' }, { to: '/-/admin/users/new', text: 'New user' }, { to: '/-/admin/orgs', text: 'Organizations', prefix: '/-/admin/orgs' },
      { to: '/-/admin/hooks/system', text: 'System webhooks' }, { to: '/-/admin/hooks/default', text: 'Default webhooks' },
      { to: '/-/admin/auth-sources', text: 'Login sources' }, { to: '/-/admin/settings', text: 'Host settings' }, { to: '/-/admin/backups', text: 'Backups' },
      { to: '/-/admin/actions/runners', text: 'Runners' },
    ]} />
  );
}

/** Account settings sections. */
export function SettingsNav() {
  return <SubNav label="Settings" items={[
    { to: '/user/settings', text: 'Profile' }, { to: '/user/settings/account', text: 'Account' }, { to: '/user/settings/applications', text: 'Access tokens' },
    { to: '/user/settings/security', text: 'Two-factor authentication' },
    { to: '/user/settings/actions/secrets', text: 'Secrets and variables', prefix: '/user/settings/actions' },
    { to: '/user/settings/actions/runners', text: 'Runners' },
  ]} />;
}
