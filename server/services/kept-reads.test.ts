import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { keptRead, MAX_AGE_MS } from './kept-reads.ts';
import { storeWriteBegun } from '../store/engine/write-generation.ts';
import type { AppContext } from './context.ts';

const host = (): AppContext => ({ settings: {} }) as unknown as AppContext;

/** A build that counts its calls and answers the count. */
function counted() {
  let calls = 0;
  return { build: async () => ++calls, calls: () => calls };
}

test('the same key is answered from the kept page until a store write begins', async () => {
  const app = host();
  const b = counted();
  assert.equal(await keptRead(app, 'k', b.build), 1);
  assert.equal(await keptRead(app, 'k', b.build), 1);
  storeWriteBegun();
  assert.equal(await keptRead(app, 'k', b.build), 2);
  assert.equal(await keptRead(app, 'k', b.build), 2);
  assert.equal(b.calls(), 2);
});

test('a null key, another key, another host or new settings build again', async () => {
  const app = host();
  const b = counted();
  await keptRead(app, 'k', b.build);
  await keptRead(app, null, b.build);
  await keptRead(app, null, b.build);
  await keptRead(app, 'other', b.build);
  await keptRead(host(), 'k', b.build);
  assert.equal(b.calls(), 5);
  (app as { settings: unknown }).settings = {};
  assert.equal(await keptRead(app, 'k', b.build), 6);
});

test('a write that begins while the page is built makes it stale at once', async () => {
  const app = host();
  let calls = 0;
  const build = async () => { calls += 1; await Promise.resolve(); storeWriteBegun(); return calls; };
  await keptRead(app, 'k', build);
  await keptRead(app, 'k', build);
  assert.equal(calls, 2);
});

test('a page is kept for one second at most, and a failed build is not kept', async () => {
  const app = host();
  const b = counted();
  let now = 1_000_000;
  mock.method(Date, 'now', () => now);
  try {
    await keptRead(app, 'k', b.build);
    now += MAX_AGE_MS - 1;
    await keptRead(app, 'k', b.build);
    assert.equal(b.calls(), 1);
    now += 1;
    await keptRead(app, 'k', b.build);
    assert.equal(b.calls(), 2);
  } finally {
    mock.restoreAll();
  }
  await assert.rejects(keptRead(app, 'bad', async () => { throw new Error('Invalid sort mode'); }));
  assert.equal(await keptRead(app, 'bad', b.build), 3);
});
