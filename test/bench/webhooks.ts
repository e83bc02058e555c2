/**
 * Webhooks: deliveries per second to a loopback receiver, and request latency while the only hook's target
 * takes 10 s to answer, beside a host with a target that answers at once and one with no hook (same run).
 * Hosts run in this process (the events are emitted as push processing emits them).
 */
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { pushPayload, makeHook } from '../webhooks/fixtures.ts';
import { fmt, median, percentile, ratio } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

async function deliveriesPerSecond(n: number): Promise<number> {
  const rx = await startReceiver();
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
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

interface Side { name: string; h: TestHost; token: string; push: number[]; api: number[] }

async function side(name: string, target: Receiver | null): Promise<Side> {
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  if (target) await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: target.url, content_type: 'json' } });
  return { name, h, token, push: [], api: [] };
}

/** One push event (emitted and stored, as push processing does) and one API request, each timed. */
async function step(s: Side, n: number): Promise<void> {
  const t0 = performance.now();
  await s.h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', n) });
  const t1 = performance.now();
  const res = await s.h.api('GET', '/user', { auth: s.token });
  s.push.push(t1 - t0);
  s.api.push(performance.now() - t1);
  if (res.status !== 200) throw new Error(`GET /user answered ${res.status}`);
}

async function slowTarget(steps: number): Promise<Side[]> {
  const slow = await startReceiver({ delayMs: 10_000 });
  const fast = await startReceiver();
  const sides = [await side('no hook', null), await side('target answering at once', fast), await side('target sleeping 10 s', slow)];
  try {
    for (let n = 0; n < steps; n++) for (const s of sides) await step(s, n);
    return sides;
  } finally {
    for (const s of sides) await s.h.stop();
    slow.delayMs = 0;
    await Promise.all([slow.close(), fast.close()]);
  }
}

/** Runs the webhook benchmark. */
export async function runWebhooks(o: BenchOptions): Promise<AreaResult> {
  const n = o.quick ? 100 : 500;
  const rate = await deliveriesPerSecond(n);
  const sides = await slowTarget(o.quick ? 50 : 300);
  const none = sides[0]!;
  const rows = sides.map((s) => [s.name, fmt(median(s.push)), fmt(percentile(s.push, 99)), fmt(median(s.api)), fmt(percentile(s.api, 99)), ratio(median(s.api), median(none.api))]);
  return {
    area: 'webhooks',
    title: 'Webhooks',
    tables: [
      { title: 'Delivery rate', columns: ['events', 'deliveries per second'], rows: [[String(n), fmt(rate)]] },
      { title: 'Latency beside a slow target (ms)', columns: ['host', 'push event p50', 'push event p99', 'GET /user p50', 'GET /user p99', 'API vs no hook'], rows },
    ],
    notes: [
      `Delivery rate: ${n} push events to one signed gitea-kind user hook, a loopback receiver answering at once; from the first emit to the last request received.`,
      `Slow target: ${none.push.length} steps on three hosts in turn; each step stores one push event (its hook task) and then makes one API request.`,
    ],
    data: { deliveriesPerSecond: rate, sides: sides.map((s) => ({ name: s.name, push: s.push, api: s.api })) },
  };
}
