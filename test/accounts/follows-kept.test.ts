/**
 * Follower and following pages are kept between identical requests (services/kept-reads.ts). Here every change
 * that alters a viewer's page is seen by the very next request, with the page asked for again and again in
 * between: a follow and an unfollow, a follower made limited or private, a viewer made restricted or admin, a
 * follower's name changed, a deleted follower, a public-only token beside a full one, and paging.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, makeUser, ADMIN, type TestHost } from '../helpers/host.ts';

interface Row { login: string; full_name: string; email: string }
interface Page { rows: Row[]; total: string | null }

describe('kept follower pages', () => {
  let h: TestHost;
  let root = '';
  const tokens: Record<string, string> = {};
  let vivPublicOnly = '';

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const name of ['star', 'fan-a', 'fan-b', 'fan-c', 'viv']) tokens[name] = await makeUser(h, name);
    vivPublicOnly = (await h.api('POST', '/users/viv/tokens', { auth: ['viv', 'viv-password-1'], body: { name: 'po', scopes: ['public-only', 'all'] } })).body.sha1;
    assert.ok(vivPublicOnly, 'a public-only token');
    for (const fan of ['fan-a', 'fan-b']) await follow(fan, 'star');
  });
  after(async () => { await h.stop(); });

  const follow = async (who: string, whom: string): Promise<void> => {
    assert.equal((await h.api('PUT', `/user/following/${whom}`, { auth: tokens[who]! })).status, 204);
  };
  const editUser = async (name: string, body: Record<string, unknown>): Promise<void> => {
    const res = await h.api('PATCH', `/admin/users/${name}`, { auth: root, body: { login_name: name, source_id: 0, ...body } });
    assert.equal(res.status, 200, res.text);
  };

  /** The page `path` gives `auth` (anonymous when null), asked for three times: the first may build it, the others are kept. */
  const page = async (path: string, auth: string | null): Promise<Page> => {
    let last: Page | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await h.api('GET', path, auth ? { auth } : {});
      assert.equal(res.status, 200, res.text);
      const now = { rows: res.body as Row[], total: res.headers.get('x-total-count') };
      if (last) assert.deepEqual(now, last, 'the same request again gives the same page');
      last = now;
    }
    return last!;
  };
  const followers = async (auth: string | null = tokens.viv!): Promise<string[]> => (await page('/users/star/followers', auth)).rows.map((r) => r.login);

  test('a follow and an unfollow, seen by every viewer and by the followed user', async () => {
    assert.deepEqual(await followers(), ['fan-a', 'fan-b']);
    assert.deepEqual(await followers(null), ['fan-a', 'fan-b'], 'anonymous');
    await follow('fan-c', 'star');
    assert.deepEqual(await followers(), ['fan-a', 'fan-b', 'fan-c']);
    assert.deepEqual(await followers(null), ['fan-a', 'fan-b', 'fan-c']);
    assert.deepEqual((await page('/user/followers', tokens.star!)).rows.map((r) => r.login), ['fan-a', 'fan-b', 'fan-c']);
    assert.deepEqual((await page('/user/following', tokens['fan-c']!)).rows.map((r) => r.login), ['star']);
    assert.equal((await h.api('DELETE', '/user/following/star', { auth: tokens['fan-c']! })).status, 204);
    assert.deepEqual(await followers(), ['fan-a', 'fan-b']);
    assert.deepEqual((await page('/user/followers', tokens.star!)).rows.map((r) => r.login), ['fan-a', 'fan-b']);
    assert.deepEqual((await page('/user/following', tokens['fan-c']!)).rows, []);
    assert.deepEqual((await page('/users/fan-c/following', null)).rows, []);
  });

  test('a follower made limited, then private, then public again; a restricted viewer; a public-only token', async () => {
    await editUser('fan-a', { visibility: 'limited' });
    assert.deepEqual(await followers(null), ['fan-b'], 'anonymous does not see a limited user');
    assert.deepEqual(await followers(), ['fan-a', 'fan-b'], 'a signed-in user does');
    assert.deepEqual(await followers(vivPublicOnly), ['fan-b'], 'a public-only token of the same user does not');
    assert.equal((await page('/users/star/followers', vivPublicOnly)).total, '1');
    await editUser('viv', { restricted: true });
    assert.deepEqual(await followers(), ['fan-b'], 'a restricted user does not');
    await editUser('viv', { restricted: false });
    assert.deepEqual(await followers(), ['fan-a', 'fan-b']);
    await editUser('fan-a', { visibility: 'private' });
    assert.deepEqual(await followers(), ['fan-b'], 'nor a private one');
    assert.equal((await page('/users/star/followers', tokens.viv!)).total, '1');
    assert.deepEqual(await followers(root), ['fan-a', 'fan-b'], 'the administrator sees it');
    await editUser('viv', { admin: true });
    assert.deepEqual(await followers(), ['fan-a', 'fan-b'], 'once made an administrator, so does viv');
    assert.equal((await page('/users/star/followers', tokens.viv!)).rows.find((r) => r.login === 'fan-b')?.email, 'fan-b@example.com');
    await editUser('viv', { admin: false });
    await editUser('fan-a', { visibility: 'public' });
    assert.deepEqual(await followers(null), ['fan-a', 'fan-b']);
  });

  test("a follower's new full name, paging, and a deleted follower", async () => {
    await editUser('fan-b', { full_name: 'Fan Bee' });
    assert.equal((await page('/users/star/followers', null)).rows.find((r) => r.login === 'fan-b')?.full_name, 'Fan Bee');
    const first = await page('/users/star/followers?limit=1&page=1', null);
    const second = await page('/users/star/followers?limit=1&page=2', null);
    assert.deepEqual([first.rows.map((r) => r.login), second.rows.map((r) => r.login), first.total], [['fan-a'], ['fan-b'], '2']);
    assert.equal((await h.api('DELETE', '/admin/users/fan-a', { auth: root })).status, 204);
    assert.deepEqual((await page('/users/star/followers?limit=1&page=1', null)).rows.map((r) => r.login), ['fan-b']);
    assert.deepEqual(await followers(null), ['fan-b']);
    assert.equal((await page('/users/star/followers', null)).total, '1');
  });
});
