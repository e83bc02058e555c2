import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventSink, type EventScope } from './bus.ts';

const push: EventScope = { name: 'push', repoId: 1, ownerId: 2 };
const issue: EventScope = { name: 'issues', repoId: 1, ownerId: 2 };

test('an event is wanted when a listener without an interest exists, or one whose interest says so', async () => {
  const sink = new EventSink();
  assert.equal(await sink.wants([push]), false, 'no listener');
  sink.listen(async () => {}, (s) => s.name !== 'push');
  assert.equal(await sink.wants([push]), false);
  assert.equal(await sink.wants([push, issue]), true);
  sink.listen(async () => {}, async (s) => s.repoId === 1 && s.name === 'push');
  assert.equal(await sink.wants([push]), true, 'an asynchronous interest');
  assert.equal(await sink.wants([{ ...push, repoId: 9 }]), false);
  sink.listen(async () => {});
  assert.equal(await sink.wants([{ ...push, repoId: 9 }]), true, 'a listener without an interest hears everything');
});

test('emit reaches every listener, whatever its interest', async () => {
  const sink = new EventSink();
  const heard: string[] = [];
  sink.listen(async (e) => { heard.push(`a:${e.name}`); }, () => false);
  sink.listen(async (e) => { heard.push(`b:${e.name}`); });
  await sink.emit({ name: 'push', repoId: 1, ownerId: 2, payload: {} });
  assert.deepEqual(heard, ['a:push', 'b:push']);
});
