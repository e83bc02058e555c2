/** The app: the session gate (first run, sign-in, signed in) and the route table of the signed-in pages. */
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './auth.tsx';
import { Layout, Page } from './components/Layout.tsx';
import { Link, RouterProvider, matchPath, useRouter } from './router.tsx';
import { AdminUsersPage } from './pages/AdminUsersPage.tsx';
import { AdminAuthSourcesPage } from './pages/admin/AdminAuthSourcesPage.tsx';
import { AdminHookPage, AdminHooksPage } from './pages/admin/AdminHooksPage.tsx';
import { AdminOrgsPage } from './pages/admin/AdminOrgsPage.tsx';
import { AdminSettingsPage } from './pages/admin/AdminSettingsPage.tsx';
import { OrgPage } from './pages/admin/OrgPage.tsx';
import { MigratePage } from './pages/MigratePage.tsx';
import { RepoPage } from './pages/repo/RepoPages.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { NewRepoPage } from './pages/NewRepoPage.tsx';
import { SetupPage } from './pages/SetupPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { TokensPage } from './pages/TokensPage.tsx';
import { TwoFactorPage } from './pages/TwoFactorPage.tsx';
import { UserCreatePage } from './pages/UserCreatePage.tsx';
import { UserEditPage } from './pages/UserEditPage.tsx';

interface RouteEntry {
  path: string;
  admin?: boolean;
  render(params: Record<string, string>): ReactNode;
}

/** Every signed-in page, read top to bottom; `admin` pages need a site administrator. */
const ROUTES: RouteEntry[] = [
  { path: '/', render: () => <DashboardPage /> },
  { path: '/repo/create', render: () => <NewRepoPage /> },
  { path: '/repo/migrate', render: () => <MigratePage /> },
  { path: '/settings', render: () => <TokensPage /> },
  { path: '/settings/tokens', render: () => <TokensPage /> },
  { path: '/settings/two-factor', render: () => <TwoFactorPage /> },
  { path: '/admin', admin: true, render: () => <AdminUsersPage /> },
  { path: '/admin/users', admin: true, render: () => <AdminUsersPage /> },
  { path: '/admin/users/new', admin: true, render: () => <UserCreatePage /> },
  { path: '/admin/users/:name/edit', admin: true, render: (p) => <UserEditPage key={p.name} name={p.name!} /> },
  { path: '/admin/users/:name/tokens', admin: true, render: (p) => <TokensPage key={p.name} username={p.name!} /> },
  { path: '/admin/orgs', admin: true, render: () => <AdminOrgsPage /> },
  { path: '/admin/orgs/:org', admin: true, render: (p) => <OrgPage key={p.org} org={p.org!} tab="teams" /> },
  { path: '/admin/orgs/:org/hooks', admin: true, render: (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" /> },
  { path: '/admin/orgs/:org/hooks/:id', admin: true, render: (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" hookId={p.id!} /> },
  { path: '/admin/hooks/system', admin: true, render: () => <AdminHooksPage key="system" kind="system" /> },
  { path: '/admin/hooks/default', admin: true, render: () => <AdminHooksPage key="default" kind="default" /> },
  { path: '/admin/hooks/:kind/:id', admin: true, render: (p) => <AdminHookPage key={p.id} kind={p.kind!} id={p.id!} /> },
  { path: '/admin/auth-sources', admin: true, render: () => <AdminAuthSourcesPage /> },
  { path: '/admin/settings', admin: true, render: () => <AdminSettingsPage /> },
  // The first-run and sign-in addresses lead home once signed in.
  { path: '/setup', render: () => <DashboardPage /> },
  { path: '/login', render: () => <DashboardPage /> },
  // Repository pages at Gitea's addresses (a repository's html_url); last, so fixed paths above win.
  { path: '/:owner/:repo', render: (p) => <RepoPage tab="files" params={p} /> },
  { path: '/:owner/:repo/commits', render: (p) => <RepoPage tab="commits" params={p} /> },
  { path: '/:owner/:repo/commit/:sha', render: (p) => <RepoPage tab="commit" params={p} /> },
  { path: '/:owner/:repo/compare/:basehead', render: (p) => <RepoPage tab="compare" params={p} /> },
  { path: '/:owner/:repo/branches', render: (p) => <RepoPage tab="branches" params={p} /> },
  { path: '/:owner/:repo/settings', render: (p) => <RepoPage tab="settings" params={p} /> },
  { path: '/:owner/:repo/collaborators', render: (p) => <RepoPage tab="collaborators" params={p} /> },
  { path: '/:owner/:repo/hooks', render: (p) => <RepoPage tab="hooks" params={p} /> },
  { path: '/:owner/:repo/hooks/:id', render: (p) => <RepoPage tab="hooks" params={p} /> },
  { path: '/:owner/:repo/mirror', render: (p) => <RepoPage tab="mirror" params={p} /> },
];

function NotFound({ message }: { message: string }) {
  return (
    <Page title="Page not found">
      <p>{message}</p>
      <p><Link to="/">Go to your repositories</Link></p>
    </Page>
  );
}

function SignedIn({ isAdmin }: { isAdmin: boolean }) {
  const { path } = useRouter();
  for (const r of ROUTES) {
    const params = matchPath(r.path, path);
    if (!params) continue;
    if (r.admin && !isAdmin) return <Layout><NotFound message="This page is for site administrators." /></Layout>;
    return <Layout>{r.render(params)}</Layout>;
  }
  return <Layout><NotFound message="There is no page at this address." /></Layout>;
}

function Gate() {
  const { state } = useAuth();
  switch (state.kind) {
    case 'loading': return <main id="main" className="auth-main"><p role="status" className="loading">Loading Homeforge…</p></main>;
    case 'needs-setup': return <SetupPage />;
    case 'signed-out': return <SignInPage notice={state.notice} />;
    case 'signed-in': return <SignedIn isAdmin={state.user.is_admin} />;
  }
}

/** The root component. */
export function App() {
  return (
    <RouterProvider>
      <AuthProvider>
        <Gate />
      </AuthProvider>
    </RouterProvider>
  );
}
