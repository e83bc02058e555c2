import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, pw } from './helpers.ts';

const SCOPE_403 = /^token does not have at least one of required scope\(s\), required=\[(read|write):(user|admin)\]/;

describe('token scopes on the accounts routes', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'sam');
  });
  after(async () => { await h.stop(); });
  const adminToken = (scopes: string[]): Promise<string> => createToken(h, ADMIN.username, ADMIN.password, scopes);
  const newUser = { username: 'via-token', email: 'via-token@example.com', password: 'via-token-pass', must_change_password: false };

  test('read:user reads /user, /users/{name} and /users/search, and is refused on /admin', async () => {
    const token = await createToken(h, 'sam', pw('sam'), ['read:user']);
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 200);
    assert.equal((await h.api('GET', '/users/root', { auth: token })).status, 200);
    assert.equal((await h.api('GET', '/users/search?q=sa', { auth: token })).status, 200);
    const adminRead = await adminToken(['read:user']);
    const res = await h.api('GET', '/admin/users', { auth: adminRead });
    assert.equal(res.status, 403);
    assert.match(res.body.message, SCOPE_403);
  });

  test('a token without user scope cannot read users', async () => {
    const token = await createToken(h, 'sam', pw('sam'), ['read:repository']);
    for (const p of ['/user', '/users/root', '/users/search']) {
      const res = await h.api('GET', p, { auth: token });
      assert.equal(res.status, 403, p);
      assert.match(res.body.message, /required=\[read:user\]/);
    }
  });

  test('a read-only token reads but does not write: read:admin lists users, cannot create, edit, rename or delete', async () => {
    const token = await adminToken(['read:admin']);
    assert.equal((await h.api('GET', '/admin/users', { auth: token })).status, 200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/admin/users', newUser],
      ['PATCH', '/admin/users/sam', { full_name: 'Nope' }],
      ['POST', '/admin/users/sam/rename', { new_username: 'samuel' }],
      ['DELETE', '/admin/users/sam'],
    ];
    for (const [method, p, body] of writes) {
      const res = await h.api(method, p, { auth: token, body });
      assert.equal(res.status, 403, `${method} ${p}`);
      assert.match(res.body.message, /required=\[write:admin\]/);
    }
    const sam = await h.api('GET', '/users/sam', { auth: ['sam', pw('sam')] });
    assert.equal(sam.status, 200);
    assert.equal(sam.body.full_name, '');
  });

  test('an admin\'s token without the admin scope is refused on every /admin route', async () => {
    const token = await adminToken(['write:user', 'write:repository', 'write:organization']);
    for (const [method, p, body] of [['GET', '/admin/users'], ['POST', '/admin/users', newUser], ['PATCH', '/admin/users/sam', {}], ['DELETE', '/admin/users/sam']] as const) {
      const res = await h.api(method, p, { auth: token, body });
      assert.equal(res.status, 403, `${method} ${p}`);
      assert.match(res.body.message, SCOPE_403);
    }
  });

  test('write:admin and all may do everything on /admin', async () => {
    const write = await adminToken(['write:admin']);
    assert.equal((await h.api('GET', '/admin/users', { auth: write })).status, 200);
    const created = await h.api('POST', '/admin/users', { auth: write, body: newUser });
    assert.equal(created.status, 201, created.text);
    const all = await adminToken(['all']);
    assert.equal((await h.api('PATCH', '/admin/users/via-token', { auth: all, body: { full_name: 'Via Token' } })).status, 200);
    assert.equal((await h.api('POST', '/admin/users/via-token/rename', { auth: all, body: { new_username: 'via-all' } })).status, 204);
    assert.equal((await h.api('DELETE', '/admin/users/via-all', { auth: all })).status, 204);
    assert.equal((await h.api('GET', '/user', { auth: all })).status, 200);
  });

  test('a non-admin with scope all is still refused on /admin (403)', async () => {
    const token = await createToken(h, 'sam', pw('sam'), ['all']);
    const res = await h.api('GET', '/admin/users', { auth: token });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, 'user should be the site administrator');
  });
});
