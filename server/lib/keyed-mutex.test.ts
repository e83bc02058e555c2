import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyedMutex } from './keyed-mutex.ts';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

test('calls with one key run one at a time, in the order they asked', async () => {
  const m = new KeyedMutex<number>();
  const log: string[] = [];
  let inside = 0;
  const job = (name: string) => m.run(1, async () => {
    inside += 1;
    assert.equal(inside, 1, 'two holders of one key at once');
    log.push(`start ${name}`);
    await tick();
    await tick();
    log.push(`end ${name}`);
    inside -= 1;
    return name;
  });
  const results = await Promise.all([job('a'), job('b'), job('c')]);
  assert.deepEqual(results, ['a', 'b', 'c']);
  assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
});

test('different keys do not wait for each other', async () => {
  const m = new KeyedMutex<string>();
  let release!: () => void;
  const held = m.run('x', () => new Promise<void>((r) => { release = r; }));
  await tick();
  assert.equal(m.isLocked('x'), true);
  assert.equal(await m.run('y', () => 'free'), 'free');
  release();
  await held;
});

test('a failing holder passes its error on and does not block the next', async () => {
  const m = new KeyedMutex<number>();
  const failed = m.run(7, async () => { throw new Error('boom'); });
  const next = m.run(7, async () => 'after');
  await assert.rejects(failed, /boom/);
  assert.equal(await next, 'after');
});

test('keys are forgotten when nobody holds or waits for them', async () => {
  const m = new KeyedMutex<number>();
  await Promise.all([m.run(1, tick), m.run(1, tick), m.run(2, tick)]);
  assert.equal(m.size, 0);
  assert.equal(m.isLocked(1), false);
});

test('a synchronous function is run under the lock too', async () => {
  const m = new KeyedMutex<number>();
  assert.equal(await m.run(3, () => 42), 42);
});
