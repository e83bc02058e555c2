/** Stored record shapes. These are not wire types: only api/v1/convert maps them to Gitea's JSON. */

export type Visibility = 'public' | 'limited' | 'private';

export interface UserRecord {
  id: number;
  /** 'individual' for people, 'organization' for orgs (one namespace, as in Gitea). */
  type: 'individual' | 'organization';
  name: string;
  lower_name: string;
  full_name: string;
  email: string;
  /** scrypt hash, "" when the user has no local password (LDAP, reverse proxy). */
  passwd: string;
  login_source: number;
  login_name: string;
  is_admin: boolean;
  is_active: boolean;
  prohibit_login: boolean;
  restricted: boolean;
  must_change_password: boolean;
  visibility: Visibility;
  website: string;
  location: string;
  description: string;
  language: string;
  max_repo_creation: number;
  allow_create_organization: boolean;
  allow_git_hook: boolean;
  allow_import_local: boolean;
  created: string;
  updated: string;
  last_login: string | null;
  /** TOTP secret, encrypted with the data dir's key; null when two-factor is off. */
  totp_secret: string | null;
  /** The last TOTP time step accepted, so one code is not used twice. */
  totp_last_step: number;
  /** A TOTP secret being enrolled (encrypted), until a code confirms it; then it moves to totp_secret. */
  totp_pending_secret?: string | null;
  /** Hashes (sha256) of the unused two-factor recovery codes; each is removed when it is used. */
  totp_recovery_hashes?: string[];
  /** Further addresses of the user besides `email` (the primary one). */
  emails?: string[];
  /** Gitea's UserSettings that have no other home. */
  hide_email?: boolean;
  hide_activity?: boolean;
  theme?: string;
  diff_view_style?: string;
  /** Gitea's `avatar`: the sha256 of the uploaded image, absent (none) when the account has no upload. */
  avatar?: string;
  /** Gitea's num_followers and num_following: kept in step with the follows table by the follow service. */
  num_followers?: number;
  num_following?: number;
}

export interface AccessTokenRecord {
  id: number;
  uid: number;
  name: string;
  /** sha256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  token_last_eight: string;
  scopes: string[];
  created: string;
  last_used: string | null;
}

/** Gitea's SSPI source settings (how a Negotiate principal becomes a user). */
export interface SspiSettings {
  auto_create_users: boolean;
  auto_activate_users: boolean;
  strip_domain_names: boolean;
  separator_replacement: string;
  default_language: string;
}

export interface LoginSourceRecord {
  id: number;
  /** `sspi` (Negotiate) sources keep the LDAP fields empty and their settings in `sspi`. */
  type: 'ldap' | 'sspi';
  name: string;
  is_active: boolean;
  host: string;
  port: number;
  security_protocol: 'unencrypted' | 'ldaps' | 'starttls';
  skip_tls_verify: boolean;
  /** Bind DN template with %s for the login name (direct bind), or empty when searching with a bind user. */
  user_dn: string;
  bind_dn: string;
  /** Encrypted with the data dir's key. */
  bind_password: string;
  user_base: string;
  filter: string;
  admin_filter: string;
  attribute_username: string;
  attribute_name: string;
  attribute_surname: string;
  attribute_mail: string;
  sspi?: SspiSettings;
  created: string;
  updated: string;
}

export type ObjectFormat = 'sha1' | 'sha256';

/** Units a repository can turn on and off (Gitea's has_* fields). */
export interface RepoUnits {
  has_code: boolean;
  has_issues: boolean;
  has_wiki: boolean;
  has_pull_requests: boolean;
  has_projects: boolean;
  has_releases: boolean;
  has_packages: boolean;
  has_actions: boolean;
}

export interface RepoRecord {
  id: number;
  owner_id: number;
  name: string;
  lower_name: string;
  description: string;
  website: string;
  default_branch: string;
  object_format: ObjectFormat;
  /**
   * Directory of the bare repository relative to `<data>/repositories`, chosen once at creation from the id,
   * never from the name: a rename or a transfer moves no files.
   */
  storage_path: string;
  is_private: boolean;
  is_empty: boolean;
  is_archived: boolean;
  archived_at: string | null;
  is_template: boolean;
  is_mirror: boolean;
  is_fork: boolean;
  fork_id: number;
  units: RepoUnits;
  /** Merge settings and the rest of EditRepoOption that has no behaviour here yet, kept as given. */
  options: Record<string, unknown>;
  /** Gitea's topics, sorted by name; absent (none) on records stored before topics existed. */
  topics?: string[];
  /** Gitea's `avatar`: the sha256 of the uploaded image, absent (none) when the repository has no upload. */
  avatar?: string;
  size_kb: number;
  created: string;
  updated: string;
}

/** A branch as last seen by a push (Gitea's branch table), kept one document per repository. */
export interface BranchRecord {
  name: string;
  commit_id: string;
  /** The commit's summary line. */
  commit_message: string;
  commit_time: string;
  pusher_id: number;
  updated: string;
}

/** A user watching a repository (Gitea's watch table; mode 1 = normal watch). */
export interface WatchRecord {
  id: number;
  user_id: number;
  repo_id: number;
  created: string;
}

/** A user's star on a repository (Gitea's star table). */
export interface StarRecord {
  id: number;
  user_id: number;
  repo_id: number;
  created: string;
}

/** `user_id` follows `follow_id` (Gitea's follow table). */
export interface FollowRecord {
  id: number;
  user_id: number;
  follow_id: number;
  created: string;
}
