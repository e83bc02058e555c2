import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flushStore, openStore } from './index.ts';
import * as feedStore from './feed-actions.ts';
import { LogTable } from './engine/log-table.ts';

const row = (repo: number, actor: number, created = '2026-01-02T03:04:05Z') => ({ op_type: 'create_issue' as const, act_user_id: actor, repo_id: repo, comment_id: 0, ref_name: '', content: '1|x', created });
const all = () => true;

test('feed pages are newest first over concurrent inserts, and a removal is seen at once and after a reopen', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-feed-'));
  try {
    const store = await openStore(dir);
    await feedStore.insertMany(store, [1, 2], row(10, 1));
    // the columns of feed 1 are built, then extended by appends that land in any order
    assert.equal((await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 5 })).total, 1);
    await Promise.all(Array.from({ length: 40 }, (_, i) => feedStore.insertMany(store, [1], row(i % 2 ? 10 : 11, i % 3 ? 1 : 3))));
    const first = await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 7 });
    const second = await feedStore.page(store, { userId: 1 }, all, { page: 2, limit: 7 });
    assert.equal(first.total, 41);
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
    assert.equal(new Set(ids).size, 14);
    // the repository feed holds the rows in their actor's feed only
    assert.equal((await feedStore.page(store, { repoId: 10 }, all, { page: 1, limit: 100 })).total, 1 + 20 - 7);
    assert.deepEqual([...(await feedStore.partiesOf(store, { userId: 1 })).actorIds].sort(), [1, 3]);
    assert.equal((await feedStore.page(store, { userId: 1 }, (_r, actor) => actor === 3, { page: 1, limit: 100 })).total, 14);
    await feedStore.removeByRepo(store, 11);
    assert.equal((await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 100 })).total, 21);
    await feedStore.removeByUser(store, 3);
    assert.equal((await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 100 })).total, 14);
    await flushStore(store);
    const again = await openStore(dir);
    assert.equal((await feedStore.page(again, { userId: 1 }, all, { page: 1, limit: 100 })).total, 14);
    assert.equal((await feedStore.page(again, { userId: 2 }, all, { page: 1, limit: 100 })).total, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Every string reachable from `v` (typed arrays hold numbers only and are not walked). */
function stringsIn(v: unknown, out: string[] = [], seen = new Set<object>()): string[] {
  if (typeof v === 'string') out.push(v);
  if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) return out;
  seen.add(v);
  if (v instanceof Map || v instanceof Set) for (const e of v instanceof Map ? [...v.keys(), ...v.values()] : v) stringsIn(e, out, seen);
  else for (const x of Object.values(v)) stringsIn(x, out, seen);
  return out;
}

test('memory holds the numbers of feed rows, not their texts; the texts are read from disk for a page', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-feed-'));
  try {
    const store = await openStore(dir);
    const text = (i: number) => `push-${i}-`.padEnd(700, 'z');
    // 3,000 rows over three partitions, in three feeds, written concurrently
    for (let i = 0; i < 3_000; i += 300) {
      await Promise.all(Array.from({ length: 300 }, (_, k) => feedStore.insertMany(store, [1 + ((i + k) % 3)], { ...row(10, 1), op_type: 'commit_repo', content: text(i + k) })));
    }
    for (const userId of [1, 2, 3]) assert.equal((await feedStore.page(store, { userId }, all, { page: 3, limit: 20 })).rows.length, 20);
    const held = await feedStore.resident(store);
    assert.equal(held.all.length, 3_000);
    assert.equal(held.feeds.size, 3);
    assert.deepEqual(stringsIn({ all: held.all, feeds: held.feeds }).filter((s) => s.startsWith('push-')), [], 'no row text among the facts');
    assert.ok(held.recent.size.bytes <= 1024 * 1024 && held.recent.size.rows < 1_500, `recent full rows are bounded: ${held.recent.size.rows}`);
    // once the caches are dropped (the host idle), only the facts remain, and pages read their rows from disk
    store.engine.dropCaches();
    assert.equal((await feedStore.resident(store)).recent.size.rows, 0);
    const p = await feedStore.page(store, { userId: 2 }, all, { page: 50, limit: 20 });
    assert.equal(p.total, 1_000);
    assert.deepEqual(p.rows.map((r) => r.content), Array.from({ length: 20 }, (_, k) => text(3_000 - 3 * (980 + k) - 2)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a store opened again on the same data reads the rows the older table layout wrote, and ids go on after them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-feed-'));
  try {
    // the rows as the one-table layout wrote them: same directory, partition size and line format
    const older = await openStore(dir);
    const table = new LogTable<feedStore.FeedActionRecord>('feed_actions', {}, 2_000);
    const written: feedStore.FeedActionRecord[] = [];
    for (let i = 0; i < 2_100; i += 300) {
      written.push(...await Promise.all(Array.from({ length: 300 }, (_, k) => table.insert(older, (id) => ({ id, user_id: 1 + ((i + k) % 2), ...row(10 + ((i + k) % 4), 1 + ((i + k) % 2)), content: `row ${i + k}` })))));
    }
    await flushStore(older);
    const store = await openStore(dir);
    const mine = written.filter((r) => r.user_id === 1).sort((a, b) => b.id - a.id);
    const first = await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 30 });
    assert.equal(first.total, 1_050);
    assert.deepEqual(first.rows, mine.slice(0, 30));
    assert.deepEqual((await feedStore.page(store, { userId: 1 }, all, { page: 35, limit: 30 })).rows, mine.slice(1_020, 1_050));
    assert.equal((await feedStore.page(store, { repoId: 11 }, all, { page: 1, limit: 1_000 })).total, 525);
    await feedStore.insertMany(store, [2], row(12, 2));
    const [newest] = (await feedStore.page(store, { userId: 2 }, all, { page: 1, limit: 1 })).rows;
    assert.equal(newest?.id, Math.max(...written.map((r) => r.id)) + 1);
    // and a third opening reads both the older rows and the new one
    await flushStore(store);
    const again = await openStore(dir);
    assert.equal((await feedStore.page(again, { userId: 2 }, all, { page: 1, limit: 1 })).rows[0]?.id, newest?.id);
    assert.equal((await feedStore.page(again, { userId: 2 }, all, { page: 1, limit: 1 })).total, 1_051);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('rows removed with a repository or a user leave memory and the partitions on disk', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-feed-'));
  try {
    const store = await openStore(dir);
    await Promise.all(Array.from({ length: 2_500 }, (_, i) => feedStore.insertMany(store, [1, 2], { ...row(i % 5 ? 10 : 66, i % 7 ? 1 : 77), content: `${i}|${i % 5 ? 'kept' : 'secret-of-66'}|${i % 7 ? '' : 'by-77'}` })));
    // the feed's columns stay built and in id order over inserts that reach memory in any order
    assert.equal((await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 10 })).total, 2_500);
    await Promise.all(Array.from({ length: 200 }, () => feedStore.insertMany(store, [1, 2], row(10, 1))));
    const cols = (await feedStore.resident(store)).feeds.get('u1');
    assert.equal(cols?.length, 2_700);
    assert.ok(cols && cols.ids.subarray(0, cols.length).every((id, i, a) => i === 0 || a[i - 1]! < id));
    await feedStore.removeByRepo(store, 66);
    await feedStore.removeByUser(store, 77);
    const left = (await feedStore.page(store, { userId: 1 }, all, { page: 1, limit: 5_000 })).rows;
    assert.equal(left.length, 2_700 - 500 - 357 + 71);
    assert.ok(left.every((r) => r.repo_id !== 66 && r.act_user_id !== 77));
    const texts = stringsIn(await feedStore.resident(store));
    assert.ok(texts.some((s) => s.includes('|kept|')), 'the recent rows are walked');
    assert.ok(!texts.some((s) => s.includes('secret-of-66') || s.includes('by-77')));
    for (const f of await readdir(path.join(store.engine.root, 'feed_actions'))) {
      const body = await readFile(path.join(store.engine.root, 'feed_actions', f), 'utf8');
      assert.ok(!body.includes('secret-of-66') && !body.includes('by-77'), `${f} holds no removed row`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
