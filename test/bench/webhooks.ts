/**
 * Webhook benchmark (not part of npm test): deliveries per second to a loopback receiver, and the cost of
 * storing one hook task with 100 and with 100,000 tasks already stored (the ratio should stay under 1.5).
 * Run: node --import tsx test/bench/webhooks.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import { pushPayload, makeHook } from '../webhooks/fixtures.ts';
import { openStore, flushStore, type Store } from '../../server/store/index.ts';
import * as taskStore from '../../server/store/hook-tasks.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const PAYLOAD = JSON.stringify(pushPayload('main'), null, 2);

const newTask = (hookId: number) => (id: number) => ({
  id, hook_id: hookId, uuid: randomUUID(), payload_content: PAYLOAD, payload_version: 2 as const, event_type: 'push',
  is_delivered: true, delivered: Date.now(), is_succeed: true, request_content: null, response_content: null,
});

async function deliveriesPerSecond(n: number): Promise<number> {
  const rx = await startReceiver();
  const h = await startHost();
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json', secret: 'bench' } });
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', i) });
    await rx.waitFor(n, 600_000);
    return n / ((performance.now() - t0) / 1000);
  } finally {
    await h.stop();
    await rx.close();
  }
}

async function timedInsert(store: Store, hookId: number): Promise<number> {
  const t0 = performance.now();
  await taskStore.insert(store, hookId, newTask(hookId));
  return performance.now() - t0;
}

async function fill(store: Store, hookId: number, count: number): Promise<void> {
  // Concurrent inserts into one partition coalesce into one write, so filling is quick.
  for (let done = 0; done < count; done += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - done) }, () => taskStore.insert(store, hookId, newTask(hookId))));
  }
}

/** Two stores side by side, one with 100 tasks and one with 100,000, stored into in turn so both see the same disk. */
async function storeCosts(samples = 300): Promise<{ small: number; large: number }> {
  const dirs = [await mkdtemp(path.join(tmpdir(), 'homeforge-bench-')), await mkdtemp(path.join(tmpdir(), 'homeforge-bench-'))];
  try {
    const [small, large] = [await openStore(dirs[0]!), await openStore(dirs[1]!)];
    await fill(small, 1, 100);
    await fill(large, 1, 100_000);
    await flushStore(large);
    await new Promise((r) => setTimeout(r, 3000));
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < samples; i++) {
      times[0].push(await timedInsert(small, 1));
      times[1].push(await timedInsert(large, 1));
    }
    return { small: median(times[0]), large: median(times[1]) };
  } finally {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }
}

const rate = await deliveriesPerSecond(500);
console.log(`deliveries per second (500 push events, gitea kind, signed): ${rate.toFixed(1)}`);
const { small, large } = await storeCosts();
console.log(`store one task: ${small.toFixed(3)} ms with ~100 stored, ${large.toFixed(3)} ms with ~100,000 stored, ratio ${(large / small).toFixed(2)}`);
if (large / small >= 1.5) {
  console.error('FAIL: storing a task grows with the number stored');
  process.exitCode = 1;
}
