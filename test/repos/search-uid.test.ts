/** GET /repos/search with `uid`: owned or collaborated on, `exclusive` for owned only, `mode=collaborative` for the others (Gitea's reading). */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, ADMIN, type TestHost } from '../helpers/host.ts';

describe('repository search by user', () => {
  let h: TestHost;
  let rootId = 0;
  const root: [string, string] = [ADMIN.username, ADMIN.password];
  const bob: [string, string] = ['bob', 'bob-password-1'];
  before(async () => {
    h = await startHost();
    rootId = (await h.api('GET', '/user', { auth: root })).body.id;
    assert.equal((await h.api('POST', '/admin/users', { auth: root, body: { username: 'bob', email: 'bob@example.com', password: bob[1], must_change_password: false } })).status, 201);
    for (const name of ['own-a', 'own-b']) assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name } })).status, 201);
    for (const name of ['joint', 'solo']) assert.equal((await h.api('POST', '/user/repos', { auth: bob, body: { name, private: true } })).status, 201);
    assert.equal((await h.api('PUT', '/repos/bob/joint/collaborators/root', { auth: bob, body: { permission: 'read' } })).status, 204);
  });
  after(async () => { await h.stop(); });

  const names = async (query: string): Promise<string[]> => {
    const res = await h.api('GET', `/repos/search?${query}&sort=alpha`, { auth: root });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('x-total-count'), String(res.body.data.length));
    return res.body.data.map((r: { full_name: string }) => r.full_name);
  };

  test('uid alone, exclusive and collaborative', async () => {
    assert.deepEqual(await names(`uid=${rootId}`), ['bob/joint', 'root/own-a', 'root/own-b']);
    assert.deepEqual(await names(`uid=${rootId}&exclusive=true`), ['root/own-a', 'root/own-b']);
    assert.deepEqual(await names(`uid=${rootId}&mode=collaborative`), ['bob/joint']);
    assert.deepEqual(await names('q=o'), ['bob/joint', 'root/own-a', 'root/own-b', 'bob/solo'].sort((a, b) => a.split('/')[1]!.localeCompare(b.split('/')[1]!)));
  });
});
