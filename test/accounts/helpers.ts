/** Small helpers for the accounts tests: users made through the admin API, and LDAP sources put in the store. */
import assert from 'node:assert/strict';
import { ADMIN, type TestHost } from '../helpers/host.ts';
import * as sourceStore from '../../server/store/login-sources.ts';

export const ADMIN_AUTH: [string, string] = [ADMIN.username, ADMIN.password];

/** Creates a local user through POST /admin/users (basic auth as the first admin); returns its JSON. */
export async function makeUser(h: TestHost, name: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const res = await h.api('POST', '/admin/users', {
    auth: ADMIN_AUTH,
    body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false, ...extra },
  });
  assert.equal(res.status, 201, res.text);
  return res.body as Record<string, unknown>;
}

/** The password makeUser gives a user. */
export const pw = (name: string): string => `${name}-password-1`;

/** Stores an LDAP login source (the directory is never contacted by these tests); returns its id. */
export async function addLdapSource(h: TestHost, name = 'corp'): Promise<number> {
  const now = new Date().toISOString();
  const s = await sourceStore.insert(h.app.store, (id) => ({
    id, type: 'ldap', name, is_active: true, host: '127.0.0.1', port: 1, security_protocol: 'unencrypted',
    skip_tls_verify: false, user_dn: 'uid=%s,ou=people,dc=example,dc=org', bind_dn: '', bind_password: '',
    user_base: 'ou=people,dc=example,dc=org', filter: '(uid=%s)', admin_filter: '', attribute_username: 'uid',
    attribute_name: 'givenName', attribute_surname: 'sn', attribute_mail: 'mail', created: now, updated: now,
  }));
  return s.id;
}
