import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';

describe('watching follows the repository lifecycle', () => {
  let h: TestHost;
  let token: string;
  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => { await h.stop(); });

  test('the creator watches a new repository and watchers_count reports it', async () => {
    const created = await h.api('POST', '/user/repos', { auth: token, body: { name: 'watched' } });
    assert.equal(created.status, 201);
    assert.equal(created.body.watchers_count, 1);
    const sub = await h.api('GET', `/repos/${ADMIN.username}/watched/subscription`, { auth: token });
    assert.equal(sub.status, 200);
    assert.equal(sub.body.subscribed, true);
  });

  test('AUTO_WATCH_NEW_REPOS=false leaves a new repository unwatched', async () => {
    const off = await startHost({ settings: { 'service.AUTO_WATCH_NEW_REPOS': 'false' } });
    try {
      const t = await createToken(off, ADMIN.username, ADMIN.password);
      const created = await off.api('POST', '/user/repos', { auth: t, body: { name: 'quiet' } });
      assert.equal(created.body.watchers_count, 0);
    } finally {
      await off.stop();
    }
  });

  test('deleting a repository drops its watches: a new one of the same name starts afresh', async () => {
    assert.equal((await h.api('DELETE', `/repos/${ADMIN.username}/watched`, { auth: token })).status, 204);
    const mine = await h.api('GET', '/user/subscriptions', { auth: token });
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.map((r: { name: string }) => r.name), []);
  });
});
