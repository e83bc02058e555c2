/** LDAP (bind) sign-in: find the user's DN, bind as them with the given password, read their attributes. */
import { Client } from 'ldapts';
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

function clientFor(source: LoginSourceRecord): Client {
  const scheme = source.security_protocol === 'ldaps' ? 'ldaps' : 'ldap';
  return new Client({
    url: `${scheme}://${source.host}:${source.port}`,
    timeout: 10_000,
    connectTimeout: 5_000,
    tlsOptions: { rejectUnauthorized: !source.skip_tls_verify },
  });
}

const first = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v));

/** Binds as `login` with `password`; the identity on success, null when the credentials are wrong. */
export async function ldapSignIn(app: AppContext, source: LoginSourceRecord, login: string, password: string): Promise<LdapIdentity | null> {
  // An empty password makes an anonymous bind succeed on most servers: never accept it.
  if (!password || !login) return null;
  const client = clientFor(source);
  try {
    if (source.security_protocol === 'starttls') await client.startTLS({ rejectUnauthorized: !source.skip_tls_verify });
    const filter = (source.filter || '(uid=%s)').replaceAll('%s', escapeFilter(login));
    let dn: string;
    if (source.bind_dn) {
      await client.bind(source.bind_dn, source.bind_password ? app.secrets.decrypt(source.bind_password) : '');
      const { searchEntries } = await client.search(source.user_base, { scope: 'sub', filter, sizeLimit: 2 });
      if (searchEntries.length !== 1) return null;
      dn = searchEntries[0]?.dn ?? '';
    } else {
      dn = source.user_dn.replaceAll('%s', escapeDn(login));
    }
    try {
      await client.bind(dn, password);
    } catch {
      return null;
    }
    const { searchEntries } = await client.search(dn, { scope: 'base', filter: '(objectClass=*)' });
    const entry = searchEntries[0];
    if (!entry) return null;
    let isAdmin = false;
    if (source.admin_filter) {
      const admin = await client.search(dn, { scope: 'base', filter: source.admin_filter });
      isAdmin = admin.searchEntries.length > 0;
    }
    const given = first(entry[source.attribute_name]);
    const sur = first(entry[source.attribute_surname]);
    return {
      username: first(entry[source.attribute_username]) || login,
      fullName: [given, sur].filter(Boolean).join(' '),
      email: first(entry[source.attribute_mail]),
      isAdmin,
    };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
