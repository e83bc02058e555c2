import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from './index.ts';
import * as issues from './issues.ts';
import type { IssueRecord } from './issues.ts';
import { LogCollection } from './engine/log-collection.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'homeforge-issues-'));
let clock = 0;
const issue = (o: Partial<IssueRecord> = {}) => (): Omit<IssueRecord, 'id' | 'index' | 'repo_id'> => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
  return {
    poster_id: 1, original_author: '', title: 'A title', content: '', is_closed: false, is_pull: false, is_locked: false, pin_order: 0,
    milestone_id: 0, priority: 0, label_ids: [], assignee_ids: [], mentioned_ids: [], num_comments: 0, ref: '', deadline: 0,
    created: at, updated: at, closed_at: null, ...o,
  };
};

test('issues and pull requests share one index sequence per repository; ids are global', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    const a1 = await issues.insert(store, 1, issue());
    const a2 = await issues.insert(store, 1, issue({ is_pull: true }));
    const b1 = await issues.insert(store, 2, issue());
    assert.deepEqual([a1.index, a2.index, b1.index], [1, 2, 1]);
    assert.equal(new Set([a1.id, a2.id, b1.id]).size, 3);
    store = await openStore(dir);
    const a3 = await issues.insert(store, 1, issue());
    assert.equal(a3.index, 3, 'the sequence continues after a restart');
    assert.ok(a3.id > b1.id, 'global ids never go back');
    assert.deepEqual(await issues.counters(store, 1), { open_issues: 2, closed_issues: 0, open_pulls: 1, closed_pulls: 0 });
    assert.deepEqual(await readdir(path.join(dir, 'store', 'issues', '2')), ['0.log', 'counters.json'], 'each repository has its own files');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('one repository\'s list: state, labels, poster, pulls, Gitea sorts, paging with the total', async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    for (let i = 1; i <= 30; i++) {
      await issues.insert(store, 5, issue({ is_closed: i % 3 === 0, poster_id: i % 2 ? 7 : 8, label_ids: i % 5 === 0 ? [1, 2] : [1], num_comments: i % 4 }));
    }
    await issues.insert(store, 6, issue());
    const open = await issues.list(store, 5, { limit: 5 });
    assert.equal(open.total, 20);
    assert.deepEqual(open.rows.map((r) => r.index), [29, 28, 26, 25, 23], 'newest first by default');
    const page2 = await issues.list(store, 5, { limit: 5, page: 2 });
    assert.deepEqual(page2.rows.map((r) => r.index), [22, 20, 19, 17, 16]);
    assert.equal((await issues.list(store, 5, { state: 'closed' })).total, 10);
    assert.deepEqual((await issues.list(store, 5, { state: 'all', labelIds: [1, 2], sort: 'oldest' })).rows.map((r) => r.index), [5, 10, 15, 20, 25, 30]);
    assert.equal((await issues.list(store, 5, { state: 'all', posterId: 8 })).total, 15);
    const most = await issues.list(store, 5, { state: 'all', sort: 'mostcomment', limit: 1 });
    assert.equal(most.rows[0]?.num_comments, 3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('closing moves the counters; links and text search follow edits', async () => {
  const dir = await tempDir();
  try {
    let store = await openStore(dir);
    const i1 = await issues.insert(store, 9, issue({ title: 'Push page crashes', content: 'stack trace attached', assignee_ids: [3] }));
    await issues.insert(store, 9, issue({ title: 'Clone is slow', mentioned_ids: [3] }));
    await issues.insert(store, 10, issue({ title: 'Push hook never fires', poster_id: 3 }));
    await issues.update(store, 9, i1.index, (r) => { r.is_closed = true; r.closed_at = r.updated; r.assignee_ids = [4]; });
    assert.deepEqual(await issues.counters(store, 9), { open_issues: 1, closed_issues: 1, open_pulls: 0, closed_pulls: 0 });
    store = await openStore(dir);
    assert.deepEqual(await issues.refsOfUser(store, 3, 'assignee'), []);
    assert.deepEqual(await issues.refsOfUser(store, 4, 'assignee'), [{ repoId: 9, index: 1 }]);
    assert.deepEqual(await issues.refsOfUser(store, 3, 'mentioned'), [{ repoId: 9, index: 2 }]);
    assert.deepEqual(await issues.refsOfUser(store, 3, 'poster'), [{ repoId: 10, index: 1 }]);
    const found = await issues.search(store, [9, 10], 'push');
    assert.deepEqual(found.rows.map((r) => `${r.repo_id}#${r.index}`).sort(), ['10#1', '9#1']);
    assert.equal((await issues.search(store, [9, 10], 'push', { state: 'open' })).total, 1);
    await issues.update(store, 10, 1, (r) => { r.title = 'Webhook never fires'; });
    assert.equal((await issues.search(store, [10], 'push')).total, 0);
    assert.equal((await issues.search(store, [10], 'webhook')).total, 1);
    assert.equal((await issues.recount(store, 9)).closed_issues, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("deleting a repository's issues unregisters their collection from the engine and removes the folder", async () => {
  const dir = await tempDir();
  try {
    const store = await openStore(dir);
    const adopt = mock.method(store.engine, 'adopt');
    await issues.insert(store, 7, issue());
    const collection = adopt.mock.calls.map((c) => c.result).find((c) => c instanceof LogCollection);
    assert.ok(collection, "the repository's collection was adopted");
    const dropped = mock.method(collection, 'dropCached');
    store.engine.dropCaches();
    assert.equal(dropped.mock.callCount(), 1);
    await issues.removeRepo(store, 7);
    store.engine.dropCaches();
    assert.equal(dropped.mock.callCount(), 1, 'the engine no longer holds it');
    assert.ok(!(await readdir(path.join(store.engine.root, 'issues'))).includes('7'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
