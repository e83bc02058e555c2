// The repository-wide comment list (GET /repos/{owner}/{repo}/issues/comments) under Gitea's unit rules
// (ListRepoIssueComments): with the pull-request unit off it gives no pull-request comments, with the issues unit
// off no issue comments, with both off it is 404 like every issue route.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, newRepo, pullWorld, pushBranch, type PullWorld } from '../pulls/helpers.ts';

describe('repository comment list and the issues and pull-request units', () => {
  let w: PullWorld;
  const api = (method: string, p: string, body?: unknown) => w.h.api(method, `/repos/root/mixed${p}`, { auth: w.token, ...(body ? { body } : {}) });
  const bodies = async (): Promise<string[]> => {
    const r = await api('GET', '/issues/comments');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.headers.get('x-total-count'), String((r.body as unknown[]).length));
    return (r.body as { body: string }[]).map((c) => c.body).sort();
  };

  before(async () => {
    w = await pullWorld();
    await newRepo(w, 'mixed');
    const dir = await cloneOf(w, 'root', 'mixed');
    await pushBranch(w, dir, 'topic', { 't.txt': 't\n' });
    const pr = await api('POST', '/pulls', { head: 'topic', base: 'main', title: 'a change' });
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    const issue = await api('POST', '/issues', { title: 'an issue' });
    assert.equal(issue.status, 201);
    assert.equal((await api('POST', '/issues/1/comments', { body: 'on the pull request' })).status, 201);
    assert.equal((await api('POST', `/issues/${(issue.body as { number: number }).number}/comments`, { body: 'on the issue' })).status, 201);
  });
  after(async () => { await w.stop(); });

  test('both units on: every comment', async () => {
    assert.deepEqual(await bodies(), ['on the issue', 'on the pull request']);
  });

  test('pulls off: only the issue comments', async () => {
    assert.equal((await api('PATCH', '', { has_pull_requests: false })).status, 200);
    assert.deepEqual(await bodies(), ['on the issue']);
    assert.equal((await api('PATCH', '', { has_pull_requests: true })).status, 200);
  });

  test('issues off: only the pull-request comments', async () => {
    assert.equal((await api('PATCH', '', { has_issues: false })).status, 200);
    assert.deepEqual(await bodies(), ['on the pull request']);
    assert.equal((await api('PATCH', '', { has_pull_requests: false })).status, 200);
    assert.equal((await api('GET', '/issues/comments')).status, 404, 'both off: 404');
    assert.equal((await api('PATCH', '', { has_issues: true, has_pull_requests: true })).status, 200);
  });
});
