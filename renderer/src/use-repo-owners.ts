/** Where the signed-in user may create repositories: their own account and the organizations that allow it. */
import type { Organization, Team } from './api/types.ts';
import { useAuth, useUser } from './auth.tsx';
import { useLoad } from './use-load.ts';

export interface RepoOwner { name: string; org: boolean }

/**
 * The user first, then each organization of `GET /user/orgs` where one of the user's teams (`GET /user/teams`) is
 * the owners' team or may create repositories. The host has no per-organization permission call, so the teams
 * decide, as Gitea's `CanCreateOrgRepo` does.
 */
export function useRepoOwners(): { owners: RepoOwner[] | undefined; error: string | null } {
  const { api } = useAuth();
  const user = useUser();
  const loaded = useLoad(async () => {
    const [orgs, teams] = await Promise.all([
      api.get<Organization[]>('/api/v1/user/orgs', { query: { limit: 50 } }),
      api.get<Team[]>('/api/v1/user/teams', { query: { limit: 50 } }),
    ]);
    const allowed = new Set(teams.filter((t) => t.name === 'Owners' || t.can_create_org_repo).map((t) => t.organization.name));
    return orgs.filter((o) => allowed.has(o.name)).map((o) => ({ name: o.name, org: true }));
  }, `repo-owners|${user.login}`);
  return { owners: loaded.data ? [{ name: user.login, org: false }, ...loaded.data] : undefined, error: loaded.error };
}

/** True when the user owns `org` (is in its Owners team); undefined while loading or for a visitor. */
export function useOwnsOrg(org: string, enabled: boolean): boolean | undefined {
  const { api, state } = useAuth();
  const signedIn = state.kind === 'signed-in';
  const loaded = useLoad(async () => {
    if (!signedIn || !enabled) return false;
    const teams = await api.get<Team[]>('/api/v1/user/teams', { query: { limit: 50 } });
    return teams.some((t) => t.organization.name.toLowerCase() === org.toLowerCase() && t.name === 'Owners');
  }, `owns-org|${org}|${signedIn}|${enabled}`);
  return loaded.data ?? undefined;
}
