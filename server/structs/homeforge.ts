/** Wire shapes of the /api/homeforge endpoints (Homeforge extensions where Gitea has no REST API). */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';

/** `POST /session`: a password (and second factor) for a UI token. */
export const SignInOption = z.object({
  username: z.string().min(1).max(255),
  password: z.string().min(1).max(255),
  otp: z.string().max(16).optional(),
}).meta({ id: 'SignInOption' });
export type SignInOption = z.infer<typeof SignInOption>;

/** `POST /setup`: the first administrator. */
export const SetupOption = z.object({
  username: z.string().min(1).max(40),
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(255),
  /** The one-time code the host prints at start; needed when setup is finished from another machine. */
  code: z.string().max(64).optional(),
}).meta({ id: 'SetupOption' });
export type SetupOption = z.infer<typeof SetupOption>;

/** The answer to sign-in and setup: the token (shown once) and the account. */
export const SessionAnswer = z.strictObject({
  token: z.string(),
  user: User,
  /** True when the account must change its password before anything else (the session may only do that). */
  must_change_password: z.boolean(),
}).meta({ id: 'SessionAnswer' });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** `GET /setup`: whether the first administrator is still to be created. */
export const SetupStatus = z.strictObject({ needs_admin: z.boolean() }).meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof SetupStatus>;

/** A code from an authenticator app. */
export const TwoFactorCodeOption = z.object({ code: z.string().min(1).max(16) }).meta({ id: 'TwoFactorCodeOption' });
export type TwoFactorCodeOption = z.infer<typeof TwoFactorCodeOption>;

/** `DELETE /user/two-factor`: the code may also come in the X-Gitea-OTP header. */
export const RemoveTwoFactorOption = z.object({ code: z.string().max(16).optional() }).meta({ id: 'RemoveTwoFactorOption' });
export type RemoveTwoFactorOption = z.infer<typeof RemoveTwoFactorOption>;

/** A two-factor enrolment that waits for its confirming code. */
export const TwoFactorEnrolment = z.strictObject({
  /** Base32 secret, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** otpauth://totp/... for authenticator apps. */
  uri: z.string(),
  /** The URI as a QR code: a PNG data URL. */
  qr_code: z.string(),
}).meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

/**
 * `GET /user/capabilities`: what the host lets the signed-in user do where Gitea's `User` does not say (Gitea's
 * web pages read `CanCreateOrganization()` on the server).
 */
export const UserCapabilities = z.strictObject({
  /** False when the account's `allow_create_organization` is off, or the host disables it for regular users. */
  can_create_organization: z.boolean(),
}).meta({ id: 'UserCapabilities' });
export type UserCapabilities = z.infer<typeof UserCapabilities>;

/** Whether two-factor is on, and whether an enrolment waits for its code. */
export const TwoFactorStatus = z.strictObject({
  enabled: z.boolean(),
  pending: z.boolean(),
  /** How many recovery codes are still unused. */
  recovery_codes_left: int,
  /** New recovery codes, shown once: in the answer that made them (confirming an enrolment, or regenerating). */
  recovery_codes: z.array(z.string()).optional(),
}).meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** One host setting as the admin API shows it; `overridden`: an environment variable or host option wins at the next start. */
export const HostSetting = z.strictObject({
  key: z.string(),
  section: z.string(),
  name: z.string(),
  kind: z.string(),
  value: z.string(),
  default: z.string(),
  overridden: z.boolean(),
}).meta({ id: 'HostSetting' });
export type HostSetting = z.infer<typeof HostSetting>;

/** `PATCH /admin/settings`: `section.KEY` → new value. */
export const EditHostSettingsOption = z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])).meta({ id: 'EditHostSettingsOption' });
export type EditHostSettingsOption = z.infer<typeof EditHostSettingsOption>;

/** A pull mirror whose last sync failed. */
export const MirrorProblem = z.strictObject({
  repo: z.string(),
  last_error: z.string(),
  last_error_at: dateTime.nullable(),
  consecutive_failures: int,
}).meta({ id: 'MirrorProblem' });
export type MirrorProblem = z.infer<typeof MirrorProblem>;

/** `GET /status`: LAN access, webhook deliveries and mirror health for the admin dashboard. */
export const HostStatus = z.strictObject({
  lan: z.strictObject({ enabled: z.boolean(), urls: z.array(z.string()) }),
  webhooks: z.strictObject({ hooks: int, active: int, last_delivery_failed: int, pending_deliveries: int }),
  mirrors: z.strictObject({ count: int, with_errors: int, problems: z.array(MirrorProblem) }),
}).meta({ id: 'HostStatus' });
export type HostStatus = z.infer<typeof HostStatus>;

/** `GET /repos/{owner}/{repo}/mirror`: a pull mirror's upstream, schedule, last sync and last failure. */
export const MirrorStatus = z.strictObject({
  remote_address: z.string(),
  interval: z.string(),
  enable_prune: z.boolean(),
  last_update: dateTime.nullable(),
  last_success: dateTime.nullable(),
  last_error: z.string(),
  last_error_at: dateTime.nullable(),
  consecutive_failures: int,
  next_update: dateTime.nullable(),
}).meta({ id: 'MirrorStatus' });
export type MirrorStatus = z.infer<typeof MirrorStatus>;

/** `GET /repos/{owner}/{repo}/health`: a repository's upkeep (Gitea's Repository has only `size`). */
export const RepoHealth = z.strictObject({
  /** `unchecked` before the first health check; `damaged` when git fsck or git itself found damaged files. */
  health: z.enum(['unchecked', 'ok', 'damaged']),
  problems: z.array(z.string()),
  damaged_since: dateTime.nullable(),
  last_maintained: dateTime.nullable(),
  last_checked: dateTime.nullable(),
  last_error: z.string(),
  /** KiB on disk, as Gitea's Repository `size`. */
  size: int,
  packs: int,
  loose_objects: int,
  has_bitmap: z.boolean(),
  has_commit_graph: z.boolean(),
}).meta({ id: 'RepoHealth' });
export type RepoHealth = z.infer<typeof RepoHealth>;

/**
 * A login source. LDAP: `has_bind_password` stands in for the write-only bind password. SPNEGO with SSPI (`sspi`,
 * Gitea's type 7): the LDAP fields are empty, Gitea's SSPI settings follow, and `available` says whether this host
 * can accept Negotiate at all (the kerberos binding loaded), with the reason when it cannot.
 */
export const AuthSource = z.strictObject({
  id: int,
  type: z.enum(['ldap', 'ldap-simple', 'sspi']),
  name: z.string(),
  active: z.boolean(),
  security_protocol: z.enum(['unencrypted', 'ldaps', 'starttls']),
  skip_tls_verify: z.boolean(),
  host: z.string(),
  port: int,
  user_search_base: z.string(),
  user_filter: z.string(),
  admin_filter: z.string(),
  username_attribute: z.string(),
  firstname_attribute: z.string(),
  surname_attribute: z.string(),
  email_attribute: z.string(),
  bind_dn: z.string(),
  has_bind_password: z.boolean(),
  user_dn: z.string(),
  auto_create_users: z.boolean().optional(),
  auto_activate_users: z.boolean().optional(),
  strip_domain_names: z.boolean().optional(),
  separator_replacement: z.string().optional(),
  default_language: z.string().optional(),
  available: z.boolean().optional(),
  unavailable_reason: z.string().optional(),
  created: dateTime,
  updated: dateTime,
}).meta({ id: 'AuthSource' });
export type AuthSource = z.infer<typeof AuthSource>;
