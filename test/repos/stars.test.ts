// Stars over HTTP: starring and its check, stargazers and starred lists for each viewer, stars_count and the
// repository's ETag, refusals, search by stars, what deleting a repository or a user leaves, and gitea-js as a client.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, makeUser, logins, refused, ADMIN, type ApiResponse, type TestHost } from '../helpers/host.ts';

describe('repository stars', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;

  const names = (res: ApiResponse): string[] => {
    assert.equal(res.status, 200, res.text);
    return (res.body as { full_name: string }[]).map((r) => r.full_name);
  };
  const star = (auth: string | undefined, repo: string) => h.api('PUT', `/user/starred/${repo}`, auth ? { auth } : {});
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await h.api('POST', '/user/repos', { auth: root, body: { name, auto_init: true, ...extra } });
    assert.equal(res.status, 201, res.text);
  };
  /** A 404 in Gitea's words: `{message, url}`, the message not empty. */
  const notFound = (res: ApiResponse) => refused(res, 404, /./);

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    await create('pub');
    await create('priv', { private: true });
    assert.equal((await h.api('PUT', '/repos/root/priv/collaborators/bob', { auth: root, body: { permission: 'read' } })).status, 204);
  });
  after(async () => { await h.stop(); });

  test('star, check, list and unstar; starring twice and unstarring twice are fine', async () => {
    notFound(await h.api('GET', '/user/starred/root/pub', { auth: alice }));
    assert.equal((await star(alice, 'root/pub')).status, 204);
    assert.equal((await star(alice, 'root/pub')).status, 204);
    assert.equal((await h.api('GET', '/user/starred/root/pub', { auth: alice })).status, 204);
    const gazers = await h.api('GET', '/repos/root/pub/stargazers');
    assert.deepEqual(logins(gazers), ['alice']);
    assert.equal(gazers.headers.get('x-total-count'), '1');
    assert.deepEqual(names(await h.api('GET', '/user/starred', { auth: alice })), ['root/pub']);
    assert.deepEqual(names(await h.api('GET', '/users/alice/starred')), ['root/pub']);
    assert.equal((await h.api('GET', '/user', { auth: alice })).body.starred_repos_count, 1);
    assert.equal((await h.api('GET', '/users/alice')).body.starred_repos_count, 1);

    for (let i = 0; i < 2; i++) assert.equal((await h.api('DELETE', '/user/starred/root/pub', { auth: alice })).status, 204);
    notFound(await h.api('GET', '/user/starred/root/pub', { auth: alice }));
    assert.deepEqual(logins(await h.api('GET', '/repos/root/pub/stargazers')), []);
    assert.deepEqual(names(await h.api('GET', '/user/starred', { auth: alice })), []);
  });

  test('stars_count follows each star, and the repository and search ETags change with it', async () => {
    const read = async () => {
      const res = await h.api('GET', '/repos/root/pub', { auth: bob });
      assert.equal(res.status, 200, res.text);
      return { count: res.body.stars_count as number, etag: res.headers.get('etag') ?? '' };
    };
    const searched = async () => {
      const res = await h.api('GET', '/repos/search?q=pub&limit=10', { auth: bob });
      assert.equal(res.status, 200, res.text);
      return { count: res.body.data[0].stars_count as number, etag: res.headers.get('etag') ?? '' };
    };
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, and that is never fresh
    const conditional = (etag: string) => new Promise<number>((resolve, reject) => {
      http.get(`${h.url}/api/v1/repos/root/pub`, { headers: { authorization: `token ${bob}`, 'if-none-match': etag } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    const before = await read();
    const beforeSearch = await searched();
    assert.equal(before.count, 0);
    assert.ok(before.etag);
    // warm: the kept text answers 304 to its own ETag
    assert.equal(await conditional(before.etag), 304);

    assert.equal((await star(alice, 'root/pub')).status, 204);
    const after = await read();
    assert.equal(after.count, 1);
    assert.notEqual(after.etag, before.etag);
    assert.equal(await conditional(before.etag), 200);
    const afterSearch = await searched();
    assert.equal(afterSearch.count, 1);
    assert.notEqual(afterSearch.etag, beforeSearch.etag);

    assert.equal((await star(bob, 'root/pub')).status, 204);
    assert.equal((await read()).count, 2);
    assert.equal((await h.api('DELETE', '/user/starred/root/pub', { auth: bob })).status, 204);
    const back = await read();
    assert.equal(back.count, 1);
    assert.equal(back.etag, after.etag);
  });

  test('a private repository is listed only to viewers who may read it, and drops out when access goes', async () => {
    notFound(await star(alice, 'root/priv'));
    assert.equal((await star(bob, 'root/priv')).status, 204);
    assert.deepEqual(names(await h.api('GET', '/users/bob/starred', { auth: bob })), ['root/priv']);
    assert.deepEqual(names(await h.api('GET', '/users/bob/starred', { auth: root })), ['root/priv']);
    const stranger = await h.api('GET', '/users/bob/starred', { auth: alice });
    assert.deepEqual(names(stranger), []);
    assert.equal(stranger.headers.get('x-total-count'), '0');
    assert.deepEqual(names(await h.api('GET', '/users/bob/starred')), []);
    notFound(await h.api('GET', '/repos/root/priv/stargazers', { auth: alice }));
    assert.deepEqual(logins(await h.api('GET', '/repos/root/priv/stargazers', { auth: root })), ['bob']);

    assert.equal((await h.api('DELETE', '/repos/root/priv/collaborators/bob', { auth: root })).status, 204);
    assert.deepEqual(names(await h.api('GET', '/user/starred', { auth: bob })), []);
    notFound(await h.api('GET', '/user/starred/root/priv', { auth: bob }));
    // the star itself stays (as Gitea keeps it): the owner still counts it
    assert.equal((await h.api('GET', '/repos/root/priv', { auth: root })).body.stars_count, 1);
  });

  test('refusals: no token, unknown repository or user, a hidden user, token scopes, stars disabled', async () => {
    assert.equal((await star(undefined, 'root/pub')).status, 401);
    assert.equal((await h.api('GET', '/user/starred')).status, 401);
    assert.equal((await h.api('DELETE', '/user/starred/root/pub')).status, 401);
    notFound(await star(alice, 'root/no-such-repo'));
    notFound(await star(alice, 'no-such-user/pub'));
    notFound(await h.api('GET', '/repos/root/no-such-repo/stargazers'));
    notFound(await h.api('GET', '/users/no-such-user/starred'));
    await makeUser(h, 'hidden', { visibility: 'private' });
    notFound(await h.api('GET', '/users/hidden/starred'));
    notFound(await h.api('GET', '/users/hidden/starred', { auth: alice }));

    const readUser = await createToken(h, 'alice', 'alice-password-1', ['read:user']);
    assert.equal((await h.api('GET', '/user/starred', { auth: readUser })).status, 200);
    assert.equal((await h.api('GET', '/user/starred/root/pub', { auth: readUser })).status, 204);
    assert.equal((await star(readUser, 'root/pub')).status, 403);
    assert.equal((await h.api('GET', '/repos/root/pub/stargazers', { auth: readUser })).status, 403);
    const writeUser = await createToken(h, 'alice', 'alice-password-1', ['write:user']);
    assert.equal((await star(writeUser, 'root/pub')).status, 204);
    const repoOnly = await createToken(h, 'alice', 'alice-password-1', ['read:repository']);
    assert.equal((await h.api('GET', '/user/starred', { auth: repoOnly })).status, 403);
    assert.equal((await h.api('GET', '/repos/root/pub/stargazers', { auth: repoOnly })).status, 200);

    const off = await startHost({ settings: { 'repository.DISABLE_STARS': 'true' } });
    try {
      const t = await createToken(off, ADMIN.username, ADMIN.password);
      assert.equal((await off.api('POST', '/user/repos', { auth: t, body: { name: 'x' } })).status, 201);
      const refused = await off.api('PUT', `/user/starred/${ADMIN.username}/x`, { auth: t });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'stars disabled by admin');
      assert.equal((await off.api('GET', '/user/starred', { auth: t })).status, 403);
    } finally {
      await off.stop();
    }
  });

  test('search sort=stars orders by star count, desc the exact reverse of asc', async () => {
    for (const n of ['srt-a', 'srt-b', 'srt-c']) await create(n);
    for (const [who, repo] of [[alice, 'srt-b'], [bob, 'srt-b'], [alice, 'srt-c']] as const) assert.equal((await star(who, `root/${repo}`)).status, 204);
    const sorted = async (order: string) => {
      const res = await h.api('GET', `/repos/search?q=srt-&sort=stars&order=${order}`, { auth: root });
      assert.equal(res.status, 200, res.text);
      return (res.body.data as { name: string }[]).map((r) => r.name);
    };
    assert.deepEqual(await sorted('desc'), ['srt-b', 'srt-c', 'srt-a']);
    assert.deepEqual(await sorted('asc'), ['srt-a', 'srt-c', 'srt-b']);
    // a star changes no repository record, yet the next search sees it
    assert.equal((await star(root, 'root/srt-a')).status, 204);
    assert.equal((await star(bob, 'root/srt-a')).status, 204);
    assert.equal((await star(root, 'root/srt-b')).status, 204);
    assert.deepEqual(await sorted('desc'), ['srt-b', 'srt-a', 'srt-c']);
  });

  test('deleting a repository drops its stars: a new one of the same name starts at 0', async () => {
    await create('doomed');
    assert.equal((await star(alice, 'root/doomed')).status, 204);
    assert.equal((await h.api('DELETE', '/repos/root/doomed', { auth: root })).status, 204);
    assert.ok(!names(await h.api('GET', '/user/starred', { auth: alice })).includes('root/doomed'));
    await create('doomed');
    assert.equal((await h.api('GET', '/repos/root/doomed', { auth: root })).body.stars_count, 0);
    assert.deepEqual(logins(await h.api('GET', '/repos/root/doomed/stargazers')), []);
    notFound(await h.api('GET', '/user/starred/root/doomed', { auth: alice }));
  });

  test('deleting a user drops their stars', async () => {
    const carol = await makeUser(h, 'carol');
    await create('loved');
    assert.equal((await star(carol, 'root/loved')).status, 204);
    assert.equal((await star(alice, 'root/loved')).status, 204);
    assert.equal((await h.api('GET', '/repos/root/loved', { auth: root })).body.stars_count, 2);
    assert.equal((await h.api('DELETE', '/admin/users/carol', { auth: root })).status, 204);
    assert.equal((await h.api('GET', '/repos/root/loved', { auth: root })).body.stars_count, 1);
    assert.deepEqual(logins(await h.api('GET', '/repos/root/loved/stargazers')), ['alice']);
  });

  test('gitea-js stars, checks, lists and unstars', async () => {
    await create('js');
    const api = giteaApi(h.url, { token: bob });
    assert.equal((await api.user.userCurrentPutStar('root', 'js')).status, 204);
    assert.equal((await api.user.userCurrentCheckStarring('root', 'js')).status, 204);
    const gazers = await api.repos.repoListStargazers('root', 'js', { page: 1, limit: 10 });
    assert.deepEqual(gazers.data.map((u) => u.login), ['bob']);
    const mine = await api.user.userCurrentListStarred({ limit: 50 });
    assert.ok(mine.data.some((r) => r.full_name === 'root/js' && r.stars_count === 1));
    const theirs = await api.users.userListStarred('bob');
    assert.ok(theirs.data.some((r) => r.full_name === 'root/js'));
    assert.equal((await api.user.userCurrentDeleteStar('root', 'js')).status, 204);
    await assert.rejects(api.user.userCurrentCheckStarring('root', 'js'), (err: unknown) => (err as Response).status === 404);
  });
});
