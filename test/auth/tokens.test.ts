import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, request, basic, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { editUser, makeUser, signIn } from './helpers.ts';

describe('tokens, basic auth, query tokens, sudo', () => {
  let h: TestHost;
  let token: string;
  let adminToken: string;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'alice');
    await makeUser(h, 'mallory');
    token = await createToken(h, 'alice', 'alice-password-1');
    adminToken = await signIn(h, ADMIN.username, ADMIN.password);
  });
  after(async () => { await h.stop(); });

  const me = (headers: Record<string, string>, q = '') => request(h.url, 'GET', `/api/v1/user${q}`, { headers });

  test('Authorization: token and Bearer, any case of the scheme', async () => {
    for (const scheme of ['token', 'Bearer', 'TOKEN', 'bearer', 'ToKeN']) {
      const res = await me({ Authorization: `${scheme} ${token}` });
      assert.equal(res.status, 200, scheme);
      assert.equal(res.body.login, 'alice');
    }
  });

  test('a wrong token is 401 with Gitea\'s message', async () => {
    const res = await me({ Authorization: `token ${'0'.repeat(40)}` });
    assert.equal(res.status, 401);
    assert.equal(res.body.message, 'invalid username, password or token');
    assert.equal(res.body.url, `${h.url}/api/swagger`);
  });

  test('basic auth with the password; a wrong password is 401', async () => {
    assert.equal((await me({ Authorization: basic('alice', 'alice-password-1') })).body.login, 'alice');
    assert.equal((await me({ Authorization: basic('alice@example.com', 'alice-password-1') })).body.login, 'alice');
    const bad = await me({ Authorization: basic('alice', 'wrong-password') });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.message, 'invalid username, password or token');
  });

  test('basic auth with a token as the password, or as the user name with an empty or x-oauth-basic password', async () => {
    for (const header of [basic('alice', token), basic(token, ''), basic(token, 'x-oauth-basic'), basic('anything', token)]) {
      const res = await me({ Authorization: header });
      assert.equal(res.status, 200);
      assert.equal(res.body.login, 'alice');
    }
    assert.equal((await me({ Authorization: basic('f'.repeat(40), '') })).status, 401);
  });

  test('query-string token and access_token work and every answer carries the deprecation warnings', async () => {
    for (const q of [`?token=${token}`, `?access_token=${token}`]) {
      const res = await me({}, q);
      assert.equal(res.status, 200);
      assert.equal(res.body.login, 'alice');
      assert.match(res.headers.get('warning') ?? '', /^299 - ".*token and access_token API authentication is deprecated.*"$/);
      assert.match(res.headers.get('x-gitea-warning') ?? '', /token and access_token API authentication is deprecated/);
    }
    const wrong = await me({}, '?token=nope');
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('warning') ?? '', /deprecated/);
    assert.match(wrong.headers.get('x-gitea-warning') ?? '', /deprecated/);
    const missing = await request(h.url, 'GET', `/api/v1/no/such/thing?access_token=${token}`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('x-gitea-warning') ?? '', /deprecated/);
    assert.equal((await me({ Authorization: `token ${token}` })).headers.get('warning'), null);
  });

  test('sudo by query parameter and header: admins act as the user', async () => {
    const byQuery = await me({ Authorization: `token ${adminToken}` }, '?sudo=alice');
    assert.equal(byQuery.status, 200);
    assert.equal(byQuery.body.login, 'alice');
    const byHeader = await me({ Authorization: basic(ADMIN.username, ADMIN.password), Sudo: 'alice' });
    assert.equal(byHeader.body.login, 'alice');
  });

  test('sudo: non-admins and anonymous get 403, an unknown user 404', async () => {
    const notAdmin = await me({ Authorization: `token ${token}`, Sudo: 'mallory' });
    assert.equal(notAdmin.status, 403);
    assert.equal(notAdmin.body.message, 'Only administrators allowed to sudo.');
    assert.equal((await me({}, '?sudo=alice')).status, 403);
    const unknown = await me({ Authorization: `token ${adminToken}` }, '?sudo=nobody-here');
    assert.equal(unknown.status, 404);
  });

  test('inactive and prohibited users are refused with Gitea\'s 403 messages, by token and by password', async () => {
    const t = await signIn(h, 'mallory', 'mallory-password-1');
    await editUser(h, 'mallory', (u) => { u.is_active = false; });
    let res = await me({ Authorization: `token ${t}` });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, 'This account is not activated.');
    await editUser(h, 'mallory', (u) => { u.is_active = true; u.prohibit_login = true; });
    res = await me({ Authorization: `token ${t}` });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, 'This account is prohibited from signing in, please contact your site administrator.');
    res = await me({ Authorization: basic('mallory', 'mallory-password-1') });
    assert.equal(res.status, 403);
    assert.match(res.body.message, /prohibited from signing in/);
    await editUser(h, 'mallory', (u) => { u.prohibit_login = false; });
    assert.equal((await me({ Authorization: `token ${t}` })).status, 200);
  });
});

describe('DISABLE_QUERY_AUTH_TOKEN=true', () => {
  let h: TestHost;
  before(async () => { h = await startHost({ settings: { 'security.DISABLE_QUERY_AUTH_TOKEN': 'true' } }); });
  after(async () => { await h.stop(); });

  test('a query-string token is rejected with 401 saying query tokens are disabled', async () => {
    const token = await signIn(h, ADMIN.username, ADMIN.password);
    for (const q of [`token=${token}`, `access_token=${token}`]) {
      const res = await request(h.url, 'GET', `/api/v1/user?${q}`);
      assert.equal(res.status, 401);
      assert.match(res.body.message, /query.*disabled|disabled.*query|DISABLE_QUERY_AUTH_TOKEN/i);
      assert.match(res.headers.get('warning') ?? '', /deprecated/);
    }
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 200);
  });
});
