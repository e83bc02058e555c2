// Following over HTTP: follow and unfollow, the counts in every User answer and their ETags, the lists and checks
// for each viewer, paging headers, refusals (no token, unknown and hidden users, token scopes), organizations,
// what deleting an account leaves, and gitea-js as a client.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, makeUser, pw, logins, refused, ADMIN, type TestHost } from '../helpers/host.ts';

describe('following users', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;

  const follow = (auth: string | undefined, name: string) => h.api('PUT', `/user/following/${name}`, auth ? { auth } : {});
  const unfollow = (auth: string | undefined, name: string) => h.api('DELETE', `/user/following/${name}`, auth ? { auth } : {});
  const counts = async (name: string, auth?: string) => {
    const res = await h.api('GET', `/users/${name}`, auth ? { auth } : {});
    assert.equal(res.status, 200, res.text);
    return { followers: res.body.followers_count as number, following: res.body.following_count as number, etag: res.headers.get('etag') ?? '' };
  };
  /** A refusal in Gitea's words: `{message, url}` with the status. */

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
  });
  after(async () => { await h.stop(); });

  test('follow, check, list and unfollow; a second follow or unfollow changes nothing', async () => {
    refused(await h.api('GET', '/user/following/bob', { auth: alice }), 404);
    for (let i = 0; i < 2; i++) assert.equal((await follow(alice, 'bob')).status, 204);
    assert.equal((await h.api('GET', '/user/following/bob', { auth: alice })).status, 204);
    assert.equal((await h.api('GET', '/users/alice/following/bob')).status, 204);
    refused(await h.api('GET', '/users/bob/following/alice'), 404);
    assert.deepEqual(logins(await h.api('GET', '/user/following', { auth: alice })), ['bob']);
    assert.deepEqual(logins(await h.api('GET', '/user/followers', { auth: bob })), ['alice']);
    const followers = await h.api('GET', '/users/bob/followers');
    assert.deepEqual(logins(followers), ['alice']);
    assert.equal(followers.headers.get('x-total-count'), '1');
    assert.deepEqual(logins(await h.api('GET', '/users/alice/following', { auth: bob })), ['bob']);

    for (let i = 0; i < 2; i++) assert.equal((await unfollow(alice, 'bob')).status, 204);
    refused(await h.api('GET', '/user/following/bob', { auth: alice }), 404);
    assert.deepEqual(logins(await h.api('GET', '/users/bob/followers')), []);
  });

  test('followers_count and following_count are real in every User answer, and the ETag follows them', async () => {
    const before = await counts('bob');
    assert.deepEqual([before.followers, before.following], [0, 0]);
    assert.equal((await follow(alice, 'bob')).status, 204);
    const after = await counts('bob');
    assert.equal(after.followers, 1);
    assert.notEqual(after.etag, before.etag);
    assert.equal((await counts('alice')).following, 1);
    assert.equal((await h.api('GET', '/user', { auth: alice })).body.following_count, 1);
    assert.equal((await h.api('GET', '/user', { auth: bob })).body.followers_count, 1);
    // the users of a list carry their counts too
    const listed = await h.api('GET', '/user/following', { auth: alice });
    assert.equal(listed.body[0].followers_count, 1);
    const search = await h.api('GET', '/users/search?q=bob', { auth: alice });
    assert.equal(search.body.data[0].followers_count, 1);

    assert.equal((await unfollow(alice, 'bob')).status, 204);
    const back = await counts('bob');
    assert.equal(back.followers, 0);
    assert.equal(back.etag, before.etag);
    assert.equal((await counts('alice')).following, 0);
  });

  test('following oneself is a no-op, as in Gitea: 204 and nothing stored', async () => {
    assert.equal((await follow(alice, 'alice')).status, 204);
    refused(await h.api('GET', '/user/following/alice', { auth: alice }), 404);
    assert.deepEqual(await counts('alice').then((c) => [c.followers, c.following]), [0, 0]);
  });

  test('paging: limit and page cut the list, X-Total-Count and Link as Gitea sends them', async () => {
    await makeUser(h, 'pageduser');
    for (const f of ['pf-1', 'pf-2', 'pf-3']) assert.equal((await follow(await makeUser(h, f), 'pageduser')).status, 204);
    const first = await h.api('GET', '/users/pageduser/followers?limit=2&page=1');
    assert.deepEqual(logins(first), ['pf-1', 'pf-2']);
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /limit=2&page=2>; rel="next"/);
    const second = await h.api('GET', '/users/pageduser/followers?limit=2&page=2');
    assert.deepEqual(logins(second), ['pf-3']);
    assert.match(second.headers.get('link') ?? '', /rel="prev"/);
    assert.equal((await counts('pageduser')).followers, 3);
  });

  test('hidden users: left out of lists for viewers who may not see them, and 404 to follow or check', async () => {
    const hidden = await makeUser(h, 'hidden', { visibility: 'private' });
    const limited = await makeUser(h, 'limited', { visibility: 'limited' });
    await makeUser(h, 'star');
    for (const t of [hidden, limited, alice]) assert.equal((await follow(t, 'star')).status, 204);
    // every follower counts (as Gitea's num_followers); the lists show only whom the viewer may see
    assert.equal((await counts('star')).followers, 3);
    const anonymous = await h.api('GET', '/users/star/followers');
    assert.deepEqual(logins(anonymous), ['alice']);
    assert.equal(anonymous.headers.get('x-total-count'), '1');
    assert.deepEqual(logins(await h.api('GET', '/users/star/followers', { auth: bob })), ['limited', 'alice']);
    assert.deepEqual(logins(await h.api('GET', '/users/star/followers', { auth: root })), ['hidden', 'limited', 'alice']);
    assert.deepEqual(logins(await h.api('GET', '/users/star/followers', { auth: hidden })), ['hidden', 'limited', 'alice']);

    refused(await follow(alice, 'hidden'), 404);
    refused(await h.api('GET', '/user/following/hidden', { auth: alice }), 404);
    refused(await h.api('GET', '/users/hidden/followers', { auth: alice }), 404);
    refused(await h.api('GET', '/users/hidden/following'), 404);
    refused(await h.api('GET', '/users/hidden/following/star', { auth: alice }), 404);
    refused(await h.api('GET', '/users/limited/following/star'), 404);
    assert.equal((await h.api('GET', '/users/limited/following/star', { auth: bob })).status, 204);
    // an admin may follow a private user; when the user is seen no longer, the follower can still let go
    assert.equal((await follow(root, 'hidden')).status, 204);
    assert.equal((await follow(bob, 'limited')).status, 204);
    assert.equal((await h.api('PATCH', '/admin/users/limited', { auth: root, body: { visibility: 'private' } })).status, 200);
    refused(await follow(bob, 'limited'), 404);
    assert.equal((await unfollow(bob, 'limited')).status, 204);
    refused(await unfollow(bob, 'limited'), 404);
  });

  test('organizations can be followed (Gitea lists them under following); a private one only by those who see it', async () => {
    assert.equal((await h.api('POST', '/orgs', { auth: root, body: { username: 'pub-org' } })).status, 201);
    assert.equal((await h.api('POST', '/orgs', { auth: root, body: { username: 'priv-org', visibility: 'private' } })).status, 201);
    assert.equal((await follow(bob, 'pub-org')).status, 204);
    assert.equal((await follow(root, 'priv-org')).status, 204);
    refused(await follow(bob, 'priv-org'), 404);
    assert.deepEqual(logins(await h.api('GET', '/user/following', { auth: bob })), ['pub-org']);
    assert.deepEqual(logins(await h.api('GET', '/users/root/following', { auth: root })), ['hidden', 'priv-org']);
    assert.deepEqual(logins(await h.api('GET', '/users/root/following', { auth: bob })), []);
    assert.equal((await h.api('GET', '/orgs/pub-org', { auth: bob })).status, 200);
    assert.equal((await counts('pub-org')).followers, 1);
  });

  test('refusals: no token, unknown user, token scopes, public-only tokens', async () => {
    for (const [method, path] of [['GET', '/user/followers'], ['GET', '/user/following'], ['GET', '/user/following/bob'], ['PUT', '/user/following/bob'], ['DELETE', '/user/following/bob']] as const) {
      refused(await h.api(method, path), 401);
    }
    refused(await follow(alice, 'no-such-user'), 404);
    refused(await unfollow(alice, 'no-such-user'), 404);
    refused(await h.api('GET', '/users/no-such-user/followers'), 404);
    refused(await h.api('GET', '/users/alice/following/no-such-user'), 404);

    const readUser = await createToken(h, 'alice', pw('alice'), ['read:user']);
    assert.equal((await h.api('GET', '/user/following', { auth: readUser })).status, 200);
    assert.equal((await h.api('GET', '/users/bob/followers', { auth: readUser })).status, 200);
    refused(await follow(readUser, 'bob'), 403);
    refused(await unfollow(readUser, 'bob'), 403);
    const writeUser = await createToken(h, 'alice', pw('alice'), ['write:user']);
    assert.equal((await follow(writeUser, 'bob')).status, 204);
    assert.equal((await unfollow(writeUser, 'bob')).status, 204);
    const repoOnly = await createToken(h, 'alice', pw('alice'), ['write:repository']);
    refused(await h.api('GET', '/user/followers', { auth: repoOnly }), 403);
    refused(await h.api('GET', '/users/bob/following', { auth: repoOnly }), 403);

    // a public-only token reaches public accounts only: a limited one is refused, and lists leave it out
    const publicOnly = await createToken(h, 'bob', pw('bob'), ['public-only', 'write:user']);
    assert.deepEqual(logins(await h.api('GET', '/users/star/followers', { auth: publicOnly })), ['alice']);
    await makeUser(h, 'lim2', { visibility: 'limited' });
    refused(await follow(publicOnly, 'lim2'), 403);
    refused(await h.api('GET', '/users/lim2/followers', { auth: publicOnly }), 403);
    assert.equal((await follow(publicOnly, 'alice')).status, 204);
  });

  test('deleting a user removes their follows both ways, and the other counts follow', async () => {
    const carol = await makeUser(h, 'carol');
    await makeUser(h, 'dave');
    const dave = await createToken(h, 'dave', pw('dave'));
    assert.equal((await follow(carol, 'dave')).status, 204);
    assert.equal((await follow(dave, 'carol')).status, 204);
    assert.equal((await follow(carol, 'pub-org')).status, 204);
    assert.deepEqual(await counts('dave').then((c) => [c.followers, c.following]), [1, 1]);
    assert.equal((await h.api('DELETE', '/admin/users/carol', { auth: root })).status, 204);
    assert.deepEqual(await counts('dave').then((c) => [c.followers, c.following]), [0, 0]);
    assert.deepEqual(logins(await h.api('GET', '/users/dave/followers')), []);
    assert.deepEqual(logins(await h.api('GET', '/users/pub-org/followers')), ['bob']);
    // a new account of the same name starts with nothing
    await makeUser(h, 'carol');
    assert.deepEqual(await counts('carol').then((c) => [c.followers, c.following]), [0, 0]);
    refused(await h.api('GET', '/users/carol/following/dave'), 404);
  });

  test('gitea-js follows, checks, lists and unfollows', async () => {
    await makeUser(h, 'jsfan');
    const api = giteaApi(h.url, { token: await createToken(h, 'jsfan', pw('jsfan')) });
    assert.equal((await api.user.userCurrentPutFollow('bob')).status, 204);
    assert.equal((await api.user.userCurrentCheckFollowing('bob')).status, 204);
    assert.equal((await api.users.userCheckFollowing('jsfan', 'bob')).status, 204);
    assert.deepEqual((await api.user.userCurrentListFollowing({ limit: 10 })).data.map((u) => u.login), ['bob']);
    assert.ok((await api.users.userListFollowers('bob', { page: 1, limit: 50 })).data.some((u) => u.login === 'jsfan'));
    assert.deepEqual((await api.users.userListFollowing('jsfan')).data.map((u) => u.login), ['bob']);
    const me = await api.user.userGetCurrent();
    assert.equal(me.data.following_count, 1);
    const bobApi = giteaApi(h.url, { token: bob });
    assert.ok((await bobApi.user.userCurrentListFollowers()).data.some((u) => u.login === 'jsfan'));
    assert.equal((await api.user.userCurrentDeleteFollow('bob')).status, 204);
    await assert.rejects(api.user.userCurrentCheckFollowing('bob'), (err: unknown) => (err as Response).status === 404);
  });
});
