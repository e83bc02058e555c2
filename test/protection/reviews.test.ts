// Review requests delivered to a real receiver with requested_reviewer; reviews with line comments; the merge
// refused while the base branch's rule is unmet and allowed once met; both stale-approval settings with real pushes.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { startReceiver, eventually, type Receiver } from '../webhooks/receiver.ts';
import { pullWorld, newRepo, cloneOf, pushBranch, commitFiles, type PullWorld } from '../pulls/helpers.ts';

const P = `/repos/${ADMIN.username}/rev`;

describe('reviews, review requests and the merge gate', () => {
  let w: PullWorld;
  let rx: Receiver;
  let clone: string;
  const t: Record<string, string> = {};
  const api = (method: string, path: string, who: string, body?: unknown) => w.h.api(method, path, { auth: t[who], ...(body === undefined ? {} : { body }) });
  const merge = (index: number) => api('POST', `${P}/pulls/${index}/merge`, 'root', { Do: 'merge' });
  const bodies = (): Record<string, any>[] => rx.got.map((r) => JSON.parse(r.body)); // eslint-disable-line @typescript-eslint/no-explicit-any
  const pushHead = async (files: Record<string, string>): Promise<string> => {
    const sha = await commitFiles(w, clone, files, 'more on feature');
    await w.g.ok(['push', '-q', 'origin', 'feature:feature'], { cwd: clone });
    await eventually(async () => (await api('GET', `${P}/pulls/1`, 'root')).body.head.sha === sha);
    return sha;
  };

  before(async () => {
    w = await pullWorld();
    rx = await startReceiver();
    t.root = w.token;
    for (const n of ['alice', 'bob', 'carol']) {
      assert.equal((await w.h.api('POST', '/admin/users', { auth: t.root, body: { username: n, email: `${n}@example.com`, password: `${n}-password-1`, must_change_password: false } })).status, 201);
      t[n] = await createToken(w.h, n, `${n}-password-1`);
    }
    await newRepo(w, 'rev');
    for (const n of ['alice', 'bob', 'carol']) assert.equal((await api('PUT', `${P}/collaborators/${n}`, 'root', { permission: 'write' })).status, 204);
    const hook = await api('POST', `${P}/hooks`, 'root', {
      type: 'gitea', active: true, events: ['pull_request_review_request', 'pull_request_review'], config: { url: rx.url, content_type: 'json' },
    });
    assert.equal(hook.status, 201, hook.text);
    clone = await cloneOf(w, ADMIN.username, 'rev', 'alice', 'alice-password-1');
    await pushBranch(w, clone, 'feature', { 'feature.txt': 'one\n' });
    const pr = await api('POST', `${P}/pulls`, 'alice', { head: 'feature', base: 'main', title: 'Add a feature' });
    assert.equal(pr.status, 201, pr.text);
    await eventually(async () => (await api('GET', `${P}/pulls/1`, 'root')).body.mergeable === true);
  });
  after(async () => {
    await rx?.close();
    await w?.stop();
  });

  test('a review request and its removal reach the receiver with requested_reviewer; the pull request lists the reviewer', async () => {
    const made = await api('POST', `${P}/pulls/1/requested_reviewers`, 'alice', { reviewers: ['bob'] });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body[0].state, 'REQUEST_REVIEW');
    assert.equal(made.body[0].user.login, 'bob');
    assert.deepEqual((await api('GET', `${P}/pulls/1`, 'root')).body.requested_reviewers.map((u: { login: string }) => u.login), ['bob']);
    await rx.waitFor(1);
    const first = rx.got[0]!;
    assert.equal(first.headers['x-gitea-event'], 'pull_request');
    assert.equal(first.headers['x-gitea-event-type'], 'pull_request_review_request');
    const body = JSON.parse(first.body);
    assert.equal(body.action, 'review_requested');
    assert.equal(body.requested_reviewer.login, 'bob');
    assert.equal(body.number, 1);
    assert.equal(body.sender.login, 'alice');

    assert.equal((await api('DELETE', `${P}/pulls/1/requested_reviewers`, 'alice', { reviewers: ['bob'] })).status, 204);
    await rx.waitFor(2);
    const removed = JSON.parse(rx.got[1]!.body);
    assert.equal(removed.action, 'review_request_removed');
    assert.equal(removed.requested_reviewer.login, 'bob');
    assert.deepEqual((await api('GET', `${P}/pulls/1`, 'root')).body.requested_reviewers, []);
    // The poster cannot be asked, an unknown user is refused, and nobody is asked twice.
    assert.equal((await api('POST', `${P}/pulls/1/requested_reviewers`, 'root', { reviewers: ['alice'] })).status, 422);
    assert.equal((await api('POST', `${P}/pulls/1/requested_reviewers`, 'root', { reviewers: ['nobody-here'] })).status, 422);
  });

  test('a merge is refused while the rule is unmet, and an official request blocks until answered', async () => {
    const rule = await api('POST', `${P}/branch_protections`, 'root', {
      rule_name: 'main', enable_push: true, required_approvals: 1, block_on_rejected_reviews: true, block_on_official_review_requests: true,
    });
    assert.equal(rule.status, 201, rule.text);
    const refused = await merge(1);
    assert.equal(refused.status, 405);
    assert.match(refused.body.message, /needs 1 approval and has 0/);
    assert.equal((await api('POST', `${P}/pulls/1/requested_reviewers`, 'alice', { reviewers: ['carol'] })).status, 201);
    assert.match((await merge(1)).body.message, /official review request is still open/);
  });

  test('reviews: own approval refused, line comments kept, a change request blocks, approval counts once given', async () => {
    assert.equal((await api('POST', `${P}/pulls/1/reviews`, 'alice', { event: 'APPROVED' })).status, 422);
    const commented = await api('POST', `${P}/pulls/1/reviews`, 'carol', {
      event: 'REQUEST_CHANGES', body: 'please rename', comments: [{ path: 'feature.txt', new_position: 1, body: 'this line' }],
    });
    assert.equal(commented.status, 200, commented.text);
    assert.equal(commented.body.state, 'REQUEST_CHANGES');
    assert.equal(commented.body.official, true);
    assert.equal(commented.body.comments_count, 1);
    const lines = await api('GET', `${P}/pulls/1/reviews/${commented.body.id}/comments`, 'bob');
    assert.equal(lines.body[0].path, 'feature.txt');
    assert.equal(lines.body[0].position, 1);
    assert.equal(lines.body[0].body, 'this line');
    await eventually(async () => bodies().some((b) => b.review?.type === 'pull_request_review_rejected'));
    const rejected = rx.got.find((r) => JSON.parse(r.body).review?.type === 'pull_request_review_rejected')!;
    assert.equal(rejected.headers['x-gitea-event'], 'pull_request_rejected');
    assert.equal(JSON.parse(rejected.body).action, 'reviewed');

    const approved = await api('POST', `${P}/pulls/1/reviews`, 'bob', { event: 'APPROVED', body: 'fine' });
    assert.equal(approved.status, 200);
    assert.equal(approved.body.official, true);
    assert.match((await merge(1)).body.message, /requested changes/);
    // A pending review waits for its author; submitted, carol's approval replaces her change request.
    const pending = await api('POST', `${P}/pulls/1/reviews`, 'carol', { body: 'on second thought' });
    assert.equal(pending.body.state, 'PENDING');
    assert.equal((await api('GET', `${P}/pulls/1/reviews/${pending.body.id}`, 'bob')).status, 404);
    const submitted = await api('POST', `${P}/pulls/1/reviews/${pending.body.id}`, 'carol', { event: 'APPROVED' });
    assert.equal(submitted.body.state, 'APPROVED');
    const list = (await api('GET', `${P}/pulls/1/reviews`, 'root')).body;
    assert.deepEqual(list.map((r: { state: string; official: boolean }) => `${r.state}:${r.official}`), ['REQUEST_CHANGES:false', 'APPROVED:true', 'APPROVED:true']);
    assert.deepEqual((await api('GET', `${P}/pulls/1`, 'root')).body.requested_reviewers, []);
  });

  test('ignore stale approvals: after a new commit the approvals stay but do not count', async () => {
    assert.equal((await api('PATCH', `${P}/branch_protections/main`, 'root', { required_approvals: 2, ignore_stale_approvals: true })).status, 200);
    await pushHead({ 'feature.txt': 'two\n' });
    const refused = await merge(1);
    assert.equal(refused.status, 405);
    assert.match(refused.body.message, /needs 2 approvals and has 0/);
    const kept = (await api('GET', `${P}/pulls/1/reviews`, 'root')).body.filter((r: { state: string }) => r.state === 'APPROVED');
    assert.equal(kept.length, 2);
    for (const r of kept) {
      assert.equal(r.stale, true);
      assert.equal(r.dismissed, false);
    }
    // Without the setting the same stale approvals count again.
    assert.equal((await api('PATCH', `${P}/branch_protections/main`, 'root', { ignore_stale_approvals: false, required_approvals: 3 })).status, 200);
    assert.match((await merge(1)).body.message, /needs 3 approvals and has 2/);
  });

  test('dismiss stale approvals: a new commit marks earlier approvals dismissed; fresh approvals let the merge go', async () => {
    assert.equal((await api('PATCH', `${P}/branch_protections/main`, 'root', { required_approvals: 1, dismiss_stale_approvals: true })).status, 200);
    const again = await api('POST', `${P}/pulls/1/reviews`, 'bob', { event: 'APPROVED' });
    assert.equal(again.body.stale, false);
    await pushHead({ 'feature.txt': 'three\n' });
    const after = (await api('GET', `${P}/pulls/1/reviews/${again.body.id}`, 'root')).body;
    assert.equal(after.dismissed, true);
    assert.equal(after.stale, true);
    assert.match((await merge(1)).body.message, /needs 1 approval and has 0/);
    // An admin can take a dismissal back; then it counts (and is dismissed again by hand).
    assert.equal((await api('POST', `${P}/pulls/1/reviews/${again.body.id}/undismissals`, 'bob')).status, 403);
    assert.equal((await api('POST', `${P}/pulls/1/reviews/${again.body.id}/undismissals`, 'root')).body.dismissed, false);
    assert.equal((await api('POST', `${P}/pulls/1/reviews/${again.body.id}/dismissals`, 'root', { message: 'outdated' })).body.dismissed, true);
    assert.equal((await api('POST', `${P}/pulls/1/reviews`, 'carol', { event: 'APPROVED' })).status, 200);
    const merged = await merge(1);
    assert.equal(merged.status, 200, merged.text);
    assert.equal((await api('GET', `${P}/pulls/1`, 'root')).body.merged, true);
  });

  test('merges pass a branch nobody may push to, but the merge allow-list still decides who merges', async () => {
    assert.equal((await api('PATCH', `${P}/branch_protections/main`, 'root', { enable_push: false, required_approvals: 0, enable_merge_whitelist: true, merge_whitelist_usernames: ['carol'] })).status, 200);
    await w.g.ok(['fetch', '-q', 'origin'], { cwd: clone });
    await pushBranch(w, clone, 'second', { 'second.txt': 'two\n' });
    assert.equal((await api('POST', `${P}/pulls`, 'alice', { head: 'second', base: 'main', title: 'Second' })).status, 201);
    await eventually(async () => (await api('GET', `${P}/pulls/2`, 'root')).body.mergeable === true);
    const refused = await merge(2);
    assert.equal(refused.status, 405);
    assert.match(refused.body.message, /not allowed to merge into the protected branch main/);
    const merged = await api('POST', `${P}/pulls/2/merge`, 'carol', { Do: 'merge' });
    assert.equal(merged.status, 200, merged.text);
  });
});
