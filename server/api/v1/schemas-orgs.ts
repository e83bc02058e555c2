/** Gitea's request shapes for organizations, teams and collaborators; the TS types are inferred from them. */
import { z } from 'zod';

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
export const CreateOrgOption = z.object({ username: z.string().min(1).max(40), ...orgFields });
export type CreateOrgOption = z.infer<typeof CreateOrgOption>;

/** `PATCH /orgs/{org}`: fields left out stay as they are. */
export const EditOrgOption = z.object(orgFields);
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
export const CreateTeamOption = z.object({ name: teamName, ...teamFields });
export type CreateTeamOption = z.infer<typeof CreateTeamOption>;

/** `PATCH /teams/{id}`: an empty or missing name keeps the old one. */
export const EditTeamOption = z.object({ name: z.union([teamName, z.literal('')]).optional(), ...teamFields });
export type EditTeamOption = z.infer<typeof EditTeamOption>;

/** `GET /orgs/{org}/teams/search`. */
export const TeamSearchQuery = z.object({
  q: z.string().optional(),
  include_desc: z.enum(['true', 'false', '1', '0', '']).optional(),
}).loose();

/** `PUT /repos/{owner}/{repo}/collaborators/{collaborator}`. */
export const AddCollaboratorOption = z.object({ permission: z.enum(['read', 'write', 'admin']).optional() });
export type AddCollaboratorOption = z.infer<typeof AddCollaboratorOption>;
