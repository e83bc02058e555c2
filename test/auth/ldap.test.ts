import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, ADMIN, type TestHost } from '../helpers/host.ts';
import { startSlapd, LDAP_ADMIN_FILTER, LDAP_PEOPLE, LDAP_READER, LDAP_USERS, type Slapd } from '../helpers/slapd.ts';
import { makeUser, own, signIn, storeText } from './helpers.ts';
import { createUser } from '../../server/services/user/users.ts';

describe('LDAP login sources against a real slapd', () => {
  let ldap: Slapd;
  let h: TestHost;
  let admin: string;
  let bindSource: Record<string, unknown>;
  before(async () => {
    ldap = await startSlapd();
    h = await startHost();
    admin = await signIn(h, ADMIN.username, ADMIN.password);
  });
  after(async () => { await h?.stop(); await ldap?.stop(); });

  const bindForm = () => ({
    type: 'ldap', name: 'directory', host: ldap.host, port: ldap.port, security_protocol: 'Unencrypted',
    user_search_base: LDAP_PEOPLE, user_filter: '(&(objectClass=inetOrgPerson)(uid=%s))', admin_filter: LDAP_ADMIN_FILTER,
    username_attribute: 'uid', firstname_attribute: 'givenName', surname_attribute: 'sn', email_attribute: 'mail',
    bind_dn: LDAP_READER.dn, bind_password: LDAP_READER.password,
  });
  const me = (user: string, password: string) => h.api('GET', '/user', { auth: [user, password] });

  test('an admin adds a bind-DN source; the bind password is write-only and encrypted at rest', async () => {
    const res = await own(h, 'POST', '/admin/auth-sources', { auth: admin, body: bindForm() });
    assert.equal(res.status, 201);
    bindSource = res.body;
    assert.equal(res.body.type, 'ldap');
    assert.equal(res.body.security_protocol, 'unencrypted');
    assert.equal(res.body.has_bind_password, true);
    assert.equal(res.body.active, true);
    assert.ok(!('bind_password' in res.body));
    assert.ok(!(await storeText(h)).includes(LDAP_READER.password));
    const list = await own(h, 'GET', '/admin/auth-sources', { auth: admin });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((s: { name: string }) => s.name), ['directory']);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await own(h, 'GET', `/admin/auth-sources/${res.body.id}`, { auth: admin })).body.name, 'directory');
  });

  test('only site admins manage sources; bad input is a clear 4xx', async () => {
    await makeUser(h, 'plain');
    const plain = await signIn(h, 'plain', 'plain-password-1');
    assert.equal((await own(h, 'GET', '/admin/auth-sources', { auth: plain })).status, 403);
    assert.equal((await own(h, 'GET', '/admin/auth-sources')).status, 401);
    const post = (body: unknown) => own(h, 'POST', '/admin/auth-sources', { auth: admin, body });
    assert.equal((await post({ ...bindForm(), name: 'x', user_filter: '' })).status, 422);
    // A missing field a kind needs is named in `errors`, so a form can show it beside the field.
    const noBase = await post({ ...bindForm(), name: 'x', user_search_base: '' });
    assert.equal(noBase.status, 422);
    assert.deepEqual((noBase.body.errors as { field: string; code: string }[]).map((e) => [e.field, e.code]), [['user_search_base', 'required']]);
    assert.match((await post({ ...bindForm(), name: 'x', security_protocol: 'carrier-pigeon' })).body.message, /Unknown security protocol/);
    assert.equal((await post({ ...bindForm(), name: 'x', port: 70000 })).status, 422);
    assert.equal((await post({ ...bindForm(), name: 'x', unknown_field: 1 })).status, 422);
    assert.equal((await post(bindForm())).status, 409);
    assert.equal((await own(h, 'GET', '/admin/auth-sources/999', { auth: admin })).status, 404);
    assert.equal((await own(h, 'GET', '/admin/auth-sources/abc', { auth: admin })).status, 422);
  });

  test('a directory user signs in by basic auth: created on first sign-in, admin from the admin filter', async () => {
    const alice = await me('alice', LDAP_USERS.alice.password);
    assert.equal(alice.status, 200);
    assert.equal(alice.body.login, 'alice');
    assert.equal(alice.body.email, LDAP_USERS.alice.mail);
    assert.equal(alice.body.full_name, 'Alice Liddell');
    assert.equal(alice.body.is_admin, true);
    assert.equal(alice.body.source_id, bindSource.id);
    const bob = await me('bob', LDAP_USERS.bob.password);
    assert.equal(bob.body.is_admin, false);
    assert.equal((await me('alice', LDAP_USERS.alice.password)).body.id, alice.body.id, 'second sign-in finds the account');
    assert.equal((await me('carol', LDAP_USERS.carol.password)).body.email, 'carol@localhost.local');
  });

  test('wrong passwords, unknown users and filter injection are refused', async () => {
    assert.equal((await me('alice', 'not-her-password')).status, 401);
    assert.equal((await me('bob', '')).status, 401);
    assert.equal((await me('zed', 'whatever-pass')).status, 401);
    assert.equal((await me('*', LDAP_USERS.alice.password)).status, 401);
    assert.equal((await me('alice)(uid=*', LDAP_USERS.alice.password)).status, 401);
  });

  test('an inactive source signs nobody in; editing keeps the bind password unless a new one is given', async () => {
    const id = bindSource.id as number;
    const off = await own(h, 'PATCH', `/admin/auth-sources/${id}`, { auth: admin, body: { active: false, name: 'directory-2' } });
    assert.equal(off.status, 200);
    assert.equal(off.body.name, 'directory-2');
    assert.equal(off.body.has_bind_password, true);
    assert.equal((await me('bob', LDAP_USERS.bob.password)).status, 401);
    await own(h, 'PATCH', `/admin/auth-sources/${id}`, { auth: admin, body: { active: true } });
    assert.equal((await me('bob', LDAP_USERS.bob.password)).status, 200);
    assert.equal((await own(h, 'PATCH', `/admin/auth-sources/${id}`, { auth: admin, body: { user_dn: 'uid=%s,x' } })).status, 422);
  });

  test('a simple-auth source binds as the user DN; a source in use cannot be deleted', async () => {
    const simple = await own(h, 'POST', '/admin/auth-sources', {
      auth: admin,
      body: {
        type: 'ldap-simple', name: 'simple', host: ldap.host, port: ldap.port, security_protocol: 'unencrypted',
        user_dn: `uid=%s,${LDAP_PEOPLE}`, user_filter: '(uid=%s)', email_attribute: 'mail', firstname_attribute: 'givenName',
      },
    });
    assert.equal(simple.status, 201);
    assert.equal(simple.body.type, 'ldap-simple');
    // With the bind source off, an account whose login name is the directory's bob signs in through the simple source.
    await own(h, 'PATCH', `/admin/auth-sources/${bindSource.id}`, { auth: admin, body: { active: false } });
    await createUser(h.app, { username: 'dave', email: 'dave@example.com', login_source: simple.body.id, login_name: 'bob' });
    const dave = await me('dave', LDAP_USERS.bob.password);
    assert.equal(dave.status, 200, 'an account bound to the simple source signs in with its login name');
    assert.equal((await me('dave', 'wrong-password')).status, 401);
    assert.equal((await own(h, 'DELETE', `/admin/auth-sources/${simple.body.id}`, { auth: admin })).status, 409);
    const spare = await own(h, 'POST', '/admin/auth-sources', { auth: admin, body: { ...bindForm(), name: 'spare' } });
    assert.equal((await own(h, 'DELETE', `/admin/auth-sources/${spare.body.id}`, { auth: admin })).status, 204);
    assert.equal((await own(h, 'GET', `/admin/auth-sources/${spare.body.id}`, { auth: admin })).status, 404);
  });
});
