import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, type TestHost } from '../helpers/host.ts';
import * as tokenStore from '../../server/store/access-tokens.ts';
import * as userStore from '../../server/store/users.ts';
import { hashToken } from '../../server/lib/crypto.ts';
import { ADMIN_AUTH, makeUser, pw } from './helpers.ts';

describe('/users/{username}/tokens', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'tess');
    await makeUser(h, 'otto');
  });
  after(async () => { await h.stop(); });
  const tess: [string, string] = ['tess', pw('tess')];

  test('create answers AccessToken with the value once; it is stored hashed and works', async () => {
    const res = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'ci', scopes: ['read:repository', 'write:user', 'read:user'] } });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.sha1, /^[0-9a-f]{40}$/);
    assert.equal(res.body.token_last_eight, res.body.sha1.slice(-8));
    assert.equal(res.body.name, 'ci');
    assert.deepEqual(res.body.scopes, ['read:repository', 'write:user']);
    assert.ok(Date.parse(res.body.created_at));
    assert.ok(Date.parse(res.body.last_used_at));
    const stored = await tokenStore.getByHash(h.app.store, hashToken(res.body.sha1));
    assert.ok(stored);
    assert.ok(!JSON.stringify(stored).includes(res.body.sha1));
    const me = await h.api('GET', '/user', { auth: res.body.sha1 });
    assert.equal(me.body.login, 'tess');
  });

  test('list shows tokens without their value, with paging headers', async () => {
    await createToken(h, 'tess', pw('tess'), ['all'], 'second');
    const res = await h.api('GET', '/users/tess/tokens', { auth: tess });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((t: { name: string }) => t.name), ['ci', 'second']);
    for (const t of res.body) {
      assert.equal(t.sha1, '');
      assert.match(t.token_last_eight, /^[0-9a-f]{8}$/);
      assert.ok(Array.isArray(t.scopes));
    }
    assert.equal(res.headers.get('x-total-count'), '2');
    const page = await h.api('GET', '/users/tess/tokens?limit=1&page=2', { auth: tess });
    assert.deepEqual(page.body.map((t: { name: string }) => t.name), ['second']);
  });

  test('duplicate name: 400; invalid or missing scope: 400; missing name: 422', async () => {
    const dup = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'ci', scopes: ['all'] } });
    assert.equal(dup.status, 400);
    assert.equal(dup.body.message, 'access token name has been used already');
    assert.deepEqual(dup.body.errors?.map((e: { field: string }) => e.field), ['name'], 'the used name is named, for a form to show it beside the field');
    const bad = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'bad', scopes: ['read:everything'] } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'invalid access token scope provided: invalid access token scope: read:everything');
    const none = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'none' } });
    assert.equal(none.status, 400);
    assert.equal(none.body.message, 'access token must have a scope');
    assert.deepEqual(none.body.errors?.map((e: { field: string }) => e.field), ['scopes']);
    const noName = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { scopes: ['all'] } });
    assert.equal(noName.status, 422);
    assert.match(noName.body.message, /^(.*; )?name /);
    const wrongType = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'x', scopes: 'all' } });
    assert.equal(wrongType.status, 422);
    assert.match(wrongType.body.message, /^(.*; )?scopes /);
    // The same name is free for another user.
    assert.equal((await h.api('POST', '/users/otto/tokens', { auth: ['otto', pw('otto')], body: { name: 'ci', scopes: ['all'] } })).status, 201);
  });

  test('needs basic auth: a token header is refused with 401, anonymous too; a token as the Basic password is basic auth', async () => {
    const token = await createToken(h, 'tess', pw('tess'), ['all'], 'for-basic-check');
    for (const [method, p, body] of [['GET', '/users/tess/tokens'], ['POST', '/users/tess/tokens', { name: 'n', scopes: ['all'] }], ['DELETE', '/users/tess/tokens/ci']] as const) {
      const withToken = await h.api(method, p, { auth: token, body });
      assert.equal(withToken.status, 401, `${method} ${p}`);
      assert.equal(withToken.body.message, 'auth required');
      assert.equal((await h.api(method, p, { body })).status, 401);
    }
    // As in Gitea, a token sent as the Basic password counts as basic auth; its scopes still apply.
    const asPassword = await h.api('GET', '/users/tess/tokens', { auth: ['tess', token] });
    assert.equal(asPassword.status, 200);
    const readOnly = await createToken(h, 'tess', pw('tess'), ['read:repository'], 'no-user-scope');
    assert.equal((await h.api('GET', '/users/tess/tokens', { auth: ['tess', readOnly] })).status, 403);
  });

  test('another account: 403 for a non-admin on list, create and delete', async () => {
    const otto: [string, string] = ['otto', pw('otto')];
    const list = await h.api('GET', '/users/tess/tokens', { auth: otto });
    assert.equal(list.status, 403);
    assert.equal(list.body.message, 'doer should be the site admin or be same as the contextUser');
    assert.equal((await h.api('POST', '/users/tess/tokens', { auth: otto, body: { name: 'steal', scopes: ['all'] } })).status, 403);
    assert.equal((await h.api('DELETE', '/users/tess/tokens/ci', { auth: otto })).status, 403);
    assert.equal((await h.api('GET', '/users/nobody/tokens', { auth: otto })).status, 404);
  });

  test('an administrator may create, list and delete the tokens of another account', async () => {
    const made = await h.api('POST', '/users/otto/tokens', { auth: ADMIN_AUTH, body: { name: 'by-admin', scopes: ['read:user'] } });
    assert.equal(made.status, 201);
    const otto = await userStore.getByName(h.app.store, 'otto');
    assert.equal((await tokenStore.getByHash(h.app.store, hashToken(made.body.sha1)))?.uid, otto!.id);
    assert.equal((await h.api('GET', '/user', { auth: made.body.sha1 })).body.login, 'otto');
    const list = await h.api('GET', '/users/otto/tokens', { auth: ADMIN_AUTH });
    assert.deepEqual(list.body.map((t: { name: string }) => t.name), ['ci', 'by-admin']);
    assert.equal((await h.api('DELETE', `/users/otto/tokens/${made.body.id}`, { auth: ADMIN_AUTH })).status, 204);
    assert.equal((await h.api('GET', '/user', { auth: made.body.sha1 })).status, 401);
  });

  test('delete by id or by name; another user\'s token id is 404; unknown is 404', async () => {
    const a = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'del-by-name', scopes: ['all'] } });
    assert.equal((await h.api('DELETE', '/users/tess/tokens/del-by-name', { auth: tess })).status, 204);
    assert.equal((await h.api('GET', '/user', { auth: a.body.sha1 })).status, 401);
    const b = await h.api('POST', '/users/tess/tokens', { auth: tess, body: { name: 'del-by-id', scopes: ['all'] } });
    const ottos = await h.api('GET', '/users/otto/tokens', { auth: ['otto', pw('otto')] });
    const ottoId = ottos.body[0].id as number;
    assert.equal((await h.api('DELETE', `/users/tess/tokens/${ottoId}`, { auth: tess })).status, 404);
    assert.equal((await h.api('DELETE', `/users/tess/tokens/${b.body.id}`, { auth: tess })).status, 204);
    assert.equal((await h.api('DELETE', `/users/tess/tokens/${b.body.id}`, { auth: tess })).status, 404);
    assert.equal((await h.api('DELETE', '/users/tess/tokens/no-such-name', { auth: tess })).status, 404);
  });
});

describe('/token', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost();
    await makeUser(h, 'tina');
  });
  after(async () => { await h.stop(); });

  test('GET answers CurrentAccessToken; DELETE revokes the token used', async () => {
    const token = await createToken(h, 'tina', pw('tina'), ['read:user'], 'mine');
    const res = await h.api('GET', '/token', { auth: token });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'mine');
    assert.deepEqual(res.body.scopes, ['read:user']);
    assert.equal(res.body.user.login, 'tina');
    assert.equal(typeof res.body.user.id, 'number');
    assert.equal(res.body.sha1, undefined);
    assert.equal((await h.api('DELETE', '/token', { auth: token })).status, 204);
    assert.equal((await h.api('GET', '/token', { auth: token })).status, 401);
  });

  test('without a token: 401 anonymous, 404 with a password', async () => {
    assert.equal((await h.api('GET', '/token')).status, 401);
    const basic = await h.api('GET', '/token', { auth: ['tina', pw('tina')] });
    assert.equal(basic.status, 404);
    assert.equal(basic.body.message, 'invalid personal token');
  });
});
