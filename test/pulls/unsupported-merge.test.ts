// Merge options the host does not support are refused with 422 in words, never done differently or ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import { pullWorld, newRepo, cloneOf, pushBranch } from './helpers.ts';

test('Do: manually-merged and force_merge are refused with 422; nothing is merged', { timeout: 120_000 }, async () => {
  const w = await pullWorld();
  try {
    const P = `/repos/${ADMIN.username}/plain`;
    const api = (method: string, path: string, body?: unknown) => w.h.api(method, path, { auth: w.token, ...(body === undefined ? {} : { body }) });
    await newRepo(w, 'plain');
    const clone = await cloneOf(w, ADMIN.username, 'plain');
    await pushBranch(w, clone, 'topic', { 'topic.txt': 't\n' });
    assert.equal((await api('POST', `${P}/pulls`, { head: 'topic', base: 'main', title: 'Topic' })).status, 201);
    const manual = await api('POST', `${P}/pulls/1/merge`, { Do: 'manually-merged' });
    assert.equal(manual.status, 422, manual.text);
    assert.match(manual.body.message, /manually merged/);
    const forced = await api('POST', `${P}/pulls/1/merge`, { Do: 'merge', force_merge: true });
    assert.equal(forced.status, 422, forced.text);
    assert.match(forced.body.message, /force_merge/);
    assert.equal((await api('GET', `${P}/pulls/1`)).body.merged, false);
  } finally {
    await w.stop();
  }
});
