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

export interface TwoFactorEnrolment {
  /** Base32 secret, for typing into an authenticator app by hand. */
  secret: string;
  /** otpauth://totp/... */
  uri: string;
  /** The URI as a QR code: a PNG data URL. */
  qr_code: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** An enrolment waits for its confirming code. */
  pending: boolean;
}

export interface AuthSource {
  id: number;
  name: string;
  type: string;
  active: boolean;
}
