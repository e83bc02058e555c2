/**
 * Pull requests with the real git client: create in one repository, read back, list with filters, the head kept
 * at refs/pull/{n}/head and moved by a push, conflicts found in the bare repository, edit with a base change.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, commitFiles, newRepo, pullWorld, pushBranch, type PullWorld } from './helpers.ts';

describe('pull requests', () => {
  let w: PullWorld;
  before(async () => { w = await pullWorld(); });
  after(async () => { await w.stop(); });

  test('create, get, list, a push to the head updates refs/pull/{n}/head and the check', async () => {
    await newRepo(w, 'pr-basic');
    const dir = await cloneOf(w, 'root', 'pr-basic');
    const first = await pushBranch(w, dir, 'feature', { 'a.txt': 'a\n' }, 'add a');
    const issue = await w.h.api('POST', '/repos/root/pr-basic/issues', { auth: w.token, body: { title: 'an issue first' } });
    assert.equal(issue.status, 201);
    const created = await w.h.api('POST', '/repos/root/pr-basic/pulls', { auth: w.token, body: { head: 'feature', base: 'main', title: 'Add a', body: 'please' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const pr = created.body;
    assert.equal(pr.number, 2, 'pull requests share the issue numbers');
    assert.equal(pr.head.sha, first);
    assert.equal(pr.head.ref, 'feature');
    assert.equal(pr.base.ref, 'main');
    assert.equal(pr.mergeable, true);
    assert.equal(pr.merged, false);
    assert.equal(pr.changed_files, 1);
    assert.equal(pr.additions, 1);
    assert.deepEqual(pr.requested_reviewers, []);
    assert.equal(pr.html_url, `${w.h.url}/root/pr-basic/pulls/2`);
    const ls = await w.g.ok(['ls-remote', 'origin', 'refs/pull/2/head'], { cwd: dir });
    assert.equal(ls.split('\t')[0], first);

    const again = await w.h.api('POST', '/repos/root/pr-basic/pulls', { auth: w.token, body: { head: 'feature', base: 'main', title: 'dup' } });
    assert.equal(again.status, 409);
    const same = await w.h.api('POST', '/repos/root/pr-basic/pulls', { auth: w.token, body: { head: 'main', base: 'main', title: 'same' } });
    assert.equal(same.status, 422);
    const missing = await w.h.api('POST', '/repos/root/pr-basic/pulls', { auth: w.token, body: { head: 'nope', base: 'main', title: 'x' } });
    assert.equal(missing.status, 404);

    const second = await commitFiles(w, dir, { 'b.txt': 'b\n' }, 'add b');
    await w.g.ok(['push', '-q', 'origin', 'feature'], { cwd: dir });
    const got = await w.h.api('GET', '/repos/root/pr-basic/pulls/2', { auth: w.token });
    assert.equal(got.status, 200);
    assert.equal(got.body.head.sha, second);
    assert.equal(got.body.changed_files, 2);
    assert.equal((await w.g.ok(['ls-remote', 'origin', 'refs/pull/2/head'], { cwd: dir })).split('\t')[0], second);

    const byBaseHead = await w.h.api('GET', '/repos/root/pr-basic/pulls/main/feature', { auth: w.token });
    assert.equal(byBaseHead.status, 200);
    assert.equal(byBaseHead.body.number, 2);
    const list = await w.h.api('GET', '/repos/root/pr-basic/pulls?state=open', { auth: w.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((p: { number: number }) => p.number), [2]);
    assert.equal(list.headers.get('x-total-count'), '1');
    const asIssue = await w.h.api('GET', '/repos/root/pr-basic/issues/2', { auth: w.token });
    assert.equal(asIssue.body.pull_request.merged, false);
  });

  test('conflicts are found in the bare repository and a push to the base rechecks', async () => {
    await newRepo(w, 'pr-conflict');
    const dir = await cloneOf(w, 'root', 'pr-conflict');
    await pushBranch(w, dir, 'left', { 'README.md': 'left\n' });
    const created = await w.h.api('POST', '/repos/root/pr-conflict/pulls', { auth: w.token, body: { head: 'left', base: 'main', title: 'left' } });
    assert.equal(created.body.mergeable, true);
    await pushBranch(w, dir, 'main', { 'README.md': 'right\n' }, 'right on main');
    const got = await w.h.api('GET', '/repos/root/pr-conflict/pulls/1', { auth: w.token });
    assert.equal(got.body.mergeable, false);
    assert.deepEqual(got.body.conflicted_files, ['README.md']);
  });
});
