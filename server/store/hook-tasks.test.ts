import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile, appendFile, mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, flushStore } from './index.ts';
import * as tasks from './hook-tasks.ts';
import { LogCollection } from './engine/log-collection.ts';
import type { HookTaskRecord } from './hook-tasks.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-tasks-'));
const task = (hookId: number, payload = '{"ref":"main"}') => (id: number): HookTaskRecord => ({
  id, hook_id: hookId, uuid: `u-${hookId}-${id}`, payload_content: payload, payload_version: 2, event_type: 'push',
  is_delivered: false, delivered: 1, is_succeed: false, request_content: null, response_content: null,
});

async function collect(gen: AsyncGenerator<tasks.TaskRef[]>): Promise<tasks.TaskRef[]> {
  const out: tasks.TaskRef[] = [];
  for await (const p of gen) out.push(...p);
  return out;
}

test('tasks survive a restart; claims win once; only undelivered ones are pending', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    for (let i = 0; i < 120; i++) await tasks.insert(store, 7, task(7));
    await tasks.insert(store, 8, task(8));
    assert.equal(await tasks.pendingCount(store), 121);
    const [a, b] = await Promise.all([tasks.claim(store, { hookId: 7, id: 1 }), tasks.claim(store, { hookId: 7, id: 1 })]);
    assert.equal([a, b].filter(Boolean).length, 1, 'exactly one claim wins');
    for (let id = 2; id <= 100; id++) await tasks.claim(store, { hookId: 7, id });
    await tasks.update(store, { hookId: 7, id: 2 }, (t) => {
      t.is_succeed = true;
      t.response_content = { status: 200, headers: {}, body: 'x'.repeat(tasks.MAX_STORED_RESPONSE_BODY + 500) };
    });
    await flushStore(store);

    store = await openStore(dir);
    assert.equal(await tasks.pendingCount(store), 21);
    assert.equal(await tasks.pendingCount(store, [8]), 1);
    const refs = await collect(tasks.undelivered(store, [7, 8], 10));
    assert.deepEqual(refs.map((r) => `${r.hookId}:${r.id}`), [...Array.from({ length: 20 }, (_, i) => `7:${101 + i}`), '8:1']);
    const t2 = await tasks.get(store, { hookId: 7, id: 2 });
    assert.equal(t2?.is_delivered, true);
    assert.equal(t2?.response_content?.body.length, tasks.MAX_STORED_RESPONSE_BODY, 'response bodies are capped');
    assert.equal(await tasks.claim(store, { hookId: 7, id: 2 }), null);
    assert.equal((await tasks.insert(store, 7, task(7))).id, 121, 'ids continue after a restart');
    assert.equal((await tasks.findByUuid(store, 7, 'u-7-50'))?.id, 50);
    assert.deepEqual((await tasks.listByHook(store, 7)).slice(0, 2).map((t) => t.id), [121, 120]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a delivery appends to its partition instead of rewriting it', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const big = 'p'.repeat(20_000);
    for (let i = 0; i < 40; i++) await tasks.insert(store, 3, task(3, big));
    const file = path.join(dir, 'store', 'hook_tasks', '3', '0.log');
    const before = (await stat(file)).size;
    await tasks.claim(store, { hookId: 3, id: 5 });
    await tasks.update(store, { hookId: 3, id: 5 }, (t) => { t.is_succeed = true; t.delivered = 2; });
    const grown = (await stat(file)).size - before;
    assert.ok(grown < 500, `a claim and a result appended ${grown} bytes`);
    await flushStore(store); // the claim's removal line is written on a timer; let it land before the directory goes
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a torn last line from a kill is skipped and later appends start on a new line', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    await tasks.insert(store, 4, task(4));
    await tasks.insert(store, 4, task(4));
    await appendFile(path.join(dir, 'store', 'hook_tasks', '4', '0.log'), '{"op":"set","id":1,"fie');
    store = await openStore(dir);
    assert.equal((await tasks.get(store, { hookId: 4, id: 1 }))?.is_delivered, false);
    assert.ok(await tasks.claim(store, { hookId: 4, id: 1 }));
    // The claim's index removal is written with the next index line or shortly after; a stop writes it.
    await flushStore(store);
    store = await openStore(dir);
    assert.equal((await tasks.get(store, { hookId: 4, id: 1 }))?.is_delivered, true);
    assert.equal(await tasks.pendingCount(store), 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('cleanup compacts a partition; a data dir of the document layout is migrated to the pending index', async () => {
  const dir = await tempDir();
  try {
    // A version-1 data dir: partitions as { next_id, records } documents, no pending index.
    await mkdir(path.join(dir, 'store', 'hook_tasks', '9'), { recursive: true });
    await writeFile(path.join(dir, 'store', 'meta.json'), JSON.stringify({ schema_version: 1 }));
    const records = Object.fromEntries([1, 2, 3].map((id) => [String(id), { ...task(9)(id), is_delivered: id !== 3 }]));
    await writeFile(path.join(dir, 'store', 'hook_tasks', '9', '0.json'), JSON.stringify({ next_id: 4, records }));
    let store = await openStore(dir);
    assert.deepEqual(await collect(tasks.undelivered(store, [9])), [{ hookId: 9, id: 3 }]);
    assert.equal(await tasks.removeWhere(store, 9, (t) => t.id === 1), 1);
    assert.deepEqual(await readdir(path.join(dir, 'store', 'hook_tasks', '9')), ['0.log']);
    store = await openStore(dir);
    assert.deepEqual((await tasks.listByHook(store, 9)).map((t) => t.id), [3, 2]);
    assert.equal((await tasks.insert(store, 9, task(9))).id, 4);
    assert.match(await readFile(path.join(dir, 'store', 'hook_tasks', 'pending.log'), 'utf8'), /\{"a":\[9,3\]\}/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a task is pending while its record is being written; a claim meanwhile leaves it pending for its stored event', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const writing = tasks.insert(store, 9, task(9));
    while ((await tasks.pendingCount(store, [9])) === 0) await new Promise((r) => setImmediate(r));
    assert.equal(await tasks.claim(store, { hookId: 9, id: 1 }), null, 'nothing to claim yet');
    assert.equal(await tasks.pendingCount(store, [9]), 1, 'still pending');
    await writing;
    assert.equal((await tasks.claim(store, { hookId: 9, id: 1 }))?.uuid, 'u-9-1', 'claimed once written');
    assert.equal(await tasks.pendingCount(store, [9]), 0);
    await flushStore(store); // as above: the claim's removal line must not be written into a directory being removed
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an outcome is appended as it is; a retry puts the task back in the pending index, synced', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    const payload = '{"ref":"main","n":1}';
    for (let i = 0; i < 2; i++) await tasks.insert(store, 4, task(4, payload));
    const claimed = await tasks.claim(store, { hookId: 4, id: 1 });
    assert.equal(claimed?.attempt, 1);
    await tasks.claim(store, { hookId: 4, id: 2 });
    const request = { url: 'http://r/', http_method: 'POST', headers: { 'X-A': '1' }, body: payload };
    const ok = await tasks.recordOutcome(store, { hookId: 4, id: 1 }, { delivered: 5, is_succeed: true, request_content: request, response_content: { status: 200, headers: {}, body: 'ok' } }, () => null);
    assert.equal(ok, null);
    const seen: number[] = [];
    const at = await tasks.recordOutcome(store, { hookId: 4, id: 2 }, { delivered: 6, is_succeed: false, request_content: request, response_content: { status: 500, headers: {}, body: 'x'.repeat(tasks.MAX_STORED_RESPONSE_BODY + 1) } }, (attempt) => { seen.push(attempt); return 1234; });
    assert.equal(at, 1234);
    assert.deepEqual(seen, [1], 'the retry schedule gets the attempt just made');
    assert.equal(await tasks.recordOutcome(store, { hookId: 4, id: 9 }, { delivered: 1, is_succeed: true, request_content: null, response_content: null }, () => null), undefined);
    await tasks.settled(store);

    store = await openStore(dir);
    const one = await tasks.get(store, { hookId: 4, id: 1 });
    assert.deepEqual([one?.is_succeed, one?.delivered, one?.request_content, one?.response_content?.status], [true, 5, request, 200], 'the request body is read back from the payload');
    const two = await tasks.get(store, { hookId: 4, id: 2 });
    assert.deepEqual([two?.is_succeed, two?.next_retry, two?.response_content?.body.length], [false, 1234, tasks.MAX_STORED_RESPONSE_BODY]);
    assert.deepEqual(await collect(tasks.undelivered(store, [4])), [{ hookId: 4, id: 2 }], 'only the task to retry waits');
    assert.equal((await tasks.claim(store, { hookId: 4, id: 2 }))?.attempt, 2, 'a scheduled retry is claimable again');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a task whose index line a kill lost is pending again after a start; tasks below the checkpoint are not read', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    for (let i = 0; i < 120; i++) await tasks.insert(store, 5, task(5));
    for (let id = 1; id <= 110; id++) await tasks.claim(store, { hookId: 5, id });
    await Promise.all([tasks.insert(store, 5, task(5)), tasks.insert(store, 5, task(5))]);
    await tasks.settled(store);
    await flushStore(store);
    // The kill: the task lines of 121 and 122 reached disk, their index lines did not.
    const file = path.join(dir, 'store', 'hook_tasks', 'pending.log');
    const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l && !/^\{"a":\[5,12[12]/.test(l));
    await writeFile(file, `${lines.join('\n')}\n`);
    // A partition below the checkpoint that cannot be read (a directory): start-up must not read it.
    await rm(path.join(dir, 'store', 'hook_tasks', '5', '0.log'));
    await mkdir(path.join(dir, 'store', 'hook_tasks', '5', '0.log'));
    store = await openStore(dir);
    assert.equal(await tasks.pendingCount(store, [5]), 12);
    assert.deepEqual((await collect(tasks.undelivered(store, [5]))).map((r) => r.id), [111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122]);
    assert.ok(await tasks.claim(store, { hookId: 5, id: 122 }));
    await tasks.insert(store, 5, task(5));
    assert.equal(await tasks.pendingCount(store, [5]), 12);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("deleting a hook unregisters its tasks' collection from the engine", async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const adopt = mock.method(store.engine, 'adopt');
    await tasks.insert(store, 4, task(4));
    const collection = adopt.mock.calls.map((c) => c.result).find((c) => c instanceof LogCollection);
    assert.ok(collection, 'the hook\'s collection was adopted');
    const dropped = mock.method(collection, 'dropCached');
    store.engine.dropCaches();
    assert.equal(dropped.mock.callCount(), 1);
    await tasks.removeHook(store, 4);
    store.engine.dropCaches();
    assert.equal(dropped.mock.callCount(), 1, 'the engine no longer holds it');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
