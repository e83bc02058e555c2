/** Shared by the organization, team and collaborator routes: the JSON of organizations, teams and repositories. */
import type { ApiContext } from '../../router/context.ts';
import type { UserRecord } from '../../../store/records.ts';
import type { TeamRecord } from '../../../store/teams.ts';
import { findUserById } from '../../../services/user/lookup.ts';
import { toOrganization } from '../../../convert/org.ts';
import type { Organization } from '../../../structs/org.ts';
import { toTeam } from '../../../convert/team.ts';
import { repoAdminChangeTeamAccess } from '../../../services/org/orgs.ts';
import { NotFoundError } from '../../../lib/errors.ts';

/** Gitea's `Organization` for the request's viewer. */
export async function orgJson(ctx: ApiContext<unknown, unknown>, org: UserRecord): Promise<Organization> {
  return toOrganization(org, ctx.doer, ctx.baseUrl, await repoAdminChangeTeamAccess(ctx.app, org));
}

/** Gitea's `Team` for each team, with its organization filled in (never null). */
export async function teamsJson(ctx: ApiContext<unknown, unknown>, teams: TeamRecord[]) {
  const orgs = new Map<number, Organization>();
  const out = [];
  for (const t of teams) {
    let org = orgs.get(t.org_id);
    if (!org) {
      const record = await findUserById(ctx.app, t.org_id);
      if (!record) throw new NotFoundError('The organization does not exist.');
      org = await orgJson(ctx, record);
      orgs.set(t.org_id, org);
    }
    out.push(toTeam(t, org));
  }
  return out;
}

/** Gitea's `Team` for one team. */
export async function teamJson(ctx: ApiContext<unknown, unknown>, team: TeamRecord) {
  return (await teamsJson(ctx, [team]))[0];
}

