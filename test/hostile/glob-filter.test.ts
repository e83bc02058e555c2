/**
 * Issue 12 item 2 replayed: hooks whose branch filter is exponential for a backtracking engine, then a branch of
 * 40 `a`s. The branch is made promptly and the host keeps serving; a filter over the length cap is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { pingWhile, watchLoop } from './repos.ts';

test('exponential branch filters are matched in linear time while the host keeps serving', { timeout: 300_000 }, async () => {
  const h = await startHost();
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'globs', auto_init: true } })).status, 201);
    const R = `/repos/${ADMIN.username}/globs`;
    for (const filter of ['*a*a*a*a*a*a*a*a*ab', '*a*a*a*a*a*a*a*a*a*ab', `${'*a'.repeat(500)}b`]) {
      const made = await h.api('POST', `${R}/hooks`, {
        auth: token, body: { type: 'gitea', active: true, branch_filter: filter, events: ['create', 'push'], config: { url: 'http://127.0.0.1:9/x', content_type: 'json' } },
      });
      assert.equal(made.status, 201, made.text);
    }
    const tooLong = await h.api('POST', `${R}/hooks`, {
      auth: token, body: { type: 'gitea', active: true, branch_filter: '*a'.repeat(600), config: { url: 'http://127.0.0.1:9/x', content_type: 'json' } },
    });
    assert.equal(tooLong.status, 422, tooLong.text);
    const loop = watchLoop();
    const ping = pingWhile(`${h.url}/api/v1/version`);
    for (let i = 0; i < 5; i++) {
      const made = await h.api('POST', `${R}/branches`, { auth: token, body: { new_branch_name: `${'a'.repeat(39)}${i}` } });
      assert.equal(made.status, 201, made.text);
    }
    const { answered, slowest } = await ping.stop();
    const blocked = loop.stop();
    assert.ok(answered >= 1, 'other requests answered meanwhile');
    console.log(`glob filters: ${answered} other requests answered meanwhile, slowest ${slowest.toFixed(0)} ms, loop blocked at most ${blocked.toFixed(0)} ms`);
    // the backtracking filter blocked the loop 8 s per branch; a generous bound, far from flaky
    assert.ok(blocked < 1000, `event loop blocked ${blocked.toFixed(0)} ms`);
  } finally {
    await h.stop();
  }
});
