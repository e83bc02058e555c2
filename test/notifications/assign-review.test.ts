// Threads for the one user an event names (Gitea's IssueChangeAssignee and PullRequestReviewRequest): a new assignee
// and a requested reviewer get an unread thread; watchers, the actor, an unassigned user, a removed request and a user
// who can no longer read the repository when the job runs get none.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, makeUser, type TestHost, ok } from '../helpers/host.ts';
import { holdNotifications, notificationsIdle } from '../../server/services/notification/queue.ts';
import { rawApi } from '../helpers/reset-content.ts';
import * as notificationStore from '../../server/store/notifications.ts';

interface Thread { id: number; unread: boolean; repository: { full_name: string }; subject: { type: string; title: string } }

describe('notifications of assignments and review requests', () => {
  let h: TestHost;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;

  const settle = () => notificationsIdle(h.app);
  const threads = async (auth: string): Promise<Thread[]> => ok(await h.api('GET', '/notifications', { auth })) as Thread[];
  const unread = async (auth: string): Promise<number> => (ok(await h.api('GET', '/notifications/new', { auth })) as { new: number }).new;
  const readAll = async (...tokens: string[]) => {
    for (const t of tokens) assert.equal((await rawApi(h.url, 'PUT', '/api/v1/notifications', t)).status, 205);
  };
  const issue = async (repo: string, title: string): Promise<number> =>
    (ok(await h.api('POST', `/repos/${repo}/issues`, { auth: alice, body: { title } }), 201) as { number: number }).number;
  const collaborator = async (repo: string, name: string) =>
    ok(await h.api('PUT', `/repos/${repo}/collaborators/${name}`, { auth: alice, body: { permission: 'write' } }), 204);

  before(async () => {
    h = await startHost();
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    carol = await makeUser(h, 'carol');
    dave = await makeUser(h, 'dave');
    ok(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'proj', auto_init: true } }), 201);
    ok(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'secret', auto_init: true, private: true } }), 201);
    for (const name of ['bob', 'carol']) await collaborator('alice/proj', name);
    await collaborator('alice/secret', 'bob');
    ok(await h.api('PUT', '/repos/alice/proj/subscription', { auth: dave }));
  });
  after(async () => { await h.stop(); });

  test('a new assignee gets a thread; a watcher, the actor and a self-assignment do not', async () => {
    const n = await issue('alice/proj', 'Assign me');
    await settle();
    await readAll(alice, bob, carol, dave);
    ok(await h.api('POST', `/repos/alice/proj/issues/${n}/assignees`, { auth: alice, body: { assignees: ['bob', 'alice'] } }), 201);
    await settle();
    const [t] = await threads(bob);
    assert.equal(t?.subject.title, 'Assign me');
    assert.equal(t.subject.type, 'Issue');
    assert.equal(t.unread, true);
    assert.equal(await unread(alice), 0, 'the actor, assigning themselves');
    assert.equal(await unread(dave), 0, 'a watcher is not told of an assignment');
    assert.equal(await unread(carol), 0);
    // an edit that assigns carol tells carol; one that unassigns bob tells nobody
    await readAll(bob);
    ok(await h.api('PATCH', `/repos/alice/proj/issues/${n}`, { auth: alice, body: { assignees: ['alice', 'carol'] } }), 201);
    await settle();
    assert.equal((await threads(carol))[0]?.subject.title, 'Assign me');
    assert.equal(await unread(bob), 0, 'an unassigned user gets nothing');
    assert.equal(await unread(dave), 0);
  });

  test('a requested reviewer gets a Pull thread; removing the request gives nothing', async () => {
    const file = { content: Buffer.from('x\n').toString('base64'), branch: 'main', new_branch: 'topic', message: 'add x' };
    ok(await h.api('POST', '/repos/alice/proj/contents/x.txt', { auth: alice, body: file }), 201);
    const pr = ok(await h.api('POST', '/repos/alice/proj/pulls', { auth: alice, body: { head: 'topic', base: 'main', title: 'Review me' } }), 201) as { number: number };
    await settle();
    await readAll(alice, bob, carol, dave);
    ok(await h.api('POST', `/repos/alice/proj/pulls/${pr.number}/requested_reviewers`, { auth: alice, body: { reviewers: ['carol'] } }), 201);
    await settle();
    const [t] = await threads(carol);
    assert.equal(t?.subject.type, 'Pull');
    assert.equal(t.subject.title, 'Review me');
    for (const other of [alice, bob, dave]) assert.equal(await unread(other), 0);
    await readAll(carol);
    ok(await h.api('DELETE', `/repos/alice/proj/pulls/${pr.number}/requested_reviewers`, { auth: alice, body: { reviewers: ['carol'] } }), 204);
    await settle();
    assert.equal(await unread(carol), 0);
  });

  test('an assignee who cannot read the repository when the job runs gets no thread', async () => {
    const n = await issue('alice/secret', 'Hidden');
    await settle();
    const release = holdNotifications(h.app);
    ok(await h.api('POST', `/repos/alice/secret/issues/${n}/assignees`, { auth: alice, body: { assignees: ['bob'] } }), 201);
    ok(await h.api('DELETE', '/repos/alice/secret/collaborators/bob', { auth: alice }), 204);
    release();
    await settle();
    const bobId = (ok(await h.api('GET', '/user', { auth: bob })) as { id: number }).id;
    assert.equal(await notificationStore.count(h.app.store, bobId, { repoId: (ok(await h.api('GET', '/repos/alice/secret', { auth: alice })) as { id: number }).id }), 0);
  });
});
