// Activity feeds over HTTP: each recorded action type (repository creation, rename and transfer, pushes of branches
// and tags by the real git client, deletions, issues, pull requests, comments, reviews, merges, releases), who sees
// what (private repositories, collaborators, watchers, hidden activity, public-only tokens), the four routes' paging
// and 404s, and the removal of actions with their repository or user.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, makeUser, pw, ADMIN, type TestHost, ok } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { mismatches } from '../structs/checked.ts';
import { Activity } from '../../server/structs/activity.ts';
import { z } from 'zod';
import * as feedStore from '../../server/store/feed-actions.ts';
import { feedsIdle } from '../../server/services/feed/record.ts';

interface Act {
  id: number; user_id: number; op_type: string; act_user_id: number; act_user: { login: string }; repo_id: number;
  repo: { full_name: string }; comment_id: number; comment?: { body: string }; ref_name: string; is_private: boolean; content: string; created: string;
}

describe('activity feeds', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  let alice: string;
  let bob: string;
  let carol: string;

  const feed = async (p: string, auth?: string): Promise<Act[]> => {
    const body = ok(await h.api('GET', p, auth ? { auth } : {})) as Act[];
    assert.deepEqual(mismatches(z.array(Activity), body), []);
    return body;
  };
  const ops = (list: Act[]) => list.map((a) => a.op_type);
  const createRepo = async (auth: string, name: string, extra: Record<string, unknown> = {}) =>
    ok(await h.api('POST', '/user/repos', { auth, body: { name, auto_init: true, ...extra } }), 201);

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    carol = await makeUser(h, 'carol');
  });
  after(async () => {
    await h.stop();
    await g.dispose();
  });

  test('creating a repository is in the creator\'s feed and the repository\'s', async () => {
    await createRepo(alice, 'proj');
    const mine = await feed('/users/alice/activities/feeds', alice);
    const created = mine.find((a) => a.op_type === 'create_repo');
    assert.ok(created);
    assert.equal(created.repo.full_name, 'alice/proj');
    assert.equal(created.act_user.login, 'alice');
    assert.equal(created.is_private, false);
    assert.ok(ops(await feed('/repos/alice/proj/activities/feeds')).includes('create_repo'));
  });

  test('a real git push records commit_repo with Gitea\'s PushCommits content; new branches, tags and deletions too', async () => {
    ok(await h.api('PUT', '/repos/alice/proj/subscription', { auth: bob }));
    const dir = path.join(g.dir, 'proj');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/alice/proj.git`, 'alice', pw('alice')), dir]);
    for (let i = 1; i <= 7; i++) await commitFiles(g, dir, { [`f${i}.txt`]: `${i}` }, `change ${i}`);
    await g.ok(['push', '-q', 'origin', 'main'], { cwd: dir });
    const pushed = (await feed('/users/alice/activities/feeds?only-performed-by=true', alice)).find((a) => a.op_type === 'commit_repo');
    assert.ok(pushed);
    assert.equal(pushed.ref_name, 'refs/heads/main');
    const content = JSON.parse(pushed.content) as { Commits: { Message: string; Sha1: string }[]; HeadCommit: { Sha1: string }; CompareURL: string; Len: number };
    assert.equal(content.Len, 7);
    assert.equal(content.Commits.length, 5, 'at most five commits are listed');
    assert.equal(content.Commits[0]!.Message.trim(), 'change 7');
    assert.equal(content.HeadCommit.Sha1, content.Commits[0]!.Sha1);
    assert.match(content.CompareURL, /^alice\/proj\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/);
    // the watcher's feed shows it too, as Gitea's NotifyWatchers writes it (after the push has answered)
    await feedsIdle(h.app);
    const watched = (await feed('/users/bob/activities/feeds', bob)).find((a) => a.id !== pushed.id && a.op_type === 'commit_repo');
    assert.ok(watched);
    assert.equal(watched.user_id, (ok(await h.api('GET', '/users/bob')) as { id: number }).id);

    await g.ok(['push', '-q', 'origin', 'main:feature'], { cwd: dir });
    await g.ok(['tag', 'v1'], { cwd: dir });
    await g.ok(['push', '-q', 'origin', 'v1'], { cwd: dir });
    await g.ok(['push', '-q', 'origin', ':feature'], { cwd: dir });
    await g.ok(['push', '-q', 'origin', ':refs/tags/v1'], { cwd: dir });
    const recent = await feed('/repos/alice/proj/activities/feeds?limit=5', alice);
    assert.deepEqual(ops(recent), ['delete_tag', 'delete_branch', 'push_tag', 'commit_repo', 'commit_repo']);
    assert.equal(recent[2]!.ref_name, 'refs/tags/v1');
    assert.equal(recent[1]!.ref_name, 'refs/heads/feature');
    // a new branch: Gitea's CreateRef (no content) and PushCommits (no compare path)
    assert.equal(recent[4]!.content, '');
    assert.equal((JSON.parse(recent[3]!.content) as { CompareURL: string }).CompareURL, '');
  });

  test('issues, comments, closing and reopening', async () => {
    const n = (ok(await h.api('POST', '/repos/alice/proj/issues', { auth: bob, body: { title: 'Broken <b>', body: 'x' } }), 201) as { number: number }).number;
    const c = ok(await h.api('POST', `/repos/alice/proj/issues/${n}/comments`, { auth: bob, body: { body: `first line\n${'y'.repeat(300)}` } }), 201) as { id: number };
    ok(await h.api('PATCH', `/repos/alice/proj/issues/${n}`, { auth: alice, body: { state: 'closed' } }), 201);
    ok(await h.api('PATCH', `/repos/alice/proj/issues/${n}`, { auth: alice, body: { state: 'open' } }), 201);
    const list = await feed('/repos/alice/proj/activities/feeds?limit=4', alice);
    assert.deepEqual(ops(list), ['reopen_issue', 'close_issue', 'comment_issue', 'create_issue']);
    assert.equal(list[3]!.content, `${n}|Broken <b>`);
    assert.equal(list[2]!.comment_id, c.id);
    assert.equal(list[2]!.comment?.body.startsWith('first line'), true);
    assert.ok(list[2]!.content.endsWith('…'));
    assert.equal(list[1]!.content, `${n}|`);
  });

  test('pull requests: opened, commented, reviewed, closed, reopened and merged', async () => {
    ok(await h.api('POST', '/repos/alice/proj/branches', { auth: alice, body: { new_branch_name: 'topic', old_branch_name: 'main' } }), 201);
    ok(await h.api('POST', '/repos/alice/proj/contents/topic.txt', { auth: alice, body: { content: Buffer.from('t').toString('base64'), branch: 'topic', message: 'topic' } }), 201);
    const pr = ok(await h.api('POST', '/repos/alice/proj/pulls', { auth: alice, body: { head: 'topic', base: 'main', title: 'Add topic' } }), 201) as { number: number };
    ok(await h.api('POST', `/repos/alice/proj/issues/${pr.number}/comments`, { auth: bob, body: { body: 'looks fine' } }), 201);
    ok(await h.api('POST', `/repos/alice/proj/pulls/${pr.number}/reviews`, { auth: bob, body: { event: 'REQUEST_CHANGES', body: 'fix it\nplease' } }), 200);
    ok(await h.api('POST', `/repos/alice/proj/pulls/${pr.number}/reviews`, { auth: bob, body: { event: 'APPROVED', body: 'good' } }), 200);
    ok(await h.api('PATCH', `/repos/alice/proj/pulls/${pr.number}`, { auth: alice, body: { state: 'closed' } }), 201);
    ok(await h.api('PATCH', `/repos/alice/proj/pulls/${pr.number}`, { auth: alice, body: { state: 'open' } }), 201);
    ok(await h.api('POST', `/repos/alice/proj/pulls/${pr.number}/merge`, { auth: alice, body: { Do: 'merge' } }), 200);
    const all = ops(await feed('/repos/alice/proj/activities/feeds?limit=20', alice));
    const prOps = all.filter((o) => /pull/.test(o));
    assert.deepEqual(prOps.slice(0, 7), ['merge_pull_request', 'reopen_pull_request', 'close_pull_request', 'approve_pull_request', 'reject_pull_request', 'comment_pull', 'create_pull_request']);
    const rejected = (await feed('/repos/alice/proj/activities/feeds?limit=20', alice)).find((a) => a.op_type === 'reject_pull_request');
    assert.equal(rejected?.content, `${pr.number}|fix it`);
  });

  test('releases, renames and transfers', async () => {
    ok(await h.api('POST', '/repos/alice/proj/releases', { auth: alice, body: { tag_name: 'v2', name: 'Second' } }), 201);
    const rel = (await feed('/repos/alice/proj/activities/feeds?limit=5', alice)).find((a) => a.op_type === 'publish_release');
    assert.equal(rel?.content, 'Second');
    assert.equal(rel?.ref_name, 'v2');
    await createRepo(alice, 'moving');
    ok(await h.api('PATCH', '/repos/alice/moving', { auth: alice, body: { name: 'moved' } }));
    const [renamed] = await feed('/repos/alice/moved/activities/feeds?limit=1', alice);
    assert.equal(renamed?.op_type, 'rename_repo');
    assert.equal(renamed?.content, 'moving');
    ok(await h.api('POST', '/repos/alice/moved/transfer', { auth: root, body: { new_owner: 'carol' } }), 202);
    const [moved] = await feed('/repos/carol/moved/activities/feeds?limit=1', carol);
    assert.equal(moved?.op_type, 'transfer_repo');
    assert.equal(moved?.content, 'alice/moved');
    assert.equal(moved?.act_user.login, ADMIN.username);
  });

  test('a private repository\'s actions: hidden from strangers, shown to collaborators on the repository feed, is_private set', async () => {
    await createRepo(alice, 'secret', { private: true });
    ok(await h.api('POST', '/repos/alice/secret/issues', { auth: alice, body: { title: 'hidden plan' } }), 201);
    const own = await feed('/users/alice/activities/feeds', alice);
    const hidden = own.find((a) => a.repo.full_name === 'alice/secret');
    assert.equal(hidden?.is_private, true);
    for (const who of [carol, undefined]) {
      assert.ok(!(await feed('/users/alice/activities/feeds', who)).some((a) => a.repo.full_name === 'alice/secret'));
    }
    assert.equal((await h.api('GET', '/repos/alice/secret/activities/feeds', { auth: carol })).status, 404);
    ok(await h.api('PUT', '/repos/alice/secret/collaborators/carol', { auth: alice, body: { permission: 'read' } }), 204);
    const seen = await feed('/repos/alice/secret/activities/feeds', carol);
    assert.deepEqual(ops(seen), ['create_issue', 'create_repo']);
    assert.ok(seen.every((a) => a.is_private));
    // Gitea's user feed lists private actions only to the user and site admins
    assert.ok(!(await feed('/users/alice/activities/feeds', carol)).some((a) => a.is_private));
    assert.ok((await feed('/users/alice/activities/feeds', root)).some((a) => a.is_private));
    // access is decided now: once the collaboration ends, the feed is gone again
    ok(await h.api('DELETE', '/repos/alice/secret/collaborators/carol', { auth: alice }), 204);
    assert.equal((await h.api('GET', '/repos/alice/secret/activities/feeds', { auth: carol })).status, 404);
  });

  test('public-only tokens see public actions only; the read:user scope is needed', async () => {
    const pub = await createToken(h, 'alice', pw('alice'), ['read:user', 'read:repository', 'public-only']);
    const list = await feed('/users/alice/activities/feeds', pub);
    assert.ok(list.length > 0);
    assert.ok(list.every((a) => !a.is_private));
    const repoOnly = await createToken(h, 'alice', pw('alice'), ['read:repository']);
    assert.equal((await h.api('GET', '/users/alice/activities/feeds', { auth: repoOnly })).status, 403);
    ok(await h.api('GET', '/repos/alice/proj/activities/feeds', { auth: repoOnly }));
  });

  test('hidden activity and private users are not shown to others', async () => {
    ok(await h.api('PATCH', '/user/settings', { auth: bob, body: { hide_activity: true } }));
    assert.ok(!(await feed('/repos/alice/proj/activities/feeds?limit=50', carol)).some((a) => a.act_user.login === 'bob'));
    assert.ok((await feed('/repos/alice/proj/activities/feeds?limit=50', bob)).some((a) => a.act_user.login === 'bob'));
    ok(await h.api('PATCH', '/user/settings', { auth: bob, body: { hide_activity: false } }));
    ok(await h.api('PATCH', '/admin/users/carol', { auth: root, body: { login_name: 'carol', visibility: 'private' } }));
    assert.equal((await h.api('GET', '/users/carol/activities/feeds', { auth: alice })).status, 404);
    ok(await h.api('GET', '/users/carol/activities/feeds', { auth: carol }));
    ok(await h.api('PATCH', '/admin/users/carol', { auth: root, body: { login_name: 'carol', visibility: 'public' } }));
  });

  test('paging with X-Total-Count and Link, the date filter, and 404s', async () => {
    const res = await h.api('GET', '/repos/alice/proj/activities/feeds?page=2&limit=3', { auth: alice });
    const total = Number(res.headers.get('x-total-count'));
    assert.ok(total > 6);
    assert.equal((res.body as Act[]).length, 3);
    assert.match(res.headers.get('link') ?? '', /rel="next".*rel="last".*rel="first".*rel="prev"/);
    const all = await feed(`/repos/alice/proj/activities/feeds?limit=${total}`, alice);
    assert.deepEqual((res.body as Act[]).map((a) => a.id), all.slice(3, 6).map((a) => a.id));
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    assert.equal((await feed(`/repos/alice/proj/activities/feeds?date=${today}&limit=50`, alice)).length, Math.min(total, 50));
    assert.equal((await feed('/repos/alice/proj/activities/feeds?date=2001-01-01', alice)).length, 0);
    assert.equal((await feed('/repos/alice/proj/activities/feeds?date=not-a-date&limit=1', alice)).length, 1);
    for (const p of ['/users/nobody/activities/feeds', '/repos/alice/none/activities/feeds', '/orgs/none/activities/feeds', '/teams/999999/activities/feeds']) {
      assert.equal((await h.api('GET', p, { auth: root })).status, 404, p);
    }
  });

  test('organization and team feeds: members only for a private organization, team members or owners for a team', async () => {
    ok(await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme', visibility: 'private' } }), 201);
    ok(await h.api('POST', '/orgs/acme/repos', { auth: alice, body: { name: 'tool', auto_init: true } }), 201);
    const orgFeed = await feed('/orgs/acme/activities/feeds', alice);
    assert.ok(orgFeed.some((a) => a.op_type === 'create_repo' && a.repo.full_name === 'acme/tool'));
    assert.equal((await h.api('GET', '/orgs/acme/activities/feeds', { auth: bob })).status, 404);
    const team = ok(await h.api('POST', '/orgs/acme/teams', { auth: alice, body: { name: 'devs', permission: 'read', units: ['repo.code'] } }), 201) as { id: number };
    assert.equal((await h.api('GET', `/teams/${team.id}/activities/feeds`, { auth: bob })).status, 404);
    ok(await h.api('PUT', `/teams/${team.id}/members/bob`, { auth: alice }), 204);
    assert.deepEqual(await feed(`/teams/${team.id}/activities/feeds`, bob), [], 'the team has no repository yet');
    ok(await h.api('PUT', `/teams/${team.id}/repos/acme/tool`, { auth: alice }), 204);
    assert.ok((await feed(`/teams/${team.id}/activities/feeds`, bob)).some((a) => a.repo.full_name === 'acme/tool'));
    assert.ok((await feed(`/teams/${team.id}/activities/feeds`, alice)).length > 0);
    // bob's team reads code only: on a private repository of the team, an issue and its comment stay out of every feed he reads.
    ok(await h.api('POST', '/orgs/acme/repos', { auth: alice, body: { name: 'inner', auto_init: true, private: true } }), 201);
    ok(await h.api('PUT', `/teams/${team.id}/repos/acme/inner`, { auth: alice }), 204);
    ok(await h.api('POST', '/repos/acme/inner/issues', { auth: alice, body: { title: 'issues-only title' } }), 201);
    ok(await h.api('POST', '/repos/acme/inner/issues/1/comments', { auth: alice, body: { body: 'issues-only comment' } }), 201);
    assert.equal((await h.api('GET', '/repos/acme/inner/issues/1', { auth: bob })).status, 404, 'bob cannot read the issues unit');
    assert.deepEqual(ops(await feed('/repos/acme/inner/activities/feeds', alice)).slice(0, 2), ['comment_issue', 'create_issue']);
    for (const p of ['/repos/acme/inner/activities/feeds', `/teams/${team.id}/activities/feeds`, '/orgs/acme/activities/feeds']) {
      const seen = (await feed(p, bob)).filter((a) => a.repo.full_name === 'acme/inner');
      assert.ok(seen.some((a) => a.op_type === 'create_repo'), `${p}: bob sees the repository's creation`);
      assert.deepEqual(seen.filter((a) => /issue/.test(a.op_type)), [], `${p}: no issue actions for a code-only reader`);
    }
  });

  test('deleting a repository or a user removes their actions', async () => {
    ok(await h.api('DELETE', '/repos/alice/secret', { auth: alice }), 204);
    assert.ok(!(await feed('/users/alice/activities/feeds?limit=50', alice)).some((a) => a.repo.full_name === 'alice/secret'));
    const carolId = (ok(await h.api('GET', '/users/carol')) as { id: number }).id;
    ok(await h.api('POST', '/repos/alice/proj/issues', { auth: carol, body: { title: 'from carol' } }), 201);
    await feedsIdle(h.app);
    assert.ok((await feed('/users/alice/activities/feeds?limit=50', alice)).some((a) => a.act_user_id === carolId));
    ok(await h.api('DELETE', '/repos/carol/moved', { auth: carol }), 204);
    ok(await h.api('DELETE', '/admin/users/carol', { auth: root }), 204);
    const left = await feedStore.partiesOf(h.app.store, { userId: carolId });
    assert.equal(left.repoIds.size, 0);
    const byCarol = await feedStore.page(h.app.store, { userId: (ok(await h.api('GET', '/users/alice')) as { id: number }).id }, (_repo, actor) => actor === carolId, { page: 1, limit: 10 });
    assert.equal(byCarol.total, 0);
  });
});
