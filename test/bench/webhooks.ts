/**
 * Webhooks: deliveries per second to a loopback receiver, alone and while a second hook's target takes 10 s to
 * answer; request latency while the only hook's target takes 10 s to answer, beside a host with a target that
 * answers at once and one with no hook (same run); and the time from `git push` to the delivery's arrival.
 * Hosts run in this process (the events are emitted as push processing emits them).
 */
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { pushPayload, makeHook } from '../webhooks/fixtures.ts';
import { fmt, median, percentile, ratio } from './lib/stats.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials } from '../helpers/git.ts';
import path from 'node:path';
import { cpuSince, threadCpu } from './lib/thread-cpu.ts';
import { startReceiverProcess } from './lib/receiver-process.ts';
import { PER_TARGET } from '../../server/services/webhook/dispatcher.ts';
import { DELIVERY_CAPACITY } from '../../server/worker/delivery/loop.ts';

/** The target: deliveries per second to a target that answers at once, also beside a sleeping one. */
const RATE_TARGET = 1000;
/** Concurrent event sources in the delivery-rate runs. */
const EMITTERS = 16;
import type { AreaResult, BenchOptions } from './report.ts';

/** Deliveries per second, and CPU µs per delivery: the host process, its main thread, its worker thread, and the target's process. */
interface Rate { perSecond: number; cpu: { process: number; main: number; worker: number; target: number } }

/** Events delivered before the timed ones: they start the worker thread and compile the delivery path. */
const WARM_UP = 100;

/** Deliveries per second to a receiver answering at once; with `slowNeighbour`, a second hook's target sleeps 10 s meanwhile. */
async function deliveriesPerSecond(n: number, slowNeighbour = false): Promise<Rate> {
  // The targets run in processes of their own, as real ones do: not on the host's main thread and heap.
  const rx = await startReceiverProcess();
  const slow = slowNeighbour ? await startReceiverProcess({ delayMs: 10_000 }) : null;
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    if (slow) await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: slow.url, content_type: 'json' } });
    await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json', secret: 'bench' } });
    // The warm-up starts the worker thread, which is not part of the rate (the threads new after it are the worker's).
    const older = new Set(threadCpu().keys());
    for (let i = 0; i < WARM_UP; i++) await h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', -1 - i) });
    await rx.waitFor(WARM_UP, 600_000);
    const cpu0 = threadCpu();
    const target0 = rx.cpuMs();
    const worker = new Set([...cpu0.keys()].filter((t) => !older.has(t)));
    const t0 = performance.now();
    // Events come from EMITTERS concurrent writers (pushes and API writes of several clients): each emit stores its
    // hook task durably before it returns, and concurrent ones share fsyncs, as concurrent pushes do.
    let next = 1;
    const emitter = async (): Promise<void> => {
      for (let i = next++; i <= n; i = next++) await h.app.events.emit({ name: 'push', repoId: 1, ownerId: 1, branch: 'main', payload: pushPayload('main', i) });
    };
    await Promise.all(Array.from({ length: EMITTERS }, emitter));
    await rx.waitFor(n + WARM_UP, 600_000);
    const perSecond = n / ((performance.now() - t0) / 1000);
    const used = cpuSince(cpu0, worker);
    const us = (ms: number): number => (ms * 1000) / n;
    return { perSecond, cpu: { process: us(used.process), main: us(used.main), worker: us(used.threads), target: us(rx.cpuMs() - target0) } };
  } finally {
    await slow?.release();
    await h.stop();
    await rx.close();
    await slow?.close();
  }
}

/** `git push` of one commit to a repository with a hook: push time, and from the push's start to the delivery's arrival. */
async function pushToDelivery(rounds: number): Promise<{ push: number[]; sent: number[] }> {
  const rx = await startReceiver();
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  const git = await gitSandbox();
  const out = { push: [] as number[], sent: [] as number[] };
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    await h.api('POST', '/user/repos', { auth: token, body: { name: 'hooked' } });
    await makeHook(h, token, '/repos/root/hooked/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' } });
    const dir = path.join(git.dir, 'work');
    await makeRepo(git, dir, { 'README.md': 'hello\n' });
    const url = withCredentials(`${h.url}/root/hooked.git`, ADMIN.username, token);
    await git.ok(['push', '-q', url, 'main'], { cwd: dir });
    await rx.waitFor(1, 60_000);
    for (let i = 0; i < rounds; i++) {
      await commitFiles(git, dir, { [`f${i}.txt`]: `${i}\n` }, `change ${i}`);
      const before = rx.got.length;
      const t0 = performance.now();
      await git.ok(['push', '-q', url, 'main'], { cwd: dir });
      out.push.push(performance.now() - t0);
      await rx.waitFor(before + 1, 60_000);
      out.sent.push(performance.now() - t0);
    }
    return out;
  } finally {
    await h.stop();
    await rx.close();
    await git.dispose();
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
  const n = o.quick ? 100 : 2000;
  const alone = await deliveriesPerSecond(n);
  const besideRun = await deliveriesPerSecond(n, true);
  const rate = alone.perSecond;
  const beside = besideRun.perSecond;
  const cpuCells = (r: Rate): string[] => [fmt(r.cpu.process), fmt(r.cpu.main), fmt(r.cpu.worker), fmt(r.cpu.target)];
  const pushed = await pushToDelivery(o.quick ? 3 : 15);
  const sides = await slowTarget(o.quick ? 50 : 300);
  const none = sides[0]!;
  const rows = sides.map((s) => [s.name, fmt(median(s.push)), fmt(percentile(s.push, 99)), fmt(median(s.api)), fmt(percentile(s.api, 99)), ratio(median(s.api), median(none.api))]);
  const met = (r: number): string => (r >= RATE_TARGET ? 'yes' : 'no');
  return {
    area: 'webhooks',
    title: 'Webhooks',
    tables: [
      {
        title: `Delivery rate (target ≥ ${RATE_TARGET} per second, and a sleeping target must not lower it)`,
        columns: ['case', 'events', 'deliveries per second', 'vs alone', 'target', 'met', 'host CPU µs per delivery', 'main thread', 'worker thread', 'target process'],
        rows: [
          ['one target answering at once', String(n), fmt(rate), '1.00×', `≥ ${RATE_TARGET}/s`, met(rate), ...cpuCells(alone)],
          ['the same, a second hook\'s target sleeping 10 s', String(n), fmt(beside), ratio(beside, rate), `≥ ${RATE_TARGET}/s`, met(beside), ...cpuCells(besideRun)],
        ],
      },
      {
        title: 'From `git push` to the delivery arriving (ms)',
        columns: ['pushes', 'push p50', 'push to delivery p50', 'push to delivery p99', 'delivery after the push returned p50'],
        rows: [[String(pushed.push.length), fmt(median(pushed.push)), fmt(median(pushed.sent)), fmt(percentile(pushed.sent, 99)), fmt(median(pushed.sent.map((s, i) => s - pushed.push[i]!)))]],
      },
      { title: 'Latency beside a slow target (ms)', columns: ['host', 'push event p50', 'push event p99', 'GET /user p50', 'GET /user p99', 'API vs no hook'], rows },
    ],
    notes: [
      `Delivery rate: ${n} push events to one signed gitea-kind user hook, a loopback receiver answering at once; ${EMITTERS} concurrent emitters (each event stored durably before its emit returns); from the first emit to the last request received, after ${WARM_UP} deliveries that start the worker thread and compile the delivery path. Beside a sleeping target: a second user hook gets the same events and its target answers after 10 s; each target (URL origin) has at most ${PER_TARGET} deliveries in flight, so it holds ${PER_TARGET} of the worker's ${DELIVERY_CAPACITY} slots. A slot is held from the task's claim (synced before its job leaves) to its result, so one target's rate is at most ${PER_TARGET} / (claim sync + round trip). Each target is a process of its own on the same cores (it answers and counts, keeping no bodies), as a real target is not on the host's event loop; until 2026-11-29 the target ran on the host's main thread, which then parsed every request twice, once as the host and once as the target. CPU per delivery (from /proc, Linux only, 10 ms ticks): the host process (the thread pool's syncs and V8's compiler and collector threads included), its main thread (tasks stored, claimed, sent and recorded), its worker thread (requests built, signed and sent), and the target's process.`,
      'Push to delivery: one commit pushed with git push over HTTP (token) to a repository with one repository hook; the time from the start of the push to the receiver getting the push event, and how long after the push returned.',
      `Slow target: ${none.push.length} steps on three hosts in turn; each step stores one push event (its hook task) and then makes one API request.`,
    ],
    data: { deliveriesPerSecond: rate, besideSleepingTarget: beside, cpuPerDelivery: { alone: alone.cpu, beside: besideRun.cpu }, pushToDelivery: pushed, sides: sides.map((s) => ({ name: s.name, push: s.push, api: s.api })) },
  };
}
