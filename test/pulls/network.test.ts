/**
 * Forks and pull requests across repositories with the real git client: a fork keeps the object format and names
 * its parent; a pull request from the fork carries its head at refs/pull/{n}/head of the base and follows pushes
 * to the fork; every commit of a pull request carries its files; child pull requests are retargeted to the merged
 * one's target branch when its source branch is deleted (and not when retargeting is off or the merged one came
 * from another repository); pull_request events reach a real receiver.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, commitFiles, newRepo, pullWorld, pushBranch, type PullWorld } from './helpers.ts';
import { createToken } from '../helpers/host.ts';
import { eventually, startReceiver, type Receiver } from '../webhooks/receiver.ts';

const BOB = { username: 'bob', password: 'bob-password-1', email: 'bob@example.com' };

describe('forks, retargeting and pull-request events', () => {
  let w: PullWorld;
  let off: PullWorld;
  let rx: Receiver;
  before(async () => {
    w = await pullWorld();
    off = await pullWorld({ 'repository.pull-request.RETARGET_CHILDREN_ON_MERGE': 'false' });
    rx = await startReceiver();
  });
  after(async () => { await w.stop(); await off.stop(); await rx.close(); });

  test('a pull request from a fork (SHA256), its commits each with their files, and its events', async () => {
    await newRepo(w, 'upstream', 'sha256');
    const hook = await w.h.api('POST', '/repos/root/upstream/hooks', { auth: w.token, body: { type: 'gitea', config: { url: rx.url, content_type: 'json' }, events: ['pull_request', 'fork', 'pull_request_comment'], active: true } });
    assert.equal(hook.status, 201);
    assert.equal((await w.h.api('POST', '/admin/users', { auth: w.token, body: { ...BOB, must_change_password: false } })).status, 201);
    const bob = await createToken(w.h, BOB.username, BOB.password);
    const forked = await w.h.api('POST', '/repos/root/upstream/forks', { auth: bob, body: {} });
    assert.equal(forked.status, 202, JSON.stringify(forked.body));
    assert.equal(forked.body.fork, true);
    assert.equal(forked.body.parent.full_name, 'root/upstream');
    assert.equal(forked.body.object_format_name, 'sha256');
    assert.equal((await w.h.api('POST', '/repos/root/upstream/forks', { auth: bob, body: {} })).status, 409);
    const forks = await w.h.api('GET', '/repos/root/upstream/forks', { auth: bob });
    assert.deepEqual(forks.body.map((r: { full_name: string }) => r.full_name), ['bob/upstream']);

    const dir = await cloneOf(w, 'bob', 'upstream', BOB.username, BOB.password);
    const c1 = await pushBranch(w, dir, 'fix', { 'one.txt': '1\n', 'docs/two.txt': '2\n' }, 'first');
    const c2 = await commitFiles(w, dir, { 'one.txt': '1b\n', 'three.txt': '3\n' }, 'second');
    await w.g.ok(['push', '-q', 'origin', 'fix'], { cwd: dir });
    const pr = await w.h.api('POST', '/repos/root/upstream/pulls', { auth: bob, body: { head: 'bob:fix', base: 'main', title: 'From a fork' } });
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    assert.equal(pr.body.head.label, 'bob:fix');
    assert.equal(pr.body.head.repo.full_name, 'bob/upstream');
    assert.equal(pr.body.head.sha, c2);
    const up = await cloneOf(w, 'root', 'upstream');
    assert.equal((await w.g.ok(['ls-remote', 'origin', 'refs/pull/1/head'], { cwd: up })).split('\t')[0], c2);

    const commits = await w.h.api('GET', '/repos/root/upstream/pulls/1/commits', { auth: w.token });
    assert.equal(commits.status, 200);
    assert.deepEqual(commits.body.map((c: { sha: string }) => c.sha), [c1, c2]);
    const files = commits.body.map((c: { files: { filename: string; status: string }[] }) => c.files.map((f) => `${f.status}:${f.filename}`).sort());
    assert.deepEqual(files, [['added:docs/two.txt', 'added:one.txt'], ['added:three.txt', 'modified:one.txt']]);
    const changed = await w.h.api('GET', '/repos/root/upstream/pulls/1/files', { auth: w.token });
    assert.deepEqual(changed.body.map((f: { filename: string }) => f.filename).sort(), ['docs/two.txt', 'one.txt', 'three.txt']);
    const diff = await w.h.api('GET', '/repos/root/upstream/pulls/1.diff', { auth: w.token });
    assert.match(diff.text, /three\.txt/);

    // A push to the fork moves refs/pull/1/head of the base and announces `synchronized`.
    const c3 = await commitFiles(w, dir, { 'four.txt': '4\n' }, 'third');
    await w.g.ok(['push', '-q', 'origin', 'fix'], { cwd: dir });
    assert.equal((await w.h.api('GET', '/repos/root/upstream/pulls/1', { auth: w.token })).body.head.sha, c3);
    assert.equal((await w.g.ok(['ls-remote', 'origin', 'refs/pull/1/head'], { cwd: up })).split('\t')[0], c3);
    await w.h.api('POST', '/repos/root/upstream/issues/1/comments', { auth: w.token, body: { body: 'looks good' } });
    assert.equal((await w.h.api('POST', '/repos/root/upstream/pulls/1/merge', { auth: w.token, body: { Do: 'merge' } })).status, 200);

    const events = await eventually(async () => {
      const seen = rx.got.map((r) => `${String(r.headers['x-gitea-event-type'])}:${(JSON.parse(r.body) as { action?: string }).action ?? ''}`);
      return seen.includes('pull_request:closed') && seen;
    }, 30_000);
    assert.deepEqual(events, ['fork:', 'pull_request:opened', 'pull_request_sync:synchronized', 'pull_request_comment:created', 'pull_request:closed']);
    const closed = JSON.parse(rx.got.at(-1)!.body);
    assert.equal(closed.pull_request.merged, true);
    assert.equal(closed.pull_request.head.repo.full_name, 'bob/upstream');
  });

  test('children are retargeted to the merged pull request\'s target branch; not across repositories', async () => {
    await newRepo(w, 'stack');
    const dir = await cloneOf(w, 'root', 'stack');
    await pushBranch(w, dir, 'develop', { 'd.txt': 'd\n' });
    await pushBranch(w, dir, 'parent', { 'p.txt': 'p\n' }, 'parent', 'origin/develop');
    await pushBranch(w, dir, 'child', { 'c.txt': 'c\n' }, 'child', 'origin/parent');
    const parent = (await w.h.api('POST', '/repos/root/stack/pulls', { auth: w.token, body: { head: 'parent', base: 'develop', title: 'parent' } })).body;
    const child = (await w.h.api('POST', '/repos/root/stack/pulls', { auth: w.token, body: { head: 'child', base: 'parent', title: 'child' } })).body;
    assert.equal((await w.h.api('POST', `/repos/root/stack/pulls/${parent.number}/merge`, { auth: w.token, body: { Do: 'merge', delete_branch_after_merge: true } })).status, 200);
    const after1 = (await w.h.api('GET', `/repos/root/stack/pulls/${child.number}`, { auth: w.token })).body;
    assert.equal(after1.base.ref, 'develop', 'the merged pull request\'s target, not the default branch');
    assert.equal(after1.state, 'open');

    // Across repositories: a fork's pull request merged into upstream moves nothing in the fork.
    const bob = await createToken(w.h, BOB.username, BOB.password);
    await w.h.api('POST', '/repos/root/stack/forks', { auth: bob, body: {} });
    const fdir = await cloneOf(w, 'bob', 'stack', BOB.username, BOB.password);
    await pushBranch(w, fdir, 'feat', { 'f.txt': 'f\n' }, 'feat', 'origin/main');
    await pushBranch(w, fdir, 'feat-child', { 'g.txt': 'g\n' }, 'feat-child', 'origin/feat');
    const inFork = (await w.h.api('POST', '/repos/bob/stack/pulls', { auth: bob, body: { head: 'feat-child', base: 'feat', title: 'inside the fork' } })).body;
    const cross = (await w.h.api('POST', '/repos/root/stack/pulls', { auth: bob, body: { head: 'bob:feat', base: 'main', title: 'cross' } })).body;
    assert.equal((await w.h.api('POST', `/repos/root/stack/pulls/${cross.number}/merge`, { auth: w.token, body: { Do: 'merge' } })).status, 200);
    assert.equal((await w.h.api('DELETE', '/repos/bob/stack/branches/feat', { auth: bob })).status, 204);
    assert.equal((await w.h.api('GET', `/repos/bob/stack/pulls/${inFork.number}`, { auth: bob })).body.base.ref, 'feat');
  });

  test('retargeting off: the child keeps its target', async () => {
    await newRepo(off, 'stack');
    const dir = await cloneOf(off, 'root', 'stack');
    await pushBranch(off, dir, 'parent', { 'p.txt': 'p\n' });
    await pushBranch(off, dir, 'child', { 'c.txt': 'c\n' }, 'child', 'origin/parent');
    const parent = (await off.h.api('POST', '/repos/root/stack/pulls', { auth: off.token, body: { head: 'parent', base: 'main', title: 'parent' } })).body;
    const child = (await off.h.api('POST', '/repos/root/stack/pulls', { auth: off.token, body: { head: 'child', base: 'parent', title: 'child' } })).body;
    assert.equal((await off.h.api('POST', `/repos/root/stack/pulls/${parent.number}/merge`, { auth: off.token, body: { Do: 'merge', delete_branch_after_merge: true } })).status, 200);
    assert.equal((await off.h.api('GET', `/repos/root/stack/pulls/${child.number}`, { auth: off.token })).body.base.ref, 'parent');
  });
});
