import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainBus } from './domain.ts';

test('subscribers run one after another, in the order they subscribed, before publish resolves', async () => {
  const bus = new DomainBus();
  const log: string[] = [];
  bus.subscribe('hook_task.stored', 'first', async (e) => {
    await new Promise((r) => setImmediate(r));
    log.push(`first ${e.id}`);
  });
  bus.subscribe('hook_task.stored', 'second', (e) => { log.push(`second ${e.id}`); });
  await bus.publish('hook_task.stored', { hookId: 1, id: 7 });
  assert.deepEqual(log, ['first 7', 'second 7']);
  assert.deepEqual(bus.subscribers('hook_task.stored'), ['first', 'second']);
});

test('a failing subscriber does not stop the others; publish rejects with its error', async () => {
  const bus = new DomainBus();
  const seen: number[] = [];
  bus.subscribe('mirror.sync_requested', 'broken', () => { throw new Error('boom'); });
  bus.subscribe('mirror.sync_requested', 'fine', (e) => { seen.push(e.mirrorId); });
  await assert.rejects(bus.publish('mirror.sync_requested', { mirrorId: 3 }), /boom/);
  assert.deepEqual(seen, [3]);
});

test('several failures reject with all of them; unsubscribed features hear nothing more', async () => {
  const bus = new DomainBus();
  const off = bus.subscribe('push_mirror.sync_requested', 'a', () => { throw new Error('a'); });
  bus.subscribe('push_mirror.sync_requested', 'b', () => { throw new Error('b'); });
  await assert.rejects(bus.publish('push_mirror.sync_requested', { pushMirrorId: 1 }), (err: unknown) => err instanceof AggregateError && err.errors.length === 2);
  off();
  await assert.rejects(bus.publish('push_mirror.sync_requested', { pushMirrorId: 1 }), /^Error: b$/);
  assert.deepEqual(bus.subscribers('push_mirror.sync_requested'), ['b']);
});

test('an event without subscribers resolves', async () => {
  await new DomainBus().publish('mirror.sync_requested', { mirrorId: 1 });
});
