/** The app: the session gate (first run, sign-in, signed in) and the route table of the signed-in pages. */
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './auth.tsx';
import { Layout, Page } from './components/Layout.tsx';
import { Link, RouterProvider, matchPath, useRouter } from './router.tsx';
import { AdminUsersPage } from './pages/AdminUsersPage.tsx';
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
  { path: '/settings', render: () => <TokensPage /> },
  { path: '/settings/tokens', render: () => <TokensPage /> },
  { path: '/settings/two-factor', render: () => <TwoFactorPage /> },
  { path: '/admin', admin: true, render: () => <AdminUsersPage /> },
  { path: '/admin/users', admin: true, render: () => <AdminUsersPage /> },
  { path: '/admin/users/new', admin: true, render: () => <UserCreatePage /> },
  { path: '/admin/users/:name/edit', admin: true, render: (p) => <UserEditPage key={p.name} name={p.name!} /> },
  { path: '/admin/users/:name/tokens', admin: true, render: (p) => <TokensPage key={p.name} username={p.name!} /> },
  // The first-run and sign-in addresses lead home once signed in.
  { path: '/setup', render: () => <DashboardPage /> },
  { path: '/login', render: () => <DashboardPage /> },
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
