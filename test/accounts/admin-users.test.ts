import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, type TestHost } from '../helpers/host.ts';
import * as userStore from '../../server/store/users.ts';
import { verifyPassword } from '../../server/lib/crypto.ts';
import { ADMIN_AUTH, addLdapSource, makeUser, pw } from './helpers.ts';

describe('POST /admin/users', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('creates a user with the full CreateUserOption', async () => {
    const res = await h.api('POST', '/admin/users', {
      auth: ADMIN_AUTH,
      body: {
        username: 'alice', email: 'alice@example.com', password: 'alice-password-1', full_name: 'Alice A',
        must_change_password: false, restricted: true, visibility: 'limited', send_notify: true,
        created_at: '2020-01-02T03:04:05Z', login_name: 'ignored-for-local',
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.login, 'alice');
    assert.equal(res.body.username, 'alice');
    assert.equal(res.body.full_name, 'Alice A');
    assert.equal(res.body.email, 'alice@example.com');
    assert.equal(res.body.restricted, true);
    assert.equal(res.body.visibility, 'limited');
    assert.equal(res.body.created, '2020-01-02T03:04:05.000Z');
    assert.equal(res.body.is_admin, false);
    assert.equal(res.body.source_id, 0);
    assert.equal(res.body.active, true);
    const stored = await userStore.getByName(h.app.store, 'alice');
    assert.ok(stored);
    assert.equal(stored.must_change_password, false);
    assert.notEqual(stored.passwd, 'alice-password-1');
    assert.ok(await verifyPassword('alice-password-1', stored.passwd));
    const me = await h.api('GET', '/user', { auth: ['alice', 'alice-password-1'] });
    assert.equal(me.status, 200);
  });

  test('must_change_password defaults to true for a local user, as in Gitea', async () => {
    const res = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'mcp', email: 'mcp@example.com', password: 'mcp-password-1' } });
    assert.equal(res.status, 201);
    assert.equal((await userStore.getByName(h.app.store, 'mcp'))?.must_change_password, true);
  });

  test('username and email are required: 422 naming the field', async () => {
    const noName = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { email: 'x@example.com', password: 'x-password-1' } });
    assert.equal(noName.status, 422);
    assert.match(noName.body.message, /^(.*; )?username /);
    const noEmail = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'x', password: 'x-password-1' } });
    assert.equal(noEmail.status, 422);
    assert.match(noEmail.body.message, /^(.*; )?email /);
    const empty = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH });
    assert.equal(empty.status, 422);
    assert.match(empty.body.message, /^(.*; )?username /);
    assert.match(empty.body.message, /^(.*; )?email /);
  });

  test('wrong types are 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 5, email: 'a@b.c', password: 'p-password-1' }, 'username'],
      [{ username: 'typed', email: 'typed@example.com', password: 12345678 }, 'password'],
      [{ username: 'typed', email: 'typed@example.com', password: 'p-password-1', restricted: 'yes' }, 'restricted'],
      [{ username: 'typed', email: 'typed@example.com', password: 'p-password-1', visibility: 'secret' }, 'visibility'],
      [{ username: 'typed', email: 'typed@example.com', password: 'p-password-1', source_id: 'one' }, 'source_id'],
      [{ username: 'typed', email: 'typed@example.com', password: 'p-password-1', created_at: 'yesterday' }, 'created_at'],
    ];
    for (const [body, field] of cases) {
      const res = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body });
      assert.equal(res.status, 422, `${field}: ${res.text}`);
      assert.ok((res.body.errors as { field: string }[] | undefined)?.some((e) => e.field === field), res.text);
      assert.ok(res.body.message.includes(field), res.body.message);
    }
    const arrayBody = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: ['not', 'an', 'object'] });
    assert.equal(arrayBody.status, 422);
  });

  test('a local user without a password is refused; an LDAP user may omit it', async () => {
    const local = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'nopass', email: 'nopass@example.com' } });
    assert.equal(local.status, 422);
    assert.equal(local.body.message, 'password is required for a user without a login source.');
    const sourceId = await addLdapSource(h);
    const ldap = await h.api('POST', '/admin/users', {
      auth: ADMIN_AUTH, body: { username: 'ldapper', email: 'ldapper@example.com', source_id: sourceId, login_name: 'ldapper-uid' },
    });
    assert.equal(ldap.status, 201, ldap.text);
    assert.equal(ldap.body.source_id, sourceId);
    assert.equal(ldap.body.login_name, 'ldapper-uid');
    const stored = await userStore.getByName(h.app.store, 'ldapper');
    assert.equal(stored?.passwd, '');
    assert.equal(stored?.must_change_password, false);
    const unknown = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'ghostsrc', email: 'g@example.com', source_id: 999 } });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.message, 'The login source 999 does not exist.');
  });

  test('a short password is 422', async () => {
    const res = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'shorty', email: 'shorty@example.com', password: 'short' } });
    assert.equal(res.status, 422);
  });

  test("duplicate name or email: Gitea's 422 and message, case-insensitively", async () => {
    await makeUser(h, 'dup');
    const name = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'DUP', email: 'other@example.com', password: 'dup-password-1' } });
    assert.equal(name.status, 422);
    assert.equal(name.body.message, 'user already exists [name: DUP]');
    assert.deepEqual(name.body.errors?.map((e: { field: string }) => e.field), ['username'], 'the taken name is named, for a form to show it beside the field');
    const email = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'dup2', email: 'DUP@example.com', password: 'dup-password-1' } });
    assert.equal(email.status, 422);
    assert.equal(email.body.message, 'e-mail already in use [email: DUP@example.com]');
    assert.deepEqual(email.body.errors?.map((e: { field: string }) => e.field), ['email']);
  });

  test('reserved and invalid names, invalid email: 422', async () => {
    for (const username of ['admin', 'api', 'ghost', 'gitea-actions', 'foo.keys', '-bad', 'a..b', 'sp ace']) {
      const res = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username, email: `n${Math.random()}@example.com`, password: 'name-password-1' } });
      assert.equal(res.status, 422, `${username}: ${res.text}`);
    }
    const bad = await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'bademail', email: 'not-an-email', password: 'name-password-1' } });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.message, 'not-an-email is not a valid email address.');
  });

  test('non-admins get 403 on every admin user route; anonymous gets 401', async () => {
    await makeUser(h, 'plain');
    const auth: [string, string] = ['plain', pw('plain')];
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/users'],
      ['POST', '/admin/users', { username: 'x1', email: 'x1@example.com', password: 'x1-password-1' }],
      ['PATCH', '/admin/users/plain', { full_name: 'me' }],
      ['DELETE', '/admin/users/dup'],
      ['POST', '/admin/users/dup/rename', { new_username: 'dup-renamed' }],
    ];
    for (const [method, p, body] of calls) {
      const res = await h.api(method, p, { auth, body });
      assert.equal(res.status, 403, `${method} ${p}`);
      assert.equal(res.body.message, 'user should be the site administrator');
      const anon = await h.api(method, p, { body });
      assert.equal(anon.status, 401, `${method} ${p} anonymous`);
    }
    const token = await createToken(h, 'plain', pw('plain'), ['all']);
    assert.equal((await h.api('GET', '/admin/users', { auth: token })).status, 403);
  });
});

describe('PATCH /admin/users/{username} and rename', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'bob');
    await makeUser(h, 'carol');
  });
  after(async () => { await h.stop(); });

  test('applies only the fields present', async () => {
    const res = await h.api('PATCH', '/admin/users/bob', {
      auth: ADMIN_AUTH, body: { full_name: 'Bob B', website: 'https://bob.example.com', location: 'Here', description: 'hi', max_repo_creation: 3, visibility: 'private' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.full_name, 'Bob B');
    assert.equal(res.body.website, 'https://bob.example.com');
    assert.equal(res.body.visibility, 'private');
    assert.equal(res.body.email, 'bob@example.com');
    const again = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { location: 'There' } });
    assert.equal(again.body.full_name, 'Bob B');
    assert.equal(again.body.location, 'There');
    assert.equal(again.body.visibility, 'private');
    const stored = await userStore.getByName(h.app.store, 'bob');
    assert.equal(stored?.max_repo_creation, 3);
    assert.equal(stored?.is_admin, false);
  });

  test('password, email, admin, active and restricted changes', async () => {
    const res = await h.api('PATCH', '/admin/users/bob', {
      auth: ADMIN_AUTH, body: { password: 'bob-new-password', email: 'bob2@example.com', admin: true, restricted: true, must_change_password: false },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.is_admin, true);
    assert.equal(res.body.restricted, true);
    assert.equal(res.body.email, 'bob2@example.com');
    assert.equal((await h.api('GET', '/user', { auth: ['bob', 'bob-new-password'] })).status, 200);
    assert.equal((await h.api('GET', '/user', { auth: ['bob', pw('bob')] })).status, 401);
    const off = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { admin: false, active: false } });
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    assert.equal((await h.api('GET', '/user', { auth: ['bob', 'bob-new-password'] })).status, 403);
    await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { active: true } });
  });

  test('bad edits: 400 for short password or taken/invalid email, 422 for wrong types and unknown source; nothing changes', async () => {
    const short = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { password: 'short', full_name: 'Changed?' } });
    assert.equal(short.status, 400);
    assert.equal(short.body.message, 'password must be at least 8 characters');
    const taken = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { email: 'carol@example.com' } });
    assert.equal(taken.status, 400);
    assert.equal(taken.body.message, 'e-mail already in use [email: carol@example.com]');
    assert.deepEqual(taken.body.errors?.map((e: { field: string }) => e.field), ['email']);
    const invalid = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { email: 'nope' } });
    assert.equal(invalid.status, 400);
    for (const [body, field] of [[{ admin: 'yes' }, 'admin'], [{ max_repo_creation: 1.5 }, 'max_repo_creation'], [{ website: 'not a url' }, 'website'], [{ visibility: 'hidden' }, 'visibility']] as const) {
      const res = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body });
      assert.equal(res.status, 422, field);
      assert.ok((res.body.errors as { field: string }[] | undefined)?.some((e) => e.field === field), res.text);
      assert.ok(res.body.message.includes(field), res.body.message);
    }
    const source = await h.api('PATCH', '/admin/users/bob', { auth: ADMIN_AUTH, body: { source_id: 77, login_name: 'b' } });
    assert.equal(source.status, 422);
    assert.equal((await userStore.getByName(h.app.store, 'bob'))?.full_name, 'Bob B');
  });

  test('unknown user: 404', async () => {
    const res = await h.api('PATCH', '/admin/users/nobody', { auth: ADMIN_AUTH, body: { full_name: 'x' } });
    assert.equal(res.status, 404);
  });

  test('rename: 204, the old name is gone, the user keeps its id and password', async () => {
    const before = await h.api('GET', '/users/carol', { auth: ADMIN_AUTH });
    const res = await h.api('POST', '/admin/users/carol/rename', { auth: ADMIN_AUTH, body: { new_username: 'caroline' } });
    assert.equal(res.status, 204);
    assert.equal((await h.api('GET', '/users/carol', { auth: ADMIN_AUTH })).status, 404);
    const after = await h.api('GET', '/users/caroline', { auth: ADMIN_AUTH });
    assert.equal(after.body.id, before.body.id);
    assert.equal((await h.api('GET', '/user', { auth: ['caroline', pw('carol')] })).status, 200);
    const caseOnly = await h.api('POST', '/admin/users/caroline/rename', { auth: ADMIN_AUTH, body: { new_username: 'Caroline' } });
    assert.equal(caseOnly.status, 204);
    assert.equal((await h.api('GET', '/users/caroline', { auth: ADMIN_AUTH })).body.login, 'Caroline');
  });

  test('rename refusals: taken, reserved, invalid, missing: 422', async () => {
    const taken = await h.api('POST', '/admin/users/bob/rename', { auth: ADMIN_AUTH, body: { new_username: 'root' } });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.message, 'The username is already taken.');
    const reserved = await h.api('POST', '/admin/users/bob/rename', { auth: ADMIN_AUTH, body: { new_username: 'admin' } });
    assert.equal(reserved.status, 422);
    assert.equal(reserved.body.message, 'The username "admin" is reserved.');
    const invalid = await h.api('POST', '/admin/users/bob/rename', { auth: ADMIN_AUTH, body: { new_username: 'b@d' } });
    assert.equal(invalid.status, 422);
    const missing = await h.api('POST', '/admin/users/bob/rename', { auth: ADMIN_AUTH, body: {} });
    assert.equal(missing.status, 422);
    assert.match(missing.body.message, /^(.*; )?new_username /);
    const unknown = await h.api('POST', '/admin/users/nobody/rename', { auth: ADMIN_AUTH, body: { new_username: 'somebody' } });
    assert.equal(unknown.status, 404);
  });
});
