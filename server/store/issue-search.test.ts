import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, type Store } from './index.ts';
import * as issues from './issues.ts';
import * as comments from './issue-comments.ts';
import type { IssueRecord } from './issues.ts';

let clock = 0;
const issue = (o: Partial<IssueRecord> = {}) => (): Omit<IssueRecord, 'id' | 'index' | 'repo_id'> => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
  return {
    poster_id: 1, original_author: '', title: 'A title', content: '', is_closed: false, is_pull: false, is_locked: false, pin_order: 0,
    milestone_id: 0, priority: 0, label_ids: [], assignee_ids: [], mentioned_ids: [], num_comments: 0, ref: '', deadline: 0,
    created: at, updated: at, closed_at: null, ...o,
  };
};
const comment = (repoId: number, index: number, body: string, type?: string) => (id: number): comments.CommentRecord => ({
  id, repo_id: repoId, issue_index: index, poster_id: 1, original_author: '', body, created: '', updated: '', ...(type ? { type } : {}),
});
const found = async (store: Store, repoIds: number[], text: string) => (await issues.search(store, repoIds, text)).rows.map((r) => `${r.repo_id}#${r.index}`);

async function withStore(fn: (store: Store, dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-issue-search-'));
  try {
    await fn(await openStore(dir), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('search covers titles, bodies and plain comments, newest first, and follows edits and deletions', () => withStore(async (store, dir) => {
  await issues.insert(store, 1, issue({ title: 'Login breaks', content: 'after the upgrade' }));
  await issues.insert(store, 1, issue({ title: 'Dark theme' }));
  assert.deepEqual(await found(store, [1], 'login'), ['1#1'], 'the index is built on first search');
  await issues.insert(store, 1, issue({ title: 'Logins are slow' }));
  const c = await comments.insert(store, comment(1, 2, 'The login button is dark too'));
  await comments.insert(store, comment(1, 2, 'login renamed', 'change_title'));
  assert.deepEqual(await found(store, [1], 'login'), ['1#3', '1#2', '1#1'], 'a new issue and a comment count; newest first');
  assert.deepEqual(await found(store, [1], 'button dark'), ['1#2']);
  assert.deepEqual(await found(store, [1], 'renamed'), [], 'timeline events carry no searchable text');
  await comments.update(store, c.id, (x) => { x.body = 'Only the colours are off'; });
  assert.deepEqual(await found(store, [1], 'button'), [], 'an edited comment loses its old words');
  assert.deepEqual(await found(store, [1], 'colours'), ['1#2']);
  await issues.update(store, 1, 1, (r) => { r.title = 'Sign-in breaks'; });
  assert.deepEqual(await found(store, [1], 'login'), ['1#3']);
  assert.deepEqual(await found(store, [1], 'upgrade sign'), ['1#1'], 'the body stays after a title edit');
  await comments.remove(store, c.id);
  assert.deepEqual(await found(store, [1], 'colours'), []);
  await comments.insert(store, comment(1, 3, 'fixed by caching'));
  await comments.removeByIssue(store, 1, 3);
  await issues.remove(store, 1, 3);
  assert.deepEqual(await found(store, [1], 'caching'), []);
  assert.deepEqual(await found(store, [1], 'logins'), []);
  // A fresh store (a restart) builds the same index from what is stored.
  const again = await openStore(dir);
  assert.deepEqual(await found(again, [1], 'upgrade'), ['1#1']);
  assert.deepEqual(await found(again, [1], 'login'), []);
}));

test('search over several repositories gives only the repositories asked for, merged newest first and paged', () => withStore(async (store) => {
  await issues.insert(store, 1, issue({ title: 'crash on start' }));
  await issues.insert(store, 2, issue({ title: 'crash in secret repository' }));
  await issues.insert(store, 1, issue({ title: 'crash again' }));
  assert.deepEqual(await found(store, [1], 'crash'), ['1#2', '1#1'], 'another repository\'s issues never come back');
  assert.deepEqual(await found(store, [1, 2], 'crash'), ['1#2', '2#1', '1#1']);
  const p2 = await issues.search(store, [1, 2], 'crash', { page: 2, limit: 2 });
  assert.deepEqual(p2.rows.map((r) => `${r.repo_id}#${r.index}`), ['1#1']);
  assert.equal(p2.total, 3);
  assert.equal((await issues.search(store, [1, 2], 'crash', { state: 'closed' })).total, 0);
}));

test('label and poster filters, and sorted lists, stay right through writes', () => withStore(async (store) => {
  for (let i = 1; i <= 40; i++) await issues.insert(store, 1, issue({ poster_id: 1 + (i % 3), label_ids: i % 2 ? [10] : [10, 20], is_closed: i % 5 === 0 }));
  const nums = async (q: issues.IssueQuery) => (await issues.list(store, 1, { limit: 0, ...q })).rows.map((r) => r.index);
  const expect = (f: (i: number) => boolean) => Array.from({ length: 40 }, (_, k) => 40 - k).filter(f);
  assert.deepEqual(await nums({ labelIds: [20] }), expect((i) => i % 2 === 0 && i % 5 !== 0));
  assert.deepEqual(await nums({ labelIds: [10, 20], posterId: 2, state: 'all' }), expect((i) => i % 2 === 0 && 1 + (i % 3) === 2));
  assert.deepEqual(await nums({ posterId: 3, state: 'all', sort: 'oldest' }), expect((i) => 1 + (i % 3) === 3).reverse());
  assert.deepEqual(await nums({ labelIds: [99] }), []);
  await issues.update(store, 1, 4, (r) => { r.label_ids = [10]; r.poster_id = 9; r.is_closed = true; });
  await issues.update(store, 1, 7, (r) => { r.updated = '2030-01-01T00:00:00.000Z'; });
  await issues.remove(store, 1, 2);
  assert.deepEqual(await nums({ labelIds: [20] }), expect((i) => i % 2 === 0 && i % 5 !== 0 && i !== 4 && i !== 2));
  assert.deepEqual(await nums({ posterId: 9, state: 'closed' }), [4]);
  assert.equal((await nums({ state: 'all', sort: 'recentupdate' }))[0], 7, 'an updated issue moves in the kept order');
  const page = await issues.list(store, 1, { labelIds: [10], state: 'all', page: 2, limit: 5 });
  assert.deepEqual(page.rows.map((r) => r.index), [35, 34, 33, 32, 31]);
  assert.equal(page.total, 39);
}));

test('a search\'s page and total match a scan of every issue, through writes and an imported far index', () => withStore(async (store) => {
  for (let i = 1; i <= 60; i++) {
    await issues.insert(store, 1, issue({ title: i % 4 ? `crash ${i}` : `other ${i}`, is_closed: i % 3 === 0, is_pull: i % 5 === 0, poster_id: 1 + (i % 2), label_ids: i % 7 ? [10] : [10, 20] }));
  }
  const queries: issues.IssueQuery[] = [];
  for (const state of [undefined, 'open', 'closed', 'all'] as const) {
    for (const isPull of [undefined, true, false]) {
      queries.push({ state, isPull, limit: 5 }, { state, isPull, page: 3, limit: 4, sort: 'oldest' }, { state, isPull, labelIds: [20], limit: 2 }, { state, isPull, posterId: 2, limit: 3 });
    }
  }
  const check = async (label: string): Promise<void> => {
    const all = (await issues.list(store, 1, { state: 'all', limit: 0, sort: 'newest' })).rows.filter((r) => /\bcrash/.test(r.title));
    for (const q of queries) {
      const want = all.filter((r) => ((q.state ?? 'all') === 'all' || r.is_closed === (q.state === 'closed')) && (q.isPull === undefined || r.is_pull === q.isPull)
        && (q.labelIds ?? []).every((l) => r.label_ids.includes(l)) && (q.posterId === undefined || r.poster_id === q.posterId));
      if (q.sort === 'oldest') want.reverse();
      const at = ((q.page ?? 1) - 1) * q.limit!;
      const got = await issues.search(store, [1], 'crash', q);
      assert.deepEqual(got.rows.map((r) => r.index), want.slice(at, at + q.limit!).map((r) => r.index), `${label}: ${JSON.stringify(q)}`);
      assert.equal(got.total, want.length, `${label}: total of ${JSON.stringify(q)}`);
    }
  };
  await check('as stored');
  await issues.update(store, 1, 2, (r) => { r.is_closed = true; });
  await issues.update(store, 1, 3, (r) => { r.is_closed = false; r.label_ids = [10, 20]; });
  await issues.update(store, 1, 4, (r) => { r.title = 'crash now'; });
  await issues.remove(store, 1, 5);
  await check('after writes');
  await issues.insert(store, 1, issue({ title: 'crash imported' }), 1_000_000);
  await issues.insert(store, 1, issue({ title: 'crash imported and closed', is_closed: true, label_ids: [20] }), 999_999);
  await check('with far indexes');
}));
