/** Maps an organization (a users-table record of type 'organization') to Gitea's `Organization` JSON. */
import type { UserRecord } from '../store/records.ts';
import type { Organization } from '../structs/org.ts';

/** Gitea's ToOrganization; the email is hidden from anonymous viewers, as Gitea's orgGet does. */
export function toOrganization(org: UserRecord, viewer: UserRecord | null, baseUrl: string, repoAdminChangeTeamAccess: boolean): Organization {
  return {
    id: org.id,
    name: org.name,
    full_name: org.full_name,
    email: viewer ? org.email : '',
    avatar_url: `${baseUrl}/avatars/${encodeURIComponent(org.lower_name)}`,
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: org.visibility,
    repo_admin_change_team_access: repoAdminChangeTeamAccess,
    username: org.name,
  };
}
