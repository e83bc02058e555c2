/**
 * LDAP sign-in, as Gitea's two LDAP source kinds do it:
 * - via bind DN: bind as the search account, find the user's entry below the search base with the user filter,
 *   then bind as that entry with the given password;
 * - simple auth: bind directly as the user DN template (`%s` = the login name), then read the entry with the filter.
 * Then the attributes give the user name, full name and email, and the admin filter decides `is_admin`.
 */
import type { Client, Entry } from 'ldapts';
import type { AppContext } from '../context.ts';
import type { LoginSourceRecord } from '../../store/records.ts';

export interface LdapIdentity {
  username: string;
  fullName: string;
  email: string;
  isAdmin: boolean;
}

/** Escapes a value for use inside an LDAP filter (RFC 4515). */
export function escapeFilter(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Escapes a value for use inside a DN (RFC 4514). */
export function escapeDn(value: string): string {
  return value.replace(/[,+"\\<>;=]/g, (c) => `\\${c}`).replace(/^[ #]|[ ]$/g, (c) => `\\${c}`);
}

/** Puts the login name into a template: `%s` and `%[1]s` (Gitea's fmt forms) are replaced. */
export function fillTemplate(template: string, value: string): string {
  return template.replaceAll('%[1]s', value).replaceAll('%s', value);
}

/** True when the source binds directly as the user (Gitea's "LDAP (simple auth)"). */
export const isSimpleAuth = (source: Pick<LoginSourceRecord, 'user_dn'>): boolean => source.user_dn !== '';

/** A client for the source; ldapts is loaded on first use, since most hosts have no LDAP source. */
async function clientFor(source: LoginSourceRecord): Promise<Client> {
  const { Client: LdapClient } = await import('ldapts');
  const scheme = source.security_protocol === 'ldaps' ? 'ldaps' : 'ldap';
  const host = source.host.includes(':') ? `[${source.host}]` : source.host;
  // ldapts speaks TLS from the first byte whenever tlsOptions is set, so only ldaps:// gets them here.
  return new LdapClient({
    url: `${scheme}://${host}:${source.port}`,
    timeout: 10_000,
    connectTimeout: 5_000,
    ...(scheme === 'ldaps' ? { tlsOptions: { rejectUnauthorized: !source.skip_tls_verify } } : {}),
  });
}

const first = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v));

async function bindOk(client: Client, dn: string, password: string): Promise<boolean> {
  try {
    await client.bind(dn, password);
    return true;
  } catch {
    return false;
  }
}

/** Finds the one entry the user filter selects below `base`; null for none or several. */
async function findOne(client: Client, base: string, filter: string, scope: 'sub' | 'base'): Promise<Entry | null> {
  const { searchEntries } = await client.search(base, { scope, filter, sizeLimit: 2 });
  return searchEntries.length === 1 ? (searchEntries[0] ?? null) : null;
}

async function userEntry(app: AppContext, client: Client, source: LoginSourceRecord, login: string, password: string): Promise<Entry | null> {
  const filter = fillTemplate(source.filter || '(uid=%s)', escapeFilter(login));
  if (!isSimpleAuth(source)) {
    const bindPassword = source.bind_password ? app.secrets.decrypt(source.bind_password) : '';
    if (source.bind_dn) await client.bind(source.bind_dn, bindPassword);
    const entry = await findOne(client, source.user_base, filter, 'sub');
    if (!entry || !(await bindOk(client, entry.dn, password))) return null;
    return entry;
  }
  const dn = fillTemplate(source.user_dn, escapeDn(login));
  if (!(await bindOk(client, dn, password))) return null;
  // Bound as the user: the filter must still select them, so it can keep some directory users out.
  return source.user_base ? findOne(client, source.user_base, filter, 'sub') : findOne(client, dn, filter, 'base');
}

/** Binds as `login` with `password`; the identity on success, null when the credentials are wrong. */
export async function ldapSignIn(app: AppContext, source: LoginSourceRecord, login: string, password: string): Promise<LdapIdentity | null> {
  // An empty password makes an anonymous bind succeed on most servers: never accept it.
  if (!password || !login) return null;
  const client = await clientFor(source);
  try {
    if (source.security_protocol === 'starttls') await client.startTLS({ rejectUnauthorized: !source.skip_tls_verify });
    const entry = await userEntry(app, client, source, login, password);
    if (!entry) return null;
    let isAdmin = false;
    if (source.admin_filter) isAdmin = (await findOne(client, entry.dn, source.admin_filter, 'base')) !== null;
    const given = first(entry[source.attribute_name]);
    const sur = first(entry[source.attribute_surname]);
    return {
      username: (source.attribute_username && first(entry[source.attribute_username])) || login,
      fullName: [given, sur].filter(Boolean).join(' '),
      email: first(entry[source.attribute_mail]),
      isAdmin,
    };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
