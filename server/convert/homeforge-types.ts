/**
 * Wire shapes of the /api/homeforge endpoints that the UI reads. No imports: the renderer takes them with
 * `import type`, so both sides share one definition.
 */

/** A two-factor enrolment that waits for its confirming code. */
export interface TwoFactorEnrolment {
  /** Base32 secret, for typing into an authenticator app by hand. */
  secret: string;
  /** otpauth://totp/... for authenticator apps. */
  uri: string;
  /** The URI as a QR code: a PNG data URL. */
  qr_code: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** An enrolment was started and waits for its confirming code. */
  pending: boolean;
}

/** One host setting as the admin API shows it. */
export interface HostSetting {
  /** `section.KEY`, e.g. `server.LAN_ACCESS`. */
  key: string;
  section: string;
  name: string;
  kind: string;
  value: string;
  default: string;
  /** Set by an environment variable or a host option, which wins over app.ini at the next start. */
  overridden: boolean;
}
