import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { everyLoopWindow } from './loop-utilization.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// Wraps the real timers, so the sampler runs as it does in the host and the test sees each timer it starts or stops.
const spyTimers = (t: { after: (fn: () => void) => void }) => {
  const started = mock.method(globalThis, 'setInterval');
  const stopped = mock.method(globalThis, 'clearInterval');
  t.after(() => {
    started.mock.restore();
    stopped.mock.restore();
  });
  return { started: () => started.mock.callCount(), stopped: () => stopped.mock.calls.map((c) => c.arguments[0]) };
};

test('a subscriber gets each window: the share of it the loop was busy', async () => {
  const windows: number[] = [];
  const stop = everyLoopWindow(20, (u) => windows.push(u));
  const end = Date.now() + 50;
  while (Date.now() < end); // the loop is busy through the first window at least
  await sleep(100);
  stop();
  assert.ok(windows.length >= 2, `${windows.length} windows`);
  assert.ok(windows.every((u) => u >= 0 && u <= 1), windows.join(', '));
  assert.ok(windows[0]! > 0.5, `busy window: ${windows[0]}`);
  assert.ok(windows.at(-1)! < 0.5, `idle window: ${windows.at(-1)}`);
});

test('two subscribers of one period share one timer, which stops when the last one leaves', async (t) => {
  const timers = spyTimers(t);
  const a: number[] = [];
  const b: number[] = [];
  const stopA = everyLoopWindow(15, (u) => a.push(u));
  const stopB = everyLoopWindow(15, (u) => b.push(u));
  assert.equal(timers.started(), 1);
  await sleep(60);
  stopA();
  stopA();
  assert.deepEqual(timers.stopped(), [], 'b still follows the loop');
  const seen = a.length;
  await sleep(60);
  assert.equal(a.length, seen, 'a gets no windows once it left');
  assert.ok(b.length > seen, `b: ${b.length} windows, a: ${seen}`);
  stopB();
  assert.equal(timers.stopped().length, 1);
  const after = b.length;
  await sleep(40);
  assert.equal(b.length, after);
});

test('a different period runs its own timer, and a period subscribed again starts a new one', (t) => {
  const timers = spyTimers(t);
  const stopFast = everyLoopWindow(1000, () => {});
  const stopSlow = everyLoopWindow(5000, () => {});
  assert.equal(timers.started(), 2);
  stopFast();
  stopSlow();
  assert.equal(timers.stopped().length, 2);
  everyLoopWindow(1000, () => {})();
  assert.equal(timers.started(), 3);
});
