import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FeedColumns, secondsOf } from './feed-columns.ts';

const facts = (id: number, repo = 1) => ({ id, user_id: 7, repo_id: repo, act_user_id: 8, at: id * 10, op_type: 'push_tag' as const });
const idsOf = (c: FeedColumns) => [...c.ids.subarray(0, c.length)];

test('rows added out of id order are kept ascending, with every column moved along', () => {
  const c = new FeedColumns();
  for (const id of [5, 1, 40, 3, 2, 41, 39, 100]) c.add(facts(id, id % 2 ? 1 : 2));
  for (let id = 200; id < 260; id++) c.add(facts(id));
  c.add(facts(150));
  c.add(facts(3, 9));
  assert.deepEqual(idsOf(c).slice(0, 9), [1, 2, 3, 5, 39, 40, 41, 100, 150]);
  assert.equal(c.length, 69, 'an id held already is replaced, not added');
  const i = idsOf(c).indexOf(3);
  assert.deepEqual([c.repo[i], c.at[i], c.opAt(i), c.user[i], c.actor[i]], [9, 30, 'push_tag', 7, 8]);
  assert.ok(c.has(150) && !c.has(151) && !c.has(1_000));
  assert.deepEqual(c.parties().repoIds, new Set([1, 2, 9]));
});

test('a removal drops the rows in place and returns their ids; a filter copies the rows it keeps', () => {
  const c = new FeedColumns();
  for (let id = 1; id <= 300; id++) c.add(facts(id, id % 3));
  assert.deepEqual(c.parties().repoIds, new Set([0, 1, 2]));
  const gone = c.removeWhere((x, i) => x.repo[i] !== 1);
  assert.equal(gone.length, 200);
  assert.deepEqual(idsOf(c), Array.from({ length: 100 }, (_, k) => 3 * k + 1));
  assert.deepEqual(c.parties().repoIds, new Set([1]), 'the parties are counted again after a removal');
  const odd = c.filter((x, i) => x.ids[i]! % 2 === 1);
  assert.equal(odd.length, 50);
  assert.ok(idsOf(odd).every((id, k) => odd.at[k] === id * 10));
  assert.throws(() => c.add({ ...facts(999), op_type: 'nope' as 'push_tag' }));
});

test('times are unsigned seconds', () => {
  assert.equal(secondsOf('2026-01-02T03:04:05.900Z'), Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
  assert.equal(secondsOf('not a time'), 0);
});
