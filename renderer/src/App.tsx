/** The app: query cache, router, and the session gate (first run, sign-in, signed in or a public page). */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, RouterProvider, createBrowserRouter, useLocation, useMatches } from 'react-router';
import { ApiError } from './api/client.ts';
import { AuthProvider, useAuth } from './auth.tsx';
import { Layout } from './components/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SetupPage } from './pages/SetupPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { ROUTES, type RouteHandle } from './routes.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 } } });

function useHandle(): RouteHandle {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined) ?? {};
}

/** A signed-out visitor on a public page: shown unless the host answers that it requires sign-in. */
function PublicGate() {
  const { api } = useAuth();
  const probe = useQuery({ queryKey: ['signin-view'], queryFn: () => api.get('/api/v1/version', { anonymous: true }).then(() => true, (err: unknown) => !(err instanceof ApiError && err.status === 403)) });
  if (probe.data === undefined) return <main id="main" className="auth-main"><p role="status" className="loading">Loading Homeforge…</p></main>;
  if (!probe.data) return <SignInPage notice="This host requires you to sign in to view its pages." />;
  return <Layout><Outlet /></Layout>;
}

/** Where a user who must change the password is sent. */
const PASSWORD_PAGE = '/user/settings/account';

function Gate() {
  const { state } = useAuth();
  const handle = useHandle();
  const { pathname } = useLocation();
  switch (state.kind) {
    case 'loading': return <main id="main" className="auth-main"><p role="status" className="loading">Loading Homeforge…</p></main>;
    case 'needs-setup': return <SetupPage />;
    case 'signed-out': return handle.public ? <PublicGate /> : <SignInPage notice={state.notice} />;
    case 'signed-in':
      // Until the password is changed the host refuses everything else: the password form is the only page.
      if (state.mustChangePassword && pathname !== PASSWORD_PAGE) return <Navigate to={PASSWORD_PAGE} replace />;
      if (handle.admin && !state.user.is_admin) return <Layout><NotFoundPage message="This page is for site administrators." /></Layout>;
      return <Layout><Outlet /></Layout>;
  }
}

function Root() {
  return <AuthProvider><Gate /></AuthProvider>;
}

const router = createBrowserRouter([{ element: <Root />, children: ROUTES }]);

/** The root component. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
