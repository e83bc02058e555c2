/**
 * SIGKILL the host with 500 undelivered tasks while deliveries are in flight, restart it: every task reaches
 * the receiver exactly once (claimed tasks were already sent; unclaimed ones are refilled from the store).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { request, basic, ADMIN } from '../helpers/host.ts';
import { openStore, flushStore } from '../../server/store/index.ts';
import * as taskStore from '../../server/store/hook-tasks.ts';
import { startReceiver } from './receiver.ts';
import { startChildHost } from './child-host.ts';

const TASKS = 500;
// The receiver is on loopback, which Gitea's default ALLOWED_HOST_LIST (external) refuses.
const LOOPBACK = { HOMEFORGE__WEBHOOK__ALLOWED_HOST_LIST: 'loopback' };

test('kill -9 with 500 undelivered tasks, restart: each delivered exactly once', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-kill-'));
  const rx = await startReceiver({ delayMs: 120_000 });
  try {
    // 1 - a host with one user hook, then stopped cleanly
    let host = await startChildHost(dataDir, LOOPBACK);
    const auth = { Authorization: basic(ADMIN.username, ADMIN.password) };
    const made = await request(host.url, 'POST', '/api/v1/user/hooks', { headers: auth, body: { type: 'gitea', active: true, config: { url: rx.url, content_type: 'json' } } });
    assert.equal(made.status, 201, made.text);
    await host.kill('SIGTERM');
    // 2 - 500 undelivered tasks in the store
    const store = await openStore(dataDir);
    for (let n = 0; n < TASKS; n++) {
      await taskStore.insert(store, made.body.id, (id) => ({
        id, hook_id: made.body.id, uuid: randomUUID(), payload_content: JSON.stringify({ n }), payload_version: 2, event_type: 'push',
        is_delivered: false, delivered: Date.now(), is_succeed: false, request_content: null, response_content: null,
      }));
    }
    await flushStore(store);
    // 3 - start; the receiver holds every request, so only the worker's slots are claimed; then SIGKILL
    host = await startChildHost(dataDir, LOOPBACK);
    await rx.waitFor(1, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    const inFlight = rx.got.length;
    assert.ok(inFlight > 0 && inFlight < TASKS, `some deliveries in flight at the kill (${inFlight})`);
    await host.kill('SIGKILL');
    // 4 - restart with a fast receiver
    rx.delayMs = 0;
    host = await startChildHost(dataDir, LOOPBACK);
    await rx.waitFor(TASKS, 120_000);
    await new Promise((r) => setTimeout(r, 1500));
    await host.kill('SIGTERM');
    const seen = rx.got.map((g) => (JSON.parse(g.body) as { n: number }).n);
    assert.equal(seen.length, TASKS, 'no task sent twice');
    assert.deepEqual([...new Set(seen)].sort((a, b) => a - b), Array.from({ length: TASKS }, (_, i) => i), 'every task sent');
  } finally {
    await rx.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
