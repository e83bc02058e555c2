// Gitea's unit rules on the issue routes: a pull request's number is guarded by the pull-request unit and an
// issue's by the issues unit, on every issue route (the issue, its comments, timeline, reactions, labels, and the
// comment routes by comment id); the list shows only the readable unit's items and a `type` of a closed unit is
// 404; labels and milestones answer while either unit is on. Two repositories: issues off with pulls on, and
// pulls off with issues on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, newRepo, pullWorld, pushBranch, type PullWorld } from '../pulls/helpers.ts';

describe('issue routes and the issues and pull-request units', () => {
  let w: PullWorld;
  const api = (method: string, p: string, body?: unknown) => w.h.api(method, `/repos/root/${p}`, { auth: w.token, ...(body ? { body } : {}) });
  const status = async (method: string, p: string, body?: unknown) => (await api(method, p, body)).status;
  const openPull = async (repo: string) => {
    const dir = await cloneOf(w, 'root', repo);
    await pushBranch(w, dir, 'topic', { 't.txt': 't\n' });
    const r = await api('POST', `${repo}/pulls`, { head: 'topic', base: 'main', title: 'a change' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return (r.body as { number: number }).number;
  };
  let pullsOnlyComment = 0;
  let issuesOnlyPullComment = 0;

  before(async () => {
    w = await pullWorld();
    await newRepo(w, 'pulls-only');
    await newRepo(w, 'issues-only');
    assert.equal(await openPull('pulls-only'), 1);
    pullsOnlyComment = (await api('POST', 'pulls-only/issues/1/comments', { body: 'on the pull request' })).body.id as number;
    assert.equal(await status('PATCH', 'pulls-only', { has_issues: false }), 200);
    assert.equal(await openPull('issues-only'), 1);
    issuesOnlyPullComment = (await api('POST', 'issues-only/issues/1/comments', { body: 'on the pull request' })).body.id as number;
    assert.equal(await status('POST', 'issues-only/issues', { title: 'an issue' }), 201);
    assert.equal(await status('PATCH', 'issues-only', { has_pull_requests: false }), 200);
  });
  after(async () => { await w.stop(); });

  test('issues off, pulls on: the pull request answers on the issue routes, issues do not', async () => {
    assert.equal(((await api('GET', 'pulls-only/issues/1')).body as { pull_request: unknown }).pull_request !== null, true);
    assert.equal(await status('GET', 'pulls-only/issues/1/comments'), 200);
    assert.equal(await status('POST', 'pulls-only/issues/1/comments', { body: 'again' }), 201);
    assert.equal(await status('GET', 'pulls-only/issues/1/timeline'), 200);
    assert.equal(await status('POST', 'pulls-only/issues/1/reactions', { content: 'heart' }), 201);
    assert.equal(await status('GET', `pulls-only/issues/comments/${pullsOnlyComment}`), 200);
    assert.equal(await status('PATCH', `pulls-only/issues/comments/${pullsOnlyComment}`, { body: 'edited' }), 200);
    assert.equal(await status('GET', `pulls-only/issues/comments/${pullsOnlyComment}/reactions`), 200);
    assert.equal(await status('PATCH', 'pulls-only/issues/1', { title: 'renamed through the issue route' }), 201);
    const list = await api('GET', 'pulls-only/issues?state=all');
    assert.equal(list.status, 200);
    assert.deepEqual((list.body as { number: number }[]).map((i) => i.number), [1], 'only pull requests are listed');
    assert.equal(await status('GET', 'pulls-only/issues?type=issues'), 404);
    assert.equal(await status('GET', 'pulls-only/issues?type=pulls'), 200);
    assert.equal(await status('POST', 'pulls-only/issues', { title: 'no issues here' }), 404);
    assert.equal(await status('GET', 'pulls-only/labels'), 200, 'labels serve pull requests too');
    assert.equal(await status('POST', 'pulls-only/milestones', { title: 'v1' }), 201);
  });

  test('pulls off, issues on: the pull request is not found on the issue routes, issues are', async () => {
    for (const p of ['issues/1', 'issues/1/comments', 'issues/1/timeline', 'issues/1/reactions', 'issues/1/labels', `issues/comments/${issuesOnlyPullComment}`, `issues/comments/${issuesOnlyPullComment}/reactions`]) {
      assert.equal(await status('GET', `issues-only/${p}`), 404, p);
    }
    assert.equal(await status('POST', 'issues-only/issues/1/comments', { body: 'hidden' }), 404);
    assert.equal(await status('PATCH', 'issues-only/issues/1', { title: 'hidden' }), 404);
    assert.equal(await status('DELETE', `issues-only/issues/comments/${issuesOnlyPullComment}`), 404);
    assert.equal(await status('GET', 'issues-only/issues/2'), 200);
    assert.equal(await status('POST', 'issues-only/issues/2/comments', { body: 'fine' }), 201);
    const list = await api('GET', 'issues-only/issues?state=all');
    assert.deepEqual((list.body as { number: number }[]).map((i) => i.number), [2], 'only issues are listed');
    assert.equal(await status('GET', 'issues-only/issues?type=pulls'), 404);
    assert.equal(await status('GET', 'issues-only/issues/comments/999999'), 404);
  });

  test('both off: every issue route is 404', async () => {
    assert.equal(await status('PATCH', 'pulls-only', { has_pull_requests: false }), 200);
    for (const p of ['issues', 'issues/1', 'labels', 'milestones', `issues/comments/${pullsOnlyComment}`]) assert.equal(await status('GET', `pulls-only/${p}`), 404, p);
    assert.equal(await status('PATCH', 'pulls-only', { has_pull_requests: true }), 200);
  });
});
