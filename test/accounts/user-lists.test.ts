import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, logins, type TestHost } from '../helpers/host.ts';
import * as userStore from '../../server/store/users.ts';
import { ADMIN_AUTH, addLdapSource, makeUser, pw } from './helpers.ts';

describe('GET /admin/users', () => {
  let h: TestHost;
  let sourceId = 0;
  before(async () => {
    h = await startHost();
    sourceId = await addLdapSource(h);
    await makeUser(h, 'zed', { full_name: 'Zed Last', visibility: 'private' });
    await makeUser(h, 'amy', { full_name: 'Amy First', restricted: true });
    await makeUser(h, 'mid', { visibility: 'limited' });
    await h.api('POST', '/admin/users', { auth: ADMIN_AUTH, body: { username: 'dir', email: 'dir@corp.example', source_id: sourceId, login_name: 'dir-uid' } });
    await h.api('PATCH', '/admin/users/mid', { auth: ADMIN_AUTH, body: { active: false, prohibit_login: true } });
    await userStore.update(h.app.store, (await userStore.getByName(h.app.store, 'amy'))!.id, (u) => { u.totp_secret = 'v1:x'; });
  });
  after(async () => { await h.stop(); });

  test('lists every user by name with X-Total-Count', async () => {
    const res = await h.api('GET', '/admin/users', { auth: ADMIN_AUTH });
    assert.equal(res.status, 200);
    assert.deepEqual(logins(res), ['amy', 'dir', 'mid', 'root', 'zed']);
    assert.equal(res.headers.get('x-total-count'), '5');
    assert.equal(res.body[0].email, 'amy@example.com');
  });

  test('pages with limit and page, with a Link header', async () => {
    const res = await h.api('GET', '/admin/users?limit=2&page=2', { auth: ADMIN_AUTH });
    assert.deepEqual(logins(res), ['mid', 'root']);
    assert.equal(res.headers.get('x-total-count'), '5');
    const link = res.headers.get('link') ?? '';
    assert.match(link, /limit=2&page=3>; rel="next"/);
    assert.match(link, /limit=2&page=1>; rel="prev"/);
  });

  test('filters: q, visibility, booleans, source_id, login_name', async () => {
    const get = async (qs: string): Promise<string[]> => {
      const res = await h.api('GET', `/admin/users?${qs}`, { auth: ADMIN_AUTH });
      assert.equal(res.status, 200, `${qs}: ${res.text}`);
      return logins(res);
    };
    assert.deepEqual(await get('q=first'), ['amy']);
    assert.deepEqual(await get('q=CORP.example'), ['dir']);
    assert.deepEqual(await get('visibility=private'), ['zed']);
    assert.deepEqual(await get('is_active=false'), ['mid']);
    assert.deepEqual(await get('is_prohibit_login=true'), ['mid']);
    assert.deepEqual(await get('is_admin=true'), ['root']);
    assert.deepEqual(await get('is_restricted=1'), ['amy']);
    assert.deepEqual(await get('is_2fa_enabled=true'), ['amy']);
    assert.deepEqual(await get(`source_id=${sourceId}`), ['dir']);
    assert.deepEqual(await get('login_name=dir-uid'), ['dir']);
  });

  test('sort and order', async () => {
    const byId = await h.api('GET', '/admin/users?sort=id&order=desc', { auth: ADMIN_AUTH });
    assert.deepEqual(logins(byId), ['dir', 'mid', 'amy', 'zed', 'root']);
    const created = await h.api('GET', '/admin/users?sort=created', { auth: ADMIN_AUTH });
    assert.equal(created.body[0].login, 'root');
    const ignored = await h.api('GET', '/admin/users?order=desc', { auth: ADMIN_AUTH });
    assert.equal(ignored.body[0].login, 'amy');
  });

  test('bad filter values: 422 naming the parameter', async () => {
    for (const [qs, field] of [['sort=age', 'sort'], ['order=up', 'order'], ['is_admin=maybe', 'is_admin'], ['source_id=x', 'source_id'], ['visibility=all', 'visibility']]) {
      const res = await h.api('GET', `/admin/users?${qs}`, { auth: ADMIN_AUTH });
      assert.equal(res.status, 422, qs);
      assert.ok((res.body.errors as { field: string }[] | undefined)?.some((e) => e.field === field), res.text);
      assert.ok(res.body.message.includes(field), res.body.message);
    }
  });
});

describe('GET /user, GET /users/{username}, GET /users/search', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'pub', { full_name: 'Public Person' });
    await makeUser(h, 'lim', { visibility: 'limited' });
    await makeUser(h, 'priv', { visibility: 'private' });
    await makeUser(h, 'restr', { restricted: true });
  });
  after(async () => { await h.stop(); });

  test('GET /user shows the account fields to the user themself', async () => {
    const res = await h.api('GET', '/user', { auth: ['pub', pw('pub')] });
    assert.equal(res.status, 200);
    assert.equal(res.body.login, 'pub');
    assert.equal(res.body.email, 'pub@example.com');
    assert.equal(res.body.login_name, 'pub');
    assert.equal(res.body.active, true);
  });

  test('a public user: anonymous viewers see a placeholder email and no account fields', async () => {
    const res = await h.api('GET', '/users/pub');
    assert.equal(res.status, 200);
    assert.equal(res.body.login, 'pub');
    assert.equal(res.body.email, 'pub@noreply.127.0.0.1');
    assert.equal(res.body.login_name, '');
    assert.equal(res.body.last_login, '0001-01-01T00:00:00Z');
    assert.equal(res.body.is_admin, false);
    const signed = await h.api('GET', '/users/pub', { auth: ['lim', pw('lim')] });
    assert.equal(signed.body.email, 'pub@example.com');
    assert.equal(signed.body.login_name, '');
  });

  test('a limited user needs sign-in; a private user is 404 to others, seen by itself and admins', async () => {
    assert.equal((await h.api('GET', '/users/lim')).status, 404);
    assert.equal((await h.api('GET', '/users/lim', { auth: ['pub', pw('pub')] })).status, 200);
    assert.equal((await h.api('GET', '/users/lim', { auth: ['restr', pw('restr')] })).status, 404);
    const hidden = await h.api('GET', '/users/priv', { auth: ['pub', pw('pub')] });
    const missing = await h.api('GET', '/users/nobody-here', { auth: ['pub', pw('pub')] });
    assert.equal(hidden.status, 404);
    assert.equal(missing.status, 404);
    assert.equal(hidden.body.message, 'The user priv does not exist.');
    assert.equal(missing.body.message, 'The user nobody-here does not exist.');
    assert.equal((await h.api('GET', '/users/priv', { auth: ['priv', pw('priv')] })).status, 200);
    const admin = await h.api('GET', '/users/priv', { auth: ADMIN_AUTH });
    assert.equal(admin.status, 200);
    assert.equal(admin.body.login_name, 'priv');
  });

  test('a public-only token sees public users only', async () => {
    const token = await createToken(h, 'pub', pw('pub'), ['public-only', 'read:user']);
    assert.equal((await h.api('GET', '/users/pub', { auth: token })).status, 200);
    assert.equal((await h.api('GET', '/users/lim', { auth: token })).status, 403);
    const search = await h.api('GET', '/users/search', { auth: token });
    assert.deepEqual(search.body.data.map((u: { login: string }) => u.login), ['pub', 'restr', 'root']);
  });

  test('search answers {ok, data} with what the viewer may see', async () => {
    const anon = await h.api('GET', '/users/search');
    assert.equal(anon.status, 200);
    assert.equal(anon.body.ok, true);
    assert.deepEqual(anon.body.data.map((u: { login: string }) => u.login), ['pub', 'restr', 'root']);
    assert.equal(anon.headers.get('x-total-count'), '3');
    const signed = await h.api('GET', '/users/search', { auth: ['pub', pw('pub')] });
    assert.deepEqual(signed.body.data.map((u: { login: string }) => u.login), ['lim', 'pub', 'restr', 'root']);
    const admin = await h.api('GET', '/users/search', { auth: ADMIN_AUTH });
    assert.deepEqual(admin.body.data.map((u: { login: string }) => u.login), ['lim', 'priv', 'pub', 'restr', 'root']);
  });

  test('search by q, uid, with paging', async () => {
    const q = await h.api('GET', '/users/search?q=PERSON');
    assert.deepEqual(q.body.data.map((u: { login: string }) => u.login), ['pub']);
    const pub = await h.api('GET', '/users/pub');
    const byId = await h.api('GET', `/users/search?uid=${pub.body.id}`);
    assert.deepEqual(byId.body.data.map((u: { login: string }) => u.login), ['pub']);
    const paged = await h.api('GET', '/users/search?limit=1&page=2');
    assert.deepEqual(paged.body.data.map((u: { login: string }) => u.login), ['restr']);
    assert.equal(paged.headers.get('x-total-count'), '3');
    const bad = await h.api('GET', '/users/search?uid=abc');
    assert.equal(bad.status, 422);
    assert.match(bad.body.message, /^(.*; )?uid /);
  });

  test('search finds the system users Ghost (-1) and gitea-actions (-2) by uid and by name', async () => {
    const ghost = await h.api('GET', '/users/search?uid=-1');
    assert.equal(ghost.status, 200);
    assert.equal(ghost.headers.get('x-total-count'), '1');
    assert.equal(ghost.body.data.length, 1);
    assert.equal(ghost.body.data[0].id, -1);
    assert.equal(ghost.body.data[0].login, 'Ghost');
    const actions = await h.api('GET', '/users/search?uid=-2', { auth: ['pub', pw('pub')] });
    assert.equal(actions.body.data[0].id, -2);
    assert.equal(actions.body.data[0].login, 'gitea-actions');
    assert.equal(actions.body.data[0].full_name, 'Gitea Actions');
    assert.notEqual(actions.body.data[0].email, 'teabot@gitea.io');
    const byName = await h.api('GET', '/users/search?q=ghost');
    assert.deepEqual(byName.body.data.map((u: { id: number }) => u.id), [-1]);
    const byActions = await h.api('GET', '/users/search?q=gitea-act');
    assert.deepEqual(byActions.body.data.map((u: { id: number }) => u.id), [-2]);
    const none = await h.api('GET', '/users/search');
    assert.ok(!none.body.data.some((u: { id: number }) => u.id < 0));
  });
});
