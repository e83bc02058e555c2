import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, basic, ADMIN, type TestHost } from '../helpers/host.ts';
import { createLogger } from '../../server/lib/log.ts';
import * as tokenStore from '../../server/store/access-tokens.ts';
import * as userStore from '../../server/store/users.ts';
import { createSession } from '../../server/services/auth/sessions.ts';
import { makeUser, own, signIn, storeText } from './helpers.ts';

describe('UI sign-in: POST/DELETE /api/homeforge/session', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); await makeUser(h, 'alice'); });
  after(async () => { await h.stop(); });

  test('a password opens a session: not a personal token, a fresh one each time, and the sign-in time recorded', async () => {
    const before = (await userStore.getByName(h.app.store, 'alice'))!.last_login;
    const res = await own(h, 'POST', '/session', { body: { username: 'alice', password: 'alice-password-1' } });
    assert.equal(res.status, 201);
    assert.match(res.body.token, /^hfs_[\w-]{43}$/);
    assert.equal(res.body.user.login, 'alice');
    assert.equal(res.body.user.email, 'alice@example.com');
    assert.deepEqual(await tokenStore.listByUser(h.app.store, res.body.user.id), [], 'sessions are not listed among personal tokens');
    const me = await h.api('GET', '/user', { auth: res.body.token });
    assert.equal(me.body.login, 'alice');
    assert.notEqual((await userStore.getByName(h.app.store, 'alice'))!.last_login, before);
    const second = await own(h, 'POST', '/session', { body: { username: 'alice', password: 'alice-password-1' } });
    assert.notEqual(second.body.token, res.body.token);
  });

  test('a wrong password is 401; a missing field is 422', async () => {
    const res = await own(h, 'POST', '/session', { body: { username: 'alice', password: 'nope-nope' } });
    assert.equal(res.status, 401);
    assert.equal(res.body.message, 'invalid username, password or token');
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'alice' } })).status, 422);
  });

  test('DELETE ends the session used; without a session it is refused', async () => {
    const token = await signIn(h, 'alice', 'alice-password-1');
    assert.equal((await own(h, 'DELETE', '/session', { auth: token })).status, 204);
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 401);
    assert.equal((await own(h, 'DELETE', '/session')).status, 401);
    assert.equal((await own(h, 'DELETE', '/session', { auth: ['alice', 'alice-password-1'] })).status, 422);
  });

  test('passwords are stored as scrypt hashes; sessions are not stored at all', async () => {
    const token = await signIn(h, 'alice', 'alice-password-1');
    const text = await storeText(h);
    assert.ok(!text.includes('alice-password-1'));
    assert.ok(!text.includes(token));
    assert.match(text, /"passwd": ?"scrypt\$16384\$8\$1\$/);
  });
});

describe('first-run setup: /api/homeforge/setup', () => {
  let h: TestHost;
  before(async () => { h = await startHost({ env: { HOMEFORGE_ADMIN_USER: '' } }); });
  after(async () => { await h.stop(); });

  test('needs_admin while no user exists; creates the admin once, then 409', async () => {
    assert.deepEqual((await own(h, 'GET', '/setup')).body, { needs_admin: true });
    assert.equal((await own(h, 'POST', '/setup', { body: { username: 'boss', email: 'boss@example.com', password: 'short' } })).status, 422);
    const form = (n: string) => ({ body: { username: n, email: `${n}@example.com`, password: 'boss-password-1' } });
    const [a, b] = await Promise.all([own(h, 'POST', '/setup', form('boss')), own(h, 'POST', '/setup', form('other'))]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const made = a.status === 201 ? a : b;
    assert.equal(made.body.user.is_admin, true);
    const me = await h.api('GET', '/user', { auth: made.body.token });
    assert.equal(me.body.is_admin, true);
    assert.deepEqual((await own(h, 'GET', '/setup')).body, { needs_admin: false });
    assert.equal((await own(h, 'POST', '/setup', form('third'))).status, 409);
  });
});

describe('failed sign-ins are rate-limited per account and per address', () => {
  let h: TestHost;
  before(async () => { h = await startHost({ settings: { 'security.LOGIN_MAX_FAILURES': '2' } }); });
  after(async () => { await h.stop(); });

  test('per account: past the limit even the right password gets 429, by basic auth and by the UI sign-in', async () => {
    await makeUser(h, 'carl');
    for (let i = 0; i < 2; i++) assert.equal((await h.api('GET', '/user', { auth: ['carl', 'wrong-pass'] })).status, 401);
    const locked = await h.api('GET', '/user', { auth: ['carl', 'carl-password-1'] });
    assert.equal(locked.status, 429);
    assert.match(locked.body.message, /too many failed sign-in attempts, try again in \d+ seconds/);
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'carl', password: 'carl-password-1' } })).status, 429);
  });

  test('per address: failures spread over accounts lock the address', async () => {
    for (const n of ['d1', 'd2']) await makeUser(h, n);
    // carl's two failures count for this address too: four more reach the address allowance of six.
    for (const n of ['d1', 'd2']) {
      for (let i = 0; i < 2; i++) assert.equal((await h.api('GET', '/user', { auth: [n, 'wrong-pass'] })).status, 401);
    }
    const fresh = await makeUser(h, 'fresh');
    assert.equal((await h.api('GET', '/user', { auth: ['fresh', 'fresh-password-1'] })).status, 429);
    assert.equal((await h.api('GET', '/user', { headers: { Authorization: basic(ADMIN.username, ADMIN.password) } })).status, 429);
    // A token is not a password sign-in, so it still works from the locked address.
    const { token } = createSession(h.app, fresh);
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 200);
  });
});

describe('no secret in any log', () => {
  let h: TestHost;
  const lines: string[] = [];
  before(async () => { h = await startHost({ logger: createLogger('Trace', (l) => lines.push(l)) }); });
  after(async () => { await h.stop(); });

  test('sign-ins, failures, tokens, LDAP errors and setup leave no password, token or bind password in the log', async () => {
    const admin = await signIn(h, ADMIN.username, ADMIN.password);
    const source = await own(h, 'POST', '/admin/auth-sources', {
      auth: admin,
      body: {
        type: 'ldap', name: 'down', host: '127.0.0.1', port: 1, security_protocol: 'unencrypted', user_search_base: 'dc=x',
        user_filter: '(uid=%s)', email_attribute: 'mail', bind_dn: 'cn=reader,dc=x', bind_password: 'bind-secret-xyz-1',
      },
    });
    assert.equal(source.status, 201);
    await h.api('GET', '/user', { auth: ['ghost-user', 'ghost-password-xyz'] });
    await h.api('GET', '/user', { auth: [ADMIN.username, 'root-wrong-password-xyz'] });
    await h.api('GET', `/user?token=${admin}`);
    await h.api('GET', '/user', { auth: admin });
    assert.ok(lines.some((l) => l.includes('LDAP sign-in failed')), 'the failing directory is logged');
    const all = lines.join('\n');
    for (const secret of ['ghost-password-xyz', 'root-wrong-password-xyz', ADMIN.password, admin, 'bind-secret-xyz-1']) {
      assert.ok(!all.includes(secret), `log contains ${secret.slice(0, 4)}...`);
    }
    assert.ok(!(await storeText(h)).includes('bind-secret-xyz-1'), 'bind password encrypted at rest');
  });
});
