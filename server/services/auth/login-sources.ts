/**
 * Login sources (LDAP, and Gitea's SSPI type for Negotiate sign-in), managed by an admin through /api/homeforge/admin/auth-sources and `npm run admin -- auth ...`.
 * Field names follow Gitea's `gitea admin auth add-ldap` flags. The bind password is stored encrypted and never
 * handed back.
 */
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { LoginSourceRecord } from '../../store/records.ts';
import * as sourceStore from '../../store/login-sources.ts';
import * as userStore from '../../store/users.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isSimpleAuth } from './ldap.ts';
import { applySspi, checkSspi, sspiFields, SSPI_FIELD_NAMES } from './sspi-source.ts';
import { refreshNegotiate } from './negotiate.ts';

/** Gitea's two LDAP kinds: "LDAP (via BindDN)" searches with a bind account, "LDAP (simple auth)" binds as the user DN. */
export const SOURCE_TYPES = ['ldap', 'ldap-simple', 'sspi'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const SOURCE_TYPE_NAMES: Record<SourceType, string> = { ldap: 'LDAP (via BindDN)', 'ldap-simple': 'LDAP (simple auth)', sspi: 'SPNEGO with SSPI' };

const PROTOCOLS = { unencrypted: 'unencrypted', ldaps: 'ldaps', starttls: 'starttls' } as const;

/** Gitea's security protocol names, any case: Unencrypted, LDAPS, StartTLS. */
const protocol = z.string().transform((v, ctx) => {
  const p = PROTOCOLS[v.toLowerCase() as keyof typeof PROTOCOLS];
  if (!p) ctx.addIssue({ code: 'custom', message: `Unknown security protocol name: ${v}` });
  return p ?? 'unencrypted';
});

/** The fields of a source; every one optional so the same schema serves create and edit. */
export const sourceFieldsSchema = z.object({
  name: z.string().trim().min(1).max(255),
  active: z.boolean(),
  security_protocol: protocol,
  skip_tls_verify: z.boolean(),
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  user_search_base: z.string().trim(),
  user_filter: z.string().trim(),
  admin_filter: z.string().trim(),
  username_attribute: z.string().trim(),
  firstname_attribute: z.string().trim(),
  surname_attribute: z.string().trim(),
  email_attribute: z.string().trim(),
  bind_dn: z.string().trim(),
  /** Write-only; an empty string clears it. */
  bind_password: z.string(),
  user_dn: z.string().trim(),
  ...sspiFields,
}).partial().strict();
export type SourceFields = z.infer<typeof sourceFieldsSchema>;

export const createSourceSchema = sourceFieldsSchema.extend({ type: z.enum(SOURCE_TYPES) });
export type CreateSource = z.infer<typeof createSourceSchema>;

/** The kind of a stored source. */
export const sourceType = (s: LoginSourceRecord): SourceType => (s.type === 'sspi' ? 'sspi' : isSimpleAuth(s) ? 'ldap-simple' : 'ldap');

function apply(app: AppContext, s: LoginSourceRecord, f: SourceFields): void {
  if (f.name !== undefined) s.name = f.name;
  if (f.active !== undefined) s.is_active = f.active;
  if (f.security_protocol !== undefined) s.security_protocol = f.security_protocol;
  if (f.skip_tls_verify !== undefined) s.skip_tls_verify = f.skip_tls_verify;
  if (f.host !== undefined) s.host = f.host;
  if (f.port !== undefined) s.port = f.port;
  if (f.user_search_base !== undefined) s.user_base = f.user_search_base;
  if (f.user_filter !== undefined) s.filter = f.user_filter;
  if (f.admin_filter !== undefined) s.admin_filter = f.admin_filter;
  if (f.username_attribute !== undefined) s.attribute_username = f.username_attribute;
  if (f.firstname_attribute !== undefined) s.attribute_name = f.firstname_attribute;
  if (f.surname_attribute !== undefined) s.attribute_surname = f.surname_attribute;
  if (f.email_attribute !== undefined) s.attribute_mail = f.email_attribute;
  if (f.bind_dn !== undefined) s.bind_dn = f.bind_dn;
  if (f.bind_password !== undefined) s.bind_password = f.bind_password ? app.secrets.encrypt(f.bind_password) : '';
  if (f.user_dn !== undefined) s.user_dn = f.user_dn;
  if (s.type === 'sspi') s.sspi = applySspi(s.sspi, f);
}

const FILTER = /^\(.*\)$/s;

/** The rules Gitea's CLI and admin form enforce, per kind; 422 names the first broken one. */
function check(s: LoginSourceRecord, type: SourceType, f: SourceFields): void {
  if (type === 'sspi') return checkSspiSource(s, f);
  const sspiField = SSPI_FIELD_NAMES.find((k) => f[k] !== undefined);
  if (sspiField) throw new ValidationError(`${sspiField} belongs to SPNEGO with SSPI sources`);
  // The field is named in `errors` too, so a form shows the problem beside it.
  const need = (value: string | number, field: string): void => {
    if (!value) throw new ValidationError(`${field} is required for an ${SOURCE_TYPE_NAMES[type]} source`, [{ field, code: 'required', message: `${field} is required` }]);
  };
  need(s.name, 'name');
  need(s.host, 'host');
  need(s.port, 'port');
  need(s.filter, 'user_filter');
  need(s.attribute_mail, 'email_attribute');
  if (type === 'ldap') {
    need(s.user_base, 'user_search_base');
    if (s.user_dn) throw new ValidationError('user_dn belongs to LDAP (simple auth) sources');
  } else {
    need(s.user_dn, 'user_dn');
    if (!s.user_dn.includes('%s') && !s.user_dn.includes('%[1]s')) throw new ValidationError('user_dn must contain %s for the login name', [{ field: 'user_dn', code: 'invalid', message: 'the user DN must contain %s for the login name' }]);
    if (s.bind_dn || s.bind_password) throw new ValidationError('bind_dn and bind_password belong to LDAP (via BindDN) sources');
  }
  if (!FILTER.test(s.filter)) throw new ValidationError('user_filter must be an LDAP filter in parentheses', [{ field: 'user_filter', code: 'invalid', message: 'use an LDAP filter in parentheses' }]);
  if (s.admin_filter && !FILTER.test(s.admin_filter)) throw new ValidationError('admin_filter must be an LDAP filter in parentheses', [{ field: 'admin_filter', code: 'invalid', message: 'use an LDAP filter in parentheses' }]);
}

const LDAP_FIELDS = Object.keys(sourceFieldsSchema.shape).filter((k) => k !== 'name' && k !== 'active' && !(SSPI_FIELD_NAMES as string[]).includes(k));

function checkSspiSource(s: LoginSourceRecord, f: SourceFields): void {
  if (!s.name) throw new ValidationError('name is required for an SPNEGO with SSPI source');
  const ldapField = LDAP_FIELDS.find((k) => f[k as keyof SourceFields] !== undefined);
  if (ldapField) throw new ValidationError(`${ldapField} belongs to LDAP sources`);
  checkSspi(s.sspi!);
}

/** Gitea keeps one SSPI source at most ("An authentication source of this type already exists"). */
async function checkOneSspi(app: AppContext): Promise<void> {
  if ((await sourceStore.list(app.store)).some((s) => s.type === 'sspi')) {
    throw new ConflictError('An authentication source of this type already exists.');
  }
}

async function checkNameFree(app: AppContext, name: string, id: number): Promise<void> {
  const other = await sourceStore.getByName(app.store, name);
  if (other && other.id !== id) throw new ConflictError(`login source already exists [name: ${name}]`);
}

/** All sources, by id. */
export const listSources = (app: AppContext): Promise<LoginSourceRecord[]> => sourceStore.list(app.store);

/** One source, or 404. */
export async function getSource(app: AppContext, id: number): Promise<LoginSourceRecord> {
  const s = await sourceStore.getById(app.store, id);
  if (!s) throw new NotFoundError(`The login source ${id} does not exist.`);
  return s;
}

/** Adds a source (active unless told otherwise); the host offers Negotiate once an active SSPI source exists. */
export async function createSource(app: AppContext, input: CreateSource): Promise<LoginSourceRecord> {
  const now = new Date().toISOString();
  const draft: LoginSourceRecord = {
    id: 0, type: 'ldap', name: '', is_active: true, host: '', port: 0, security_protocol: 'unencrypted', skip_tls_verify: false,
    user_dn: '', bind_dn: '', bind_password: '', user_base: '', filter: '', admin_filter: '', attribute_username: '',
    attribute_name: '', attribute_surname: '', attribute_mail: '', created: now, updated: now,
  };
  const { type, ...fields } = input;
  if (type === 'sspi') draft.type = 'sspi';
  apply(app, draft, fields);
  check(draft, type, fields);
  await checkNameFree(app, draft.name, 0);
  if (type === 'sspi') await checkOneSspi(app);
  const saved = await sourceStore.insert(app.store, (id) => ({ ...draft, id }));
  await refreshNegotiate(app);
  return saved;
}

/** Changes the given fields of a source; its kind stays. */
export async function updateSource(app: AppContext, id: number, fields: SourceFields): Promise<LoginSourceRecord> {
  const current = await getSource(app, id);
  const type = sourceType(current);
  const next = structuredClone(current);
  apply(app, next, fields);
  check(next, type, fields);
  await checkNameFree(app, next.name, id);
  const saved = await sourceStore.update(app.store, id, (s) => {
    Object.assign(s, next, { updated: new Date().toISOString() });
  });
  if (!saved) throw new NotFoundError(`The login source ${id} does not exist.`);
  await refreshNegotiate(app);
  return saved;
}

/** Deletes a source no user signs in with (Gitea refuses to orphan accounts). */
export async function deleteSource(app: AppContext, id: number): Promise<void> {
  await getSource(app, id);
  if ((await userStore.count(app.store, (u) => u.login_source === id)) > 0) {
    throw new ConflictError(`login source [id: ${id}] is still used by some users`);
  }
  await sourceStore.remove(app.store, id);
  await refreshNegotiate(app);
}
