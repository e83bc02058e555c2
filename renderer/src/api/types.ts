export type { TwoFactorEnrolment, TwoFactorStatus, HostSetting } from '../../../server/convert/homeforge-types.ts';
/** Wire shapes the UI reads, named after Gitea's (`User`, `Repository`, `AccessToken`). */
export type { ApiUser as User } from '../../../server/convert/user.ts';

export interface Repository {
  id: number;
  name: string;
  full_name: string;
  description: string;
  private: boolean;
  empty: boolean;
  fork: boolean;
  mirror: boolean;
  archived: boolean;
  html_url: string;
  clone_url: string;
  ssh_url: string;
  default_branch: string;
  object_format_name?: string;
  updated_at: string;
  owner: { login: string };
  size?: number;
  mirror_interval?: string;
  mirror_updated?: string;
  original_url?: string;
  permissions?: { admin: boolean; push: boolean; pull: boolean };
}

export interface AccessToken {
  id: number;
  name: string;
  /** The token value: only in the answer that created it. */
  sha1: string;
  token_last_eight: string;
  scopes: string[];
  created_at?: string;
  last_used_at?: string;
}

export interface SessionAnswer {
  token: string;
  user: import('../../../server/convert/user.ts').ApiUser;
}

export interface SetupStatus {
  needs_admin: boolean;
}

export interface AuthSource {
  id: number;
  name: string;
  type: string;
  active: boolean;
}

export interface Branch {
  name: string;
  commit: { id: string; message: string; timestamp: string; author: { name: string } };
  protected: boolean;
}

export interface Tag {
  name: string;
  message: string;
  id: string;
  commit: { sha: string; created: string };
}

export interface Commit {
  sha: string;
  html_url: string;
  created: string;
  commit: { message: string; author: { name: string; email: string; date: string }; committer: { name: string; date: string } };
  author: { login: string } | null;
}

export interface ContentEntry {
  name: string;
  path: string;
  sha: string;
  type: 'file' | 'dir' | 'symlink' | 'submodule';
  size: number;
  content?: string | null;
  encoding?: string | null;
  target?: string | null;
}

export interface Collaborator {
  id: number;
  login: string;
  full_name: string;
  /** Only on the permission answer. */
  permissions?: { admin: boolean; push: boolean; pull: boolean };
}

export interface Hook {
  id: number;
  type: string;
  config: Record<string, string>;
  events: string[];
  branch_filter: string;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface HookDelivery {
  id: number;
  uuid: string;
  hook_id: number;
  event: string;
  event_type: string;
  is_delivered: boolean;
  is_succeed: boolean;
  delivered: string;
  request: { url: string; http_method: string; headers: Record<string, string>; body: string } | null;
  response: { status: number; headers: Record<string, string>; body: string } | null;
  payload_content?: string;
}

export interface MirrorStatus {
  remote_address: string;
  interval: string;
  enable_prune: boolean;
  last_update: string | null;
  last_success: string | null;
  last_error: string;
  last_error_at: string | null;
  consecutive_failures: number;
  next_update: string | null;
}

export interface HostStatus {
  lan: { enabled: boolean; urls: string[] };
  webhooks: { hooks: number; active: number; last_delivery_failed: number; pending_deliveries: number };
  mirrors: { count: number; with_errors: number; problems: { repo: string; last_error: string; last_error_at: string | null; consecutive_failures: number }[] };
}

export interface Organization {
  id: number;
  name: string;
  username: string;
  full_name: string;
  description: string;
  visibility: string;
}

export interface Team {
  id: number;
  name: string;
  description: string;
  permission: string;
  units_map?: Record<string, string>;
  includes_all_repositories: boolean;
  can_create_org_repo: boolean;
}
