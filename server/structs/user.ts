/** Gitea's wire shapes for users, admin users and access tokens (requests and responses); the TS types are inferred from them. */
import { z } from 'zod';
import { Visibility, dateTime, email as emailField, int, searchResults } from './common.ts';

const visibility = Visibility;
const email = z.string().min(1).max(254);

/** `POST /admin/users`: only `username` and `email` are required. */
export const CreateUserOption = z.object({
  source_id: z.number().int().min(0).optional(),
  login_name: z.string().max(255).optional(),
  username: z.string().min(1).max(40),
  full_name: z.string().max(100).optional(),
  email,
  password: z.string().max(255).optional(),
  must_change_password: z.boolean().optional(),
  send_notify: z.boolean().optional(),
  restricted: z.boolean().optional(),
  visibility: z.union([visibility, z.literal('')]).optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
}).meta({ id: 'CreateUserOption' });
export type CreateUserOption = z.infer<typeof CreateUserOption>;

/** `PATCH /admin/users/{username}`: every field is optional and applied only when present. */
export const EditUserOption = z.object({
  source_id: z.number().int().min(0).optional(),
  login_name: z.string().max(255).optional(),
  email: z.string().max(255).optional(),
  full_name: z.string().max(100).optional(),
  password: z.string().max(255).optional(),
  must_change_password: z.boolean().optional(),
  website: z.union([z.url(), z.literal('')]).optional(),
  location: z.string().max(50).optional(),
  description: z.string().max(255).optional(),
  active: z.boolean().optional(),
  admin: z.boolean().optional(),
  allow_git_hook: z.boolean().optional(),
  allow_import_local: z.boolean().optional(),
  max_repo_creation: z.number().int().min(-1).optional(),
  prohibit_login: z.boolean().optional(),
  allow_create_organization: z.boolean().optional(),
  restricted: z.boolean().optional(),
  visibility: z.union([visibility, z.literal('')]).optional(),
}).meta({ id: 'EditUserOption' });
export type EditUserOption = z.infer<typeof EditUserOption>;

/** `POST /admin/users/{username}/rename`. */
export const RenameUserOption = z.object({
  new_username: z.string().min(1).max(40),
}).meta({ id: 'RenameUserOption' });
export type RenameUserOption = z.infer<typeof RenameUserOption>;

/** `POST /users/{username}/tokens`. */
export const CreateAccessTokenOption = z.object({
  name: z.string().min(1).max(255),
  scopes: z.array(z.string()).optional(),
}).meta({ id: 'CreateAccessTokenOption' });
export type CreateAccessTokenOption = z.infer<typeof CreateAccessTokenOption>;

const queryBool = z
  .enum(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'])
  .transform((v) => ['1', 't', 'true'].includes(v.toLowerCase()));
const queryInt = z.string().regex(/^-?\d+$/, 'must be an integer').transform(Number);
const emptyAsAbsent = (v: unknown): unknown => (v === '' ? undefined : v);

/** `GET /admin/users` filters. */
export const AdminSearchUsersQuery = z.object({
  source_id: z.preprocess(emptyAsAbsent, queryInt.optional()),
  login_name: z.string().optional(),
  q: z.string().optional(),
  sort: z.preprocess(emptyAsAbsent, z.enum(['name', 'created', 'updated', 'id']).optional()),
  order: z.preprocess(emptyAsAbsent, z.enum(['asc', 'desc']).optional()),
  visibility: z.preprocess(emptyAsAbsent, visibility.optional()),
  is_active: z.preprocess(emptyAsAbsent, queryBool.optional()),
  is_admin: z.preprocess(emptyAsAbsent, queryBool.optional()),
  is_restricted: z.preprocess(emptyAsAbsent, queryBool.optional()),
  is_2fa_enabled: z.preprocess(emptyAsAbsent, queryBool.optional()),
  is_prohibit_login: z.preprocess(emptyAsAbsent, queryBool.optional()),
});
export type AdminSearchUsersQuery = z.infer<typeof AdminSearchUsersQuery>;

/** `GET /users/search`. */
export const UserSearchQuery = z.object({
  q: z.string().optional(),
  uid: z.preprocess(emptyAsAbsent, queryInt.optional()),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

/** `DELETE /admin/users/{username}?purge=`. */
export const DeleteUserQuery = z.object({
  purge: z.preprocess(emptyAsAbsent, queryBool.optional()),
});
export type DeleteUserQuery = z.infer<typeof DeleteUserQuery>;

/** Gitea's `User`. Account fields (is_admin, login_name, ...) are zero values unless the viewer is the user or an admin. */
export const User = z.strictObject({
  id: int,
  login: z.string(),
  login_name: z.string(),
  source_id: int,
  full_name: z.string(),
  email: emailField,
  avatar_url: z.string(),
  html_url: z.string(),
  language: z.string(),
  is_admin: z.boolean(),
  last_login: dateTime,
  created: dateTime,
  restricted: z.boolean(),
  active: z.boolean(),
  prohibit_login: z.boolean(),
  location: z.string(),
  website: z.string(),
  description: z.string(),
  visibility: Visibility,
  followers_count: int,
  following_count: int,
  starred_repos_count: int,
  /** Gitea's User.MarshalJSON adds `username` (= login) for older clients; its swagger does not list it. */
  username: z.string(),
}).meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** `GET /users/search`. */
export const UserSearchResults = searchResults(User).meta({ id: 'UserSearchResults' });
export type UserSearchResults = z.infer<typeof UserSearchResults>;

/** Gitea's `UserMeta`: the account a token belongs to. */
export const UserMeta = z.strictObject({ id: int, login: z.string() }).meta({ id: 'UserMeta' });
export type UserMeta = z.infer<typeof UserMeta>;

/** Gitea's `UserSettings`: the signed-in user's own profile and preferences. */
export const UserSettings = z.strictObject({
  full_name: z.string(),
  website: z.string(),
  description: z.string(),
  location: z.string(),
  language: z.string(),
  theme: z.string(),
  diff_view_style: z.string(),
  hide_email: z.boolean(),
  hide_activity: z.boolean(),
}).meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

/** `PATCH /user/settings` (Gitea's UserSettingsOptions): fields left out stay as they are. */
export const UserSettingsOptions = z.object({
  full_name: z.string().max(100).optional(),
  website: z.union([z.url(), z.literal('')]).optional(),
  description: z.string().max(255).optional(),
  location: z.string().max(50).optional(),
  language: z.string().max(10).optional(),
  theme: z.string().max(30).optional(),
  diff_view_style: z.enum(['unified', 'split', '']).optional(),
  hide_email: z.boolean().optional(),
  hide_activity: z.boolean().optional(),
}).meta({ id: 'UserSettingsOptions' });
export type UserSettingsOptions = z.infer<typeof UserSettingsOptions>;

/** Gitea's `Email`: one address of a user. */
export const Email = z.strictObject({
  email: z.string(),
  verified: z.boolean(),
  primary: z.boolean(),
  user_id: int,
  username: z.string(),
}).meta({ id: 'Email' });
export type Email = z.infer<typeof Email>;

/** `POST /user/emails` (Gitea's CreateEmailOption). */
export const CreateEmailOption = z.object({
  emails: z.array(z.string().min(1).max(254)).max(20).default([]),
}).meta({ id: 'CreateEmailOption' });
export type CreateEmailOption = z.infer<typeof CreateEmailOption>;

/** `DELETE /user/emails` (Gitea's DeleteEmailOption). */
export const DeleteEmailOption = z.object({
  emails: z.array(z.string().min(1).max(254)).max(20).default([]),
}).meta({ id: 'DeleteEmailOption' });
export type DeleteEmailOption = z.infer<typeof DeleteEmailOption>;

/** `POST /api/homeforge/user/emails/primary`: makes one of the user's addresses the primary one. */
export const PrimaryEmailOption = z.object({
  email: z.string().min(1).max(254),
}).meta({ id: 'PrimaryEmailOption' });
export type PrimaryEmailOption = z.infer<typeof PrimaryEmailOption>;

/** `POST /api/homeforge/user/password`: the signed-in user's own password change. */
export const ChangePasswordOption = z.object({
  old_password: z.string().max(255),
  new_password: z.string().min(1).max(255),
}).meta({ id: 'ChangePasswordOption' });
export type ChangePasswordOption = z.infer<typeof ChangePasswordOption>;
