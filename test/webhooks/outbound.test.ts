/**
 * Webhook SSRF (issue 12, item 1): with Gitea's default `[webhook] ALLOWED_HOST_LIST = external` a signed-in
 * user's hook to a loopback service is refused in every spelling of the address, recorded as a failed delivery
 * with the reason, and nothing reaches the service; once the owner allows loopback in host settings it delivers.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL } from 'node:url';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, pw } from '../accounts/helpers.ts';
import { startReceiver, eventually, type Receiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

interface Delivery { is_succeed: boolean; response: { status: number; body: string } | null; request: unknown }

describe('webhooks to loopback and local addresses', () => {
  let h: TestHost;
  let rx: Receiver;
  let bob: string;
  before(async () => {
    h = await startHost();
    rx = await startReceiver();
    await makeUser(h, 'bob');
    bob = await createToken(h, 'bob', pw('bob'));
    const repo = await h.api('POST', '/user/repos', { auth: bob, body: { name: 'tools', auto_init: true } });
    assert.equal(repo.status, 201, repo.text);
  });
  after(async () => { await h.stop(); await rx.close(); });

  /** Sends a test delivery of a new hook to `url` and waits for its record. */
  async function testDelivery(url: string): Promise<Delivery> {
    const id = await makeHook(h, bob, '/repos/bob/tools/hooks', { type: 'gitea', config: { url, content_type: 'json' } });
    const sent = await h.api('POST', `/repos/bob/tools/hooks/${id}/tests`, { auth: bob });
    assert.equal(sent.status, 204, sent.text);
    // The host keeps answering while the delivery is handled.
    assert.equal((await request(h.url, 'GET', '/api/v1/version')).status, 200);
    return eventually(async () => {
      const list = await h.api('GET', `/repos/bob/tools/hooks/${id}/deliveries`, { auth: bob });
      const d = (list.body as Delivery[] | undefined)?.[0];
      return d?.response ? d : undefined;
    }, 60_000);
  }

  test('by default a hook to 127.0.0.1 is refused, recorded as failed with the reason, and nothing is sent', async () => {
    assert.deepEqual(h.app.settings.list('webhook.ALLOWED_HOST_LIST'), ['external']);
    const d = await testDelivery(`${rx.url}/steal`);
    assert.equal(d.is_succeed, false);
    assert.match(d.response!.body, /webhook can only call allowed HTTP servers \(check your webhook\.ALLOWED_HOST_LIST setting\), deny '127\.0\.0\.1\(127\.0\.0\.1\)'/);
    assert.equal(rx.got.length, 0, 'the loopback service got nothing');
  });

  test('0.0.0.0, 0, mapped IPv6, decimal, octal and hex spellings of this machine are refused too', async () => {
    const port = new URL(rx.url).port;
    for (const host of ['0.0.0.0', '0', '[::ffff:0.0.0.0]', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '0x7f.1', '[::1]', '169.254.169.254', '[fe80::1]']) {
      const d = await testDelivery(`http://${host}:${port}/x`);
      assert.equal(d.is_succeed, false, host);
      assert.match(d.response!.body, /webhook can only call allowed HTTP servers/, host);
    }
    assert.equal(rx.got.length, 0, 'the loopback service got nothing');
  });

  test('after the owner allows loopback in host settings, the same hook delivers', async () => {
    const set = await request(h.url, 'PATCH', '/api/homeforge/admin/settings', { auth: [ADMIN.username, ADMIN.password], body: { 'webhook.ALLOWED_HOST_LIST': 'external,loopback' } });
    assert.equal(set.status, 200, set.text);
    const d = await testDelivery(`${rx.url}/allowed`);
    assert.equal(d.is_succeed, true, d.response?.body);
    assert.equal(rx.got.length, 1);
    assert.equal(rx.got[0]!.url, '/allowed');
    // loopback is not "anything on this machine": the unspecified address stays refused
    const zero = await testDelivery(`http://0.0.0.0:${new URL(rx.url).port}/x`);
    assert.equal(zero.is_succeed, false);
    assert.equal(rx.got.length, 1);
  });
});
