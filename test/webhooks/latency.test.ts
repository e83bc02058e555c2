/**
 * 200 pushes while the only hook's target sleeps 10 s per request: the push step (emitting and storing the
 * event) and API requests take as long as with a target that answers at once, and API requests as long as
 * with no hook at all. Compared side by side in one run; no absolute timings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { pushPayload, makeHook } from './fixtures.ts';

const PUSHES = 200;
interface Stats { push: number; api: number; received: number }
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Side {
  h: TestHost;
  token: string;
  target: Receiver | null;
  push: number[];
  api: number[];
}

async function side(target: Receiver | null): Promise<Side> {
  const h = await startHost();
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  if (target) await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: target.url, content_type: 'json' } });
  return { h, token, target, push: [], api: [] };
}

/** One push (the event emitted and stored, as push processing does) and one API request, each timed. */
async function step(s: Side, n: number): Promise<void> {
  const t0 = performance.now();
  await s.h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', n) });
  s.push.push(performance.now() - t0);
  const t1 = performance.now();
  const res = await s.h.api('GET', '/user', { auth: s.token });
  s.api.push(performance.now() - t1);
  assert.equal(res.status, 200);
}

test('a target sleeping 10 s per request does not slow pushes or the API', { timeout: 120_000 }, async () => {
  const slow = await startReceiver({ delayMs: 10_000 });
  const fast = await startReceiver();
  try {
    // The three hosts run side by side, one push each in turn, so they share the same disk and load.
    const sides = [await side(null), await side(fast), await side(slow)];
    try {
      for (let n = 0; n < PUSHES; n++) for (const s of sides) await step(s, n);
    } finally {
      for (const s of sides) await s.h.stop();
    }
    const [none, quick, sleepy] = sides.map((s) => ({ push: median(s.push), api: median(s.api), received: s.target?.got.length ?? 0 })) as [Stats, Stats, Stats];
    console.log(`median push ms: none ${none.push.toFixed(2)}, fast target ${quick.push.toFixed(2)}, sleeping target ${sleepy.push.toFixed(2)}`);
    console.log(`median API ms: none ${none.api.toFixed(2)}, fast target ${quick.api.toFixed(2)}, sleeping target ${sleepy.api.toFixed(2)}`);
    assert.ok(quick.received > 0 && sleepy.received > 0, 'both targets were reached');
    assert.ok(sleepy.received < PUSHES, 'the sleeping target had not answered the bulk of them');
    assert.ok(sleepy.push <= quick.push * 2, 'push with a sleeping target as with a fast one');
    assert.ok(sleepy.api <= Math.max(none.api, quick.api) * 2, 'API latency as without a slow target');
  } finally {
    slow.delayMs = 0;
    await slow.close();
    await fast.close();
  }
});
