import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceFrom, transportNice } from './process.ts';

test('a niceness setting is an integer 0-19, else the default', () => {
  assert.equal(niceFrom(undefined, 0), 0);
  assert.equal(niceFrom('10', 0), 10);
  assert.equal(niceFrom('0', 5), 0);
  assert.equal(niceFrom('19', 0), 19);
  for (const bad of ['', ' ', '20', '-1', '2.5', 'ten']) assert.equal(niceFrom(bad, 3), 3, bad);
});

test('each transport side has its own niceness setting, else the bulk one, else 0', () => {
  assert.deepEqual(transportNice({}), { bulk: 0, fetch: 0, push: 0 });
  assert.deepEqual(transportNice({ HOMEFORGE_GIT_BULK_NICE: '5', HOMEFORGE_GIT_PUSH_NICE: '2' }), { bulk: 5, fetch: 5, push: 2 });
  assert.deepEqual(transportNice({ HOMEFORGE_GIT_FETCH_NICE: '10', HOMEFORGE_GIT_PUSH_NICE: 'x' }), { bulk: 0, fetch: 10, push: 0 });
});
