// As Gitea: a reviewer has one pending review per pull request; new line comments join it, and a review made
// with another event submits it together with its pending comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { pullWorld, newRepo, cloneOf, pushBranch } from './helpers.ts';

test('line comments join the pending review; a COMMENT review submits it with them', { timeout: 120_000 }, async () => {
  const w = await pullWorld();
  try {
    const P = `/repos/${ADMIN.username}/pend`;
    assert.equal((await w.h.api('POST', '/admin/users', { auth: w.token, body: { username: 'rita', email: 'rita@example.com', password: 'rita-password-1', must_change_password: false } })).status, 201);
    const rita = await createToken(w.h, 'rita', 'rita-password-1');
    const as = (auth: string, method: string, path: string, body?: unknown) => w.h.api(method, path, { auth, ...(body === undefined ? {} : { body }) });
    await newRepo(w, 'pend');
    const clone = await cloneOf(w, ADMIN.username, 'pend');
    await pushBranch(w, clone, 'topic', { 'a.txt': 'one\ntwo\n' });
    assert.equal((await as(w.token, 'POST', `${P}/pulls`, { head: 'topic', base: 'main', title: 'Topic' })).status, 201);

    const first = await as(rita, 'POST', `${P}/pulls/1/reviews`, { event: 'PENDING', comments: [{ path: 'a.txt', new_position: 1, body: 'first' }] });
    assert.equal(first.status, 200, first.text);
    const second = await as(rita, 'POST', `${P}/pulls/1/reviews`, { event: 'PENDING', comments: [{ path: 'a.txt', new_position: 2, body: 'second' }] });
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.state, 'PENDING');
    assert.equal(second.body.comments_count, 2);
    assert.deepEqual((await as(w.token, 'GET', `${P}/pulls/1/reviews`)).body, [], 'a pending review is its author\'s alone');

    const done = await as(rita, 'POST', `${P}/pulls/1/reviews`, { event: 'COMMENT', body: 'overall fine', comments: [{ path: 'a.txt', old_position: 0, new_position: 1, body: 'third' }] });
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.id, first.body.id);
    assert.equal(done.body.state, 'COMMENT');
    assert.equal(done.body.body, 'overall fine');
    const lines = (await as(w.token, 'GET', `${P}/pulls/1/reviews/${done.body.id}/comments`)).body;
    assert.deepEqual(lines.map((c: { body: string; position: number }) => `${c.body}@${c.position}`), ['first@1', 'second@2', 'third@1']);
    assert.equal(new Set(lines.map((c: { id: number }) => c.id)).size, 3);
    // A new pending review starts once the last one was submitted.
    const next = await as(rita, 'POST', `${P}/pulls/1/reviews`, { event: 'PENDING', comments: [{ path: 'a.txt', new_position: 2, body: 'later' }] });
    assert.notEqual(next.body.id, first.body.id);
  } finally {
    await w.stop();
  }
});
