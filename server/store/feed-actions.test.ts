import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flushStore, openStore } from './index.ts';
import * as feedStore from './feed-actions.ts';

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
