/** Maps a team to Gitea's `Team` JSON. The organization is always filled in, never null. */
import type { TeamRecord } from '../store/teams.ts';
import type { Organization, Team } from '../structs/org.ts';

/** Unit keys in Gitea's unit type order, so `units` lists them as Gitea does. */
const UNIT_ORDER = [
  'repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki', 'repo.ext_wiki', 'repo.ext_issues',
  'repo.projects', 'repo.packages', 'repo.actions',
];

const byUnitOrder = (a: string, b: string): number => UNIT_ORDER.indexOf(a) - UNIT_ORDER.indexOf(b);

/** Gitea's ToTeam with the organization loaded. */
export function toTeam(team: TeamRecord, organization: Organization): Team {
  const keys = Object.keys(team.units).sort(byUnitOrder);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    organization,
    includes_all_repositories: team.includes_all_repositories,
    permission: team.access_mode,
    units: keys,
    units_map: Object.fromEntries(keys.map((k) => [k, team.units[k] ?? 'none'])),
    can_create_org_repo: team.can_create_org_repo,
    visibility: team.visibility,
  };
}
