/**
 * Webhooks edited after creation (every field, at repository and organization level) and test deliveries that
 * can be told from real ones: `is_test` in the delivery history and an `X-Homeforge-Test` header on the request.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, eventually, type Receiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

interface Delivery { is_test: boolean; is_succeed: boolean; event: string; response: unknown }

describe('webhook edits and test deliveries', () => {
  let h: TestHost;
  let rx: Receiver;
  let token: string;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    rx = await startReceiver();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'hooked', auto_init: true } })).status, 201);
    assert.equal((await h.api('POST', '/orgs', { auth: token, body: { username: 'hookorg' } })).status, 201);
  });
  after(async () => { await h.stop(); await rx.close(); });

  for (const base of [`/repos/${ADMIN.username}/hooked/hooks`, '/orgs/hookorg/hooks']) {
    test(`PATCH ${base}/{id} changes every field`, async () => {
      const id = await makeHook(h, token, base, { type: 'gitea', config: { url: 'http://127.0.0.1:9/a', content_type: 'json' }, events: ['push'] });
      const edited = await h.api('PATCH', `${base}/${id}`, {
        auth: token,
        body: {
          config: { url: `${rx.url}/edited`, content_type: 'form', secret: 'new-secret' }, events: ['create', 'delete'], branch_filter: 'release/*',
          authorization_header: 'Bearer abc', active: false,
        },
      });
      assert.equal(edited.status, 200, edited.text);
      const got = (await h.api('GET', `${base}/${id}`, { auth: token })).body;
      assert.equal(got.config.url, `${rx.url}/edited`);
      assert.equal(got.config.content_type, 'form');
      assert.deepEqual([...got.events].sort(), ['create', 'delete']);
      assert.equal(got.branch_filter, 'release/*');
      assert.equal(got.active, false);
      assert.equal(got.authorization_header, '', 'write-only');
      assert.equal(got.config.secret, undefined, 'write-only');
      const bad = await h.api('PATCH', `${base}/${id}`, { auth: token, body: { active: 'yes' } });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.message, 'active must be true or false.');
    });
  }

  test('a test delivery is marked is_test and sent with X-Homeforge-Test; a real push is not', async () => {
    const base = `/repos/${ADMIN.username}/hooked/hooks`;
    const id = await makeHook(h, token, base, { type: 'gitea', config: { url: `${rx.url}/t`, content_type: 'json' }, events: ['push'] });
    assert.equal((await h.api('POST', `${base}/${id}/tests`, { auth: token })).status, 204);
    await rx.waitFor(1, 20_000);
    const testReq = rx.got.find((r) => r.url === '/t');
    assert.equal(testReq?.headers['x-homeforge-test'], 'true');
    const real = await h.api('POST', `/repos/${ADMIN.username}/hooked/contents/b.txt`, { auth: token, body: { content: Buffer.from('b').toString('base64'), message: 'b' } });
    assert.equal(real.status, 201, real.text);
    const list = await eventually(async () => {
      const l = (await h.api('GET', `${base}/${id}/deliveries`, { auth: token })).body as Delivery[];
      return l.length === 2 && l.every((d) => d.response) ? l : undefined;
    }, 30_000);
    assert.deepEqual(list.map((d) => d.is_test).sort(), [false, true]);
    const realReq = rx.got.filter((r) => r.url === '/t').find((r) => r !== testReq);
    assert.ok(realReq);
    assert.equal(realReq.headers['x-homeforge-test'], undefined);
  });
});
