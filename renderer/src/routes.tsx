/**
 * Every page of the UI, read top to bottom: Gitea's web addresses, so the `html_url`s the API and webhooks hand
 * out open here. `handle.public` pages are shown to signed-out visitors too (unless the host requires sign-in);
 * `handle.admin` pages need a site administrator. To add a page: write `pages/.../XPage.tsx`, add one line here.
 */
import type { ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { AccountSettingsPage } from './pages/AccountSettingsPage.tsx';
import { AdminUsersPage } from './pages/AdminUsersPage.tsx';
import { AdminAuthSourcesPage } from './pages/admin/AdminAuthSourcesPage.tsx';
import { AdminHookPage, AdminHooksPage } from './pages/admin/AdminHooksPage.tsx';
import { AdminOrgsPage } from './pages/admin/AdminOrgsPage.tsx';
import { AdminSettingsPage } from './pages/admin/AdminSettingsPage.tsx';
import { AdminBackupsPage } from './pages/admin/AdminBackupsPage.tsx';
import { OrgPage } from './pages/admin/OrgPage.tsx';
import { AdminRunnersPage, OrgRunnersPage, UserRunnersPage } from './pages/actions/RunnersPages.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { ExploreOrgsPage } from './pages/explore/ExploreOrgsPage.tsx';
import { ExploreReposPage } from './pages/explore/ExploreReposPage.tsx';
import { ExploreUsersPage } from './pages/explore/ExploreUsersPage.tsx';
import { MigratePage } from './pages/MigratePage.tsx';
import { NewOrgPage } from './pages/NewOrgPage.tsx';
import { NewRepoPage } from './pages/NewRepoPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { NotificationsPage } from './pages/NotificationsPage.tsx';
import { OwnerPage } from './pages/OwnerPage.tsx';
import { PackagesPage } from './pages/packages/PackagesPage.tsx';
import { PackagePage } from './pages/packages/PackagePage.tsx';
import { ProfileSettingsPage } from './pages/ProfileSettingsPage.tsx';
import { RepoPage, type RepoTab } from './pages/repo/RepoPages.tsx';
import { TokensPage } from './pages/TokensPage.tsx';
import { TwoFactorPage } from './pages/TwoFactorPage.tsx';
import { UserCreatePage } from './pages/UserCreatePage.tsx';
import { UserEditPage } from './pages/UserEditPage.tsx';
import { OrgActionsPage, UserActionsPage } from './pages/actions-secrets/ActionsSettingsPages.tsx';

export interface RouteHandle { public?: boolean; admin?: boolean }

type Params = Readonly<Partial<Record<string, string>>>;

function WithParams({ render }: { render(p: Params): ReactNode }) {
  return <>{render(useParams())}</>;
}

/** `/user/login?redirect_to=` once signed in: on to the page asked for (a path on this host only). */
function AfterSignIn() {
  const to = new URLSearchParams(window.location.search).get('redirect_to') ?? '/';
  return <Navigate to={to.startsWith('/') && !to.startsWith('//') ? to : '/'} replace />;
}

const page = (path: string, render: (p: Params) => ReactNode, handle: RouteHandle = {}): RouteObject => ({ path, handle, element: <WithParams render={render} /> });
const pub = { public: true };
const admin = { admin: true };
const repo = (path: string, tab: RepoTab, handle: RouteHandle = pub) => page(`/:owner/:repo${path}`, (p) => <RepoPage tab={tab} params={p} />, handle);

/** The route list, in the order Gitea's web router reads it: fixed paths first, then `/{owner}/{repo}/...`. */
export const ROUTES: RouteObject[] = [
  page('/', () => <DashboardPage />),
  page('/repo/create', () => <NewRepoPage />),
  page('/repo/migrate', () => <MigratePage />),
  page('/org/create', () => <NewOrgPage />),
  page('/explore', () => <Navigate to="/explore/repos" replace />, pub),
  page('/explore/repos', () => <ExploreReposPage />, pub),
  page('/explore/users', () => <ExploreUsersPage />, pub),
  page('/explore/organizations', () => <ExploreOrgsPage />, pub),
  page('/user/login', () => <AfterSignIn />),
  page('/notifications', () => <NotificationsPage />),
  page('/user/settings', () => <ProfileSettingsPage />),
  page('/user/settings/account', () => <AccountSettingsPage />),
  page('/user/settings/applications', () => <TokensPage />),
  page('/user/settings/security', () => <TwoFactorPage />),
  page('/org/:org/teams', (p) => <OrgPage key={p.org} org={p.org!} tab="teams" owner />),
  page('/org/:org/settings', (p) => <OrgPage key={p.org} org={p.org!} tab="settings" owner />),
  page('/org/:org/settings/hooks', (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" owner />),
  page('/org/:org/settings/hooks/:id', (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" hookId={p.id!} owner />),
  page('/user/settings/actions/secrets', () => <UserActionsPage key="secrets" kind="secrets" />),
  page('/user/settings/actions/variables', () => <UserActionsPage key="variables" kind="variables" />),
  page('/org/:org/settings/actions/secrets', (p) => <OrgActionsPage key={`${p.org}/s`} org={p.org!} kind="secrets" />),
  page('/org/:org/settings/actions/variables', (p) => <OrgActionsPage key={`${p.org}/v`} org={p.org!} kind="variables" />),
  page('/-/admin', () => <AdminUsersPage />, admin),
  page('/-/admin/users', () => <AdminUsersPage />, admin),
  page('/-/admin/users/new', () => <UserCreatePage />, admin),
  page('/-/admin/users/:name/edit', (p) => <UserEditPage key={p.name} name={p.name!} />, admin),
  page('/-/admin/users/:name/tokens', (p) => <TokensPage key={p.name} username={p.name!} />, admin),
  page('/-/admin/orgs', () => <AdminOrgsPage />, admin),
  page('/-/admin/orgs/:org', (p) => <OrgPage key={p.org} org={p.org!} tab="teams" />, admin),
  page('/-/admin/orgs/:org/hooks', (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" />, admin),
  page('/-/admin/orgs/:org/hooks/:id', (p) => <OrgPage key={p.org} org={p.org!} tab="hooks" hookId={p.id!} />, admin),
  page('/-/admin/hooks/system', () => <AdminHooksPage key="system" kind="system" />, admin),
  page('/-/admin/hooks/default', () => <AdminHooksPage key="default" kind="default" />, admin),
  page('/-/admin/hooks/:kind/:id', (p) => <AdminHookPage key={p.id} kind={p.kind!} id={p.id!} />, admin),
  page('/-/admin/auth-sources', () => <AdminAuthSourcesPage />, admin),
  page('/-/admin/settings', () => <AdminSettingsPage />, admin),
  page('/-/admin/backups', () => <AdminBackupsPage />, admin),
  page('/-/admin/actions/runners', () => <AdminRunnersPage />, admin),
  page('/user/settings/actions/runners', () => <UserRunnersPage />),
  page('/org/:org/settings/actions/runners', (p) => <OrgRunnersPage key={p.org} org={p.org!} />),
  // Earlier addresses of the same pages.
  page('/admin/*', (p) => <Navigate to={`/-/admin/${p['*'] ?? ''}`} replace />),
  page('/settings/*', () => <Navigate to="/user/settings/applications" replace />),
  page('/setup', () => <Navigate to="/" replace />),
  page('/login', () => <Navigate to="/" replace />),
  // A user's or organization's profile, then repositories at Gitea's addresses.
  page('/:owner', (p) => <OwnerPage key={p.owner} owner={p.owner!} />, pub),
  page('/:owner/-/packages', (p) => <PackagesPage key={p.owner} owner={p.owner!} />, pub),
  page('/:owner/-/packages/:type/:name', (p) => <PackagePage key={`${p.owner}/${p.type}/${p.name}`} owner={p.owner!} type={p.type!} name={p.name!} />, pub),
  page('/:owner/-/packages/:type/:name/:version', (p) => <PackagePage key={`${p.owner}/${p.type}/${p.name}/${p.version}`} owner={p.owner!} type={p.type!} name={p.name!} version={p.version} />, pub),
  repo('', 'files'),
  repo('/src/:kind/*', 'files'),
  repo('/commits', 'commits'),
  repo('/commits/:kind/*', 'commits'),
  repo('/commit/:sha', 'commit'),
  repo('/compare/*', 'compare'),
  repo('/branches', 'branches'),
  repo('/tags', 'tags'),
  repo('/releases', 'releases'),
  repo('/releases/tag/*', 'release'),
  repo('/releases/new', 'release-new', {}),
  repo('/releases/edit/*', 'release-edit', {}),
  repo('/issues', 'issues'),
  repo('/issues/new', 'issue-new', {}),
  repo('/issues/:index', 'issue'),
  repo('/labels', 'labels'),
  repo('/milestones', 'milestones'),
  repo('/pulls', 'pulls'),
  repo('/pulls/new', 'pull-new', {}),
  repo('/pulls/:index', 'pull'),
  repo('/pulls/:index/commits', 'pull-commits'),
  repo('/pulls/:index/files', 'pull-files'),
  repo('/fork', 'fork', {}),
  repo('/settings', 'settings', {}),
  repo('/settings/collaboration', 'collaborators', {}),
  repo('/settings/hooks', 'hooks', {}),
  repo('/settings/hooks/:id', 'hooks', {}),
  repo('/settings/mirror', 'mirror', {}),
  repo('/wiki', 'wiki'),
  repo('/wiki/:page', 'wiki'),
  repo('/settings/branches', 'branch-rules', {}),
  repo('/settings/actions/secrets', 'actions-secrets', {}),
  repo('/settings/actions/variables', 'actions-variables', {}),
  repo('/actions', 'actions'),
  repo('/actions/runs/:number', 'action-run'),
  repo('/settings/actions/runners', 'runners', {}),
  repo('/activity', 'activity'),
  page('*', () => <NotFoundPage message="There is no page at this address." />, pub),
];
