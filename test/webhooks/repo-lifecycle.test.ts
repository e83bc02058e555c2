import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

describe('hooks follow the repository lifecycle', () => {
  let h: TestHost;
  let rx: Receiver;
  let token: string;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    rx = await startReceiver();
    token = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await h.stop();
    await rx.close();
  });

  test('a default hook is copied into a new repository and hears its creation; deleting the repository removes its hooks', async () => {
    await makeHook(h, token, '/admin/hooks', {
      type: 'gitea', events: ['repository'], config: { url: `${rx.url}/default`, content_type: 'json', is_system_webhook: 'false' },
    });
    const created = await h.api('POST', '/user/repos', { auth: token, body: { name: 'lifecycle' } });
    assert.equal(created.status, 201);

    const hooks = await h.api('GET', `/repos/${ADMIN.username}/lifecycle/hooks`, { auth: token });
    assert.equal(hooks.status, 200);
    assert.equal(hooks.body.length, 1);
    assert.equal(hooks.body[0].config.url, `${rx.url}/default`);

    await rx.waitFor(1);
    const first = rx.got[0]!;
    assert.equal(first.headers['x-gitea-event'], 'repository');
    assert.equal(JSON.parse(first.body).action, 'created');

    assert.equal((await h.api('DELETE', `/repos/${ADMIN.username}/lifecycle`, { auth: token })).status, 204);
    const again = await h.api('POST', '/user/repos', { auth: token, body: { name: 'lifecycle' } });
    assert.equal(again.status, 201);
    const fresh = await h.api('GET', `/repos/${ADMIN.username}/lifecycle/hooks`, { auth: token });
    // Only the new copy: the hooks of the deleted repository went with it.
    assert.equal(fresh.body.length, 1);
    assert.notEqual(fresh.body[0].id, hooks.body[0].id);
  });
});
