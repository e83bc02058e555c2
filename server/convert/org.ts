/** Maps an organization (a users-table record of type 'organization') to Gitea's `Organization` JSON. */
import type { UserRecord } from '../store/records.ts';

export interface ApiOrganization {
  id: number;
  name: string;
  full_name: string;
  email: string;
  avatar_url: string;
  description: string;
  website: string;
  location: string;
  visibility: string;
  repo_admin_change_team_access: boolean;
  username: string;
}

/** Gitea's ToOrganization; the email is hidden from anonymous viewers, as Gitea's orgGet does. */
export function toOrganization(org: UserRecord, viewer: UserRecord | null, baseUrl: string, repoAdminChangeTeamAccess: boolean): ApiOrganization {
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
