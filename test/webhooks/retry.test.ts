/**
 * Failed deliveries are sent again with backoff and the history shows each attempt; a target that answers slowly
 * holds only its own slots, so deliveries to other targets go on at once.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, eventually, type Receiver } from './receiver.ts';
import { pushPayload, makeHook } from './fixtures.ts';
import { PER_TARGET } from '../../server/services/webhook/dispatcher.ts';

interface Delivery { uuid: string; attempt: number; next_retry: string | null; is_delivered: boolean; is_succeed: boolean; response: { status: number } | null }

describe('webhook retries and per-target slots', () => {
  let h: TestHost;
  let token: string;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback', 'webhook.MAX_RETRIES': '2', 'webhook.RETRY_DELAY': '300ms' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await h.stop();
    for (const r of receivers) { r.delayMs = 0; await r.close(); }
  });
  const push = (n: number) => h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', n) });
  const history = async (hookId: number): Promise<Delivery[]> => (await h.api('GET', `/user/hooks/${hookId}/deliveries`, { auth: token })).body as Delivery[];

  test('a 500 is retried after a delay; the history shows the attempt and the next retry, then the success', async () => {
    const rx = await startReceiver({ status: 500 });
    receivers.push(rx);
    const hookId = await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' } });
    const sent = Date.now();
    await push(1);
    await rx.waitFor(1, 60_000);
    const failed = await eventually(async () => (await history(hookId)).find((d) => d.response?.status === 500 && d.next_retry));
    assert.equal(failed.attempt, 1);
    assert.equal(failed.is_succeed, false);
    assert.ok(Date.parse(failed.next_retry!) >= sent + 300, 'the retry waits RETRY_DELAY');
    rx.status = 200;
    await rx.waitFor(2, 30_000);
    const done = await eventually(async () => (await history(hookId)).find((d) => d.is_succeed));
    assert.equal(done.uuid, failed.uuid, 'the same task, sent again');
    assert.equal(done.attempt, 2);
    assert.equal(done.next_retry, null);
    assert.equal(rx.got[1]!.headers['x-gitea-delivery'], done.uuid);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(rx.got.length, 2, 'nothing more is sent after the success');
    await h.api('DELETE', `/user/hooks/${hookId}`, { auth: token });
  });

  test('retries stop after MAX_RETRIES, the delay growing; a 404 is not retried', async () => {
    const rx = await startReceiver({ status: 503 });
    receivers.push(rx);
    const hookId = await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' } });
    await push(2);
    const at: number[] = [];
    for (let k = 1; k <= 3; k++) {
      await rx.waitFor(k, 60_000);
      at.push(Date.now());
    }
    // RETRY_DELAY (300 ms), then four times that
    assert.ok(at[2]! - at[1]! >= 1000, `the second retry waits longer (${at[1]! - at[0]!} ms, then ${at[2]! - at[1]!} ms)`);
    const last = await eventually(async () => (await history(hookId)).find((d) => d.attempt === 3 && d.is_delivered));
    assert.equal(last.next_retry, null);
    assert.equal(last.is_succeed, false);
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(rx.got.length, 3, 'one send and two retries');
    rx.status = 404;
    rx.got.length = 0;
    await push(3);
    await rx.waitFor(1, 30_000);
    const notFound = await eventually(async () => (await history(hookId)).find((d) => d.response?.status === 404));
    assert.equal(notFound.next_retry, null);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(rx.got.length, 1);
    await h.api('DELETE', `/user/hooks/${hookId}`, { auth: token });
  });

  test('a target sleeping 5 s gets at most its own slots; another target receives everything meanwhile', async () => {
    const slow = await startReceiver({ delayMs: 5000 });
    const fast = await startReceiver();
    receivers.push(slow, fast);
    await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: slow.url, content_type: 'json' } });
    await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: fast.url, content_type: 'json' } });
    const n = 3 * PER_TARGET;
    const t0 = Date.now();
    for (let i = 0; i < n; i++) await push(100 + i);
    await fast.waitFor(n, 60_000);
    const took = Date.now() - t0;
    assert.ok(slow.got.length <= PER_TARGET, `the slow target has at most ${PER_TARGET} requests open (got ${slow.got.length})`);
    assert.ok(took < 5000, `the fast target got all ${n} while the slow one slept (${took} ms)`);
    slow.delayMs = 0;
    await slow.waitFor(n, 60_000);
  });
});
