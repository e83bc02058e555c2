// A required status check of the base branch's rule blocks a merge until the head commit reports success through
// the commit-status API; auto-merge requested meanwhile merges when the status arrives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import { eventually } from '../webhooks/receiver.ts';
import { pullWorld, newRepo, cloneOf, pushBranch } from '../pulls/helpers.ts';

const P = `/repos/${ADMIN.username}/checks`;

test('a required status check blocks the merge until the head reports success; auto-merge follows the status', { timeout: 240_000 }, async () => {
  const w = await pullWorld();
  try {
    const api = (method: string, path: string, body?: unknown) => w.h.api(method, path, { auth: w.token, ...(body === undefined ? {} : { body }) });
    await newRepo(w, 'checks');
    const rule = await api('POST', `${P}/branch_protections`, { rule_name: 'main', enable_push: true, enable_status_check: true, status_check_contexts: ['ci/*'] });
    assert.equal(rule.status, 201, rule.text);
    const clone = await cloneOf(w, ADMIN.username, 'checks');
    const first = await pushBranch(w, clone, 'one', { 'one.txt': '1\n' });
    const second = await pushBranch(w, clone, 'two', { 'two.txt': '2\n' });
    for (const head of ['one', 'two']) assert.equal((await api('POST', `${P}/pulls`, { head, base: 'main', title: `PR ${head}` })).status, 201);
    await eventually(async () => (await api('GET', `${P}/pulls/1`)).body.mergeable === true);

    // No status yet, then a failing one: refused with the reason.
    const refused = await api('POST', `${P}/pulls/1/merge`, { Do: 'merge' });
    assert.equal(refused.status, 405, refused.text);
    assert.match(refused.body.message, /status check/i);
    assert.equal((await api('POST', `${P}/statuses/${first}`, { state: 'failure', context: 'ci/build' })).status, 201);
    assert.equal((await api('POST', `${P}/pulls/1/merge`, { Do: 'merge' })).status, 405);
    // A context the rule does not name does not help; the named one going green does.
    assert.equal((await api('POST', `${P}/statuses/${first}`, { state: 'success', context: 'lint' })).status, 201);
    assert.equal((await api('POST', `${P}/pulls/1/merge`, { Do: 'merge' })).status, 405);
    assert.equal((await api('POST', `${P}/statuses/${first}`, { state: 'success', context: 'ci/build' })).status, 201);
    const merged = await api('POST', `${P}/pulls/1/merge`, { Do: 'merge' });
    assert.equal(merged.status, 200, merged.text);

    // Auto-merge: asked while the check is pending, done when the success status is recorded.
    await eventually(async () => (await api('GET', `${P}/pulls/2`)).body.mergeable === true);
    assert.equal((await api('POST', `${P}/statuses/${second}`, { state: 'pending', context: 'ci/build' })).status, 201);
    const scheduled = await api('POST', `${P}/pulls/2/merge`, { Do: 'merge', merge_when_checks_succeed: true });
    assert.equal(scheduled.status, 201, scheduled.text);
    assert.equal((await api('GET', `${P}/pulls/2`)).body.merged, false);
    assert.equal((await api('POST', `${P}/statuses/${second}`, { state: 'success', context: 'ci/build' })).status, 201);
    await eventually(async () => (await api('GET', `${P}/pulls/2`)).body.merged === true, 30_000);
  } finally {
    await w.stop();
  }
});
