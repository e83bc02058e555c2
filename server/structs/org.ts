/** Gitea's wire shapes for organizations, teams and collaborators (requests and responses); the TS types are inferred from them. */
import { z } from 'zod';
import { AccessMode, Visibility, int, searchResults } from './common.ts';
import { User } from './user.ts';

const visibility = z.enum(['public', 'limited', 'private']);
/** Gitea accepts an empty visibility as "not given". */
const optionalVisibility = z.union([visibility, z.literal('')]).optional().transform((v) => v || undefined);
const website = z.union([z.url(), z.literal('')]).optional();

const orgFields = {
  full_name: z.string().max(100).optional(),
  email: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  website,
  location: z.string().max(50).optional(),
  visibility: optionalVisibility,
  repo_admin_change_team_access: z.boolean().optional(),
};

/** `POST /orgs` and `POST /admin/users/{username}/orgs`. */
export const CreateOrgOption = z.object({ username: z.string().min(1).max(40), ...orgFields }).meta({ id: 'CreateOrgOption' });
export type CreateOrgOption = z.infer<typeof CreateOrgOption>;

/** `PATCH /orgs/{org}`: fields left out stay as they are. */
export const EditOrgOption = z.object(orgFields).meta({ id: 'EditOrgOption' });
export type EditOrgOption = z.infer<typeof EditOrgOption>;

const teamName = z.string().min(1).max(255).regex(/^[\w.-]+$/, 'name may only contain letters, numbers, dashes, underscores and dots');
const unitMode = z.enum(['none', 'read', 'write', 'admin']);

const teamFields = {
  description: z.string().max(255).optional(),
  permission: z.enum(['read', 'write', 'admin']).optional(),
  units: z.array(z.string()).optional(),
  units_map: z.record(z.string(), unitMode).optional(),
  includes_all_repositories: z.boolean().optional(),
  can_create_org_repo: z.boolean().optional(),
  visibility: optionalVisibility,
};

/** `POST /orgs/{org}/teams`. */
export const CreateTeamOption = z.object({ name: teamName, ...teamFields }).meta({ id: 'CreateTeamOption' });
export type CreateTeamOption = z.infer<typeof CreateTeamOption>;

/** `PATCH /teams/{id}`: an empty or missing name keeps the old one. */
export const EditTeamOption = z.object({ name: z.union([teamName, z.literal('')]).optional(), ...teamFields }).meta({ id: 'EditTeamOption' });
export type EditTeamOption = z.infer<typeof EditTeamOption>;

/** `GET /orgs`: `q` (a Homeforge addition; Gitea's list takes only paging) keeps organizations whose name or full name holds it. */
export const OrgListQuery = z.object({ q: z.string().optional() });
export type OrgListQuery = z.infer<typeof OrgListQuery>;

/** `GET /orgs/{org}/teams/search`. */
export const TeamSearchQuery = z.object({
  q: z.string().optional(),
  include_desc: z.enum(['true', 'false', '1', '0', '']).optional(),
}).loose();

/** `PUT /repos/{owner}/{repo}/collaborators/{collaborator}`. */
export const AddCollaboratorOption = z.object({ permission: z.enum(['read', 'write', 'admin']).optional() }).meta({ id: 'AddCollaboratorOption' });
export type AddCollaboratorOption = z.infer<typeof AddCollaboratorOption>;

/** Gitea's `Organization`; the email is "" for anonymous viewers. */
export const Organization = z.strictObject({
  id: int,
  name: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar_url: z.string(),
  description: z.string(),
  website: z.string(),
  location: z.string(),
  visibility: Visibility,
  repo_admin_change_team_access: z.boolean(),
  username: z.string(),
}).meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

/** Gitea's `Team`, with its organization always filled in. */
export const Team = z.strictObject({
  id: int,
  name: z.string(),
  description: z.string(),
  organization: Organization,
  includes_all_repositories: z.boolean(),
  permission: AccessMode,
  units: z.array(z.string()),
  units_map: z.record(z.string(), z.string()),
  can_create_org_repo: z.boolean(),
  visibility: Visibility,
}).meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

/** `GET /orgs/{org}/teams/search`. */
export const TeamSearchResults = searchResults(Team).meta({ id: 'TeamSearchResults' });
export type TeamSearchResults = z.infer<typeof TeamSearchResults>;

/** Gitea's `RepoCollaboratorPermission` (`GET /repos/{owner}/{repo}/collaborators/{collaborator}/permission`). */
export const RepoCollaboratorPermission = z.strictObject({
  permission: AccessMode,
  role_name: z.string(),
  user: User,
}).meta({ id: 'RepoCollaboratorPermission' });
export type RepoCollaboratorPermission = z.infer<typeof RepoCollaboratorPermission>;
