/**
 * The settings of Gitea's SSPI login source (type 7): how a Negotiate principal becomes a user of this host.
 * Gitea's rules: one SSPI source at most, a separator made of word characters, dashes and dots, a language code
 * like `en-US`. Names are mapped as Gitea's `sanitizeUsername` does.
 */
import { z } from 'zod';
import type { SspiSettings } from '../../store/records.ts';
import { ValidationError } from '../../lib/errors.ts';

/** Gitea's defaults on its new-source form. */
export const SSPI_DEFAULTS: SspiSettings = {
  auto_create_users: true, auto_activate_users: true, strip_domain_names: true, separator_replacement: '_', default_language: '',
};

/** The SSPI fields of a create or edit request. */
export const sspiFields = {
  auto_create_users: z.boolean(),
  auto_activate_users: z.boolean(),
  strip_domain_names: z.boolean(),
  separator_replacement: z.string().trim().max(20),
  default_language: z.string().trim().max(10),
};
export const SSPI_FIELD_NAMES = Object.keys(sspiFields) as (keyof SspiSettings)[];

const SEPARATOR_ANTI_PATTERN = /[^\w.-]/;
const LANGUAGE = /^[a-z]{2}-[A-Z]{2}$/;

/** The settings with the given fields applied (absent ones keep their value). */
export function applySspi(current: SspiSettings | undefined, fields: Partial<SspiSettings>): SspiSettings {
  const next = { ...(current ?? SSPI_DEFAULTS) };
  for (const k of SSPI_FIELD_NAMES) {
    const v = fields[k];
    if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  }
  return next;
}

/** Gitea's checks of the SSPI form; 422 names the field. */
export function checkSspi(s: SspiSettings): void {
  if (!s.separator_replacement) throw new ValidationError('separator_replacement cannot be empty');
  if (SEPARATOR_ANTI_PATTERN.test(s.separator_replacement)) {
    throw new ValidationError('separator_replacement must be valid alpha or numeric or dash(-_) or dot characters');
  }
  if (s.default_language && !LANGUAGE.test(s.default_language)) throw new ValidationError('default_language must be a language code like en-US');
}

/** `DOMAIN\user` → `user`, `user@REALM` → `user` (Gitea's stripDomainNames). */
export function stripDomainNames(name: string): string {
  if (name.includes('\\')) return name.slice(name.indexOf('\\') + 1);
  if (name.includes('@')) return name.slice(0, name.indexOf('@'));
  return name;
}

/** The user name for a principal: domain stripped when set, then `\`, `/` and `@` replaced by the separator. */
export function principalToUsername(principal: string, s: SspiSettings): string {
  const name = s.strip_domain_names ? stripDomainNames(principal) : principal;
  return name.replace(/[\\/@]/g, s.separator_replacement);
}
