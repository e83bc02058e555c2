// Notification threads over HTTP: events from two users give watchers, posters and mentioned users a thread (never the
// actor), a new event marks it unread again, marking read, pinning and counts, repository lists, a private repository's
// threads hidden once the reader loses access, token scopes, deletions, gitea-js as a client, and a merged pull request.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, makeUser, pw, refused, ADMIN, type TestHost, ok } from '../helpers/host.ts';
import { notificationsIdle } from '../../server/services/notification/queue.ts';
import { rawApi } from '../helpers/reset-content.ts';
import * as notificationStore from '../../server/store/notifications.ts';

interface Thread {
  id: number; unread: boolean; pinned: boolean; updated_at: string; url: string;
  repository: { full_name: string };
  subject: { type: string; state: string; title: string; url: string; html_url: string; latest_comment_url: string; latest_comment_html_url: string };
}

describe('notifications', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;
  let carol: string;

  /** Gitea's refusal body with the status. */
  const settle = () => notificationsIdle(h.app);
  /** PATCH or PUT with its 205 body (fetch drops the body of a 205). */
  const mark = (method: 'PATCH' | 'PUT', p: string, auth: string) => rawApi(h.url, method, `/api/v1${p}`, auth);
  const threads = async (auth: string, query = ''): Promise<Thread[]> => ok(await h.api('GET', `/notifications${query}`, { auth })) as Thread[];
  const unread = async (auth: string): Promise<number> => (ok(await h.api('GET', '/notifications/new', { auth })) as { new: number }).new;
  const issue = async (auth: string, repo: string, title: string, body = ''): Promise<number> =>
    (ok(await h.api('POST', `/repos/${repo}/issues`, { auth, body: { title, body } }), 201) as { number: number }).number;
  const comment = async (auth: string, repo: string, n: number, body: string) => ok(await h.api('POST', `/repos/${repo}/issues/${n}/comments`, { auth, body: { body } }), 201);
  const createRepo = async (auth: string, name: string, extra: Record<string, unknown> = {}) =>
    ok(await h.api('POST', '/user/repos', { auth, body: { name, auto_init: true, ...extra } }), 201);

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    carol = await makeUser(h, 'carol');
    await createRepo(alice, 'proj');
    await createRepo(alice, 'other');
    await createRepo(alice, 'secret', { private: true });
    ok(await h.api('PUT', '/repos/alice/proj/subscription', { auth: bob }));
  });
  after(async () => { await h.stop(); });

  test('an issue opened by bob gives the watching owner an unread thread, and bob none', async () => {
    const n = await issue(bob, 'alice/proj', 'First bug', 'it breaks');
    await settle();
    assert.equal(await unread(bob), 0);
    assert.equal(await unread(alice), 1);
    const [t] = await threads(alice);
    assert.ok(t);
    assert.equal(t.unread, true);
    assert.equal(t.pinned, false);
    assert.equal(t.repository.full_name, 'alice/proj');
    assert.equal(t.subject.type, 'Issue');
    assert.equal(t.subject.state, 'open');
    assert.equal(t.subject.title, 'First bug');
    assert.equal(t.subject.url, `${h.url}/api/v1/repos/alice/proj/issues/${n}`);
    assert.equal(t.subject.html_url, `${h.url}/alice/proj/issues/${n}`);
    assert.equal(t.url, `${h.url}/api/v1/notifications/threads/${t.id}`);
    assert.deepEqual(ok(await h.api('GET', `/notifications/threads/${t.id}`, { auth: alice })), t);
  });

  test('mark read, then a new comment makes the same thread unread again; the poster hears the owner', async () => {
    const [t] = await threads(alice);
    const read = ok(await mark('PATCH', `/notifications/threads/${t!.id}`, alice), 205) as Thread;
    assert.equal(read.unread, false);
    assert.equal(await unread(alice), 0);
    assert.deepEqual(await threads(alice), []);
    await new Promise((r) => setTimeout(r, 1100));
    const c = await comment(bob, 'alice/proj', 1, 'more detail') as { id: number };
    await settle();
    const [again] = await threads(alice);
    assert.equal(again!.id, t!.id);
    assert.equal(again!.unread, true);
    assert.ok(again!.updated_at > t!.updated_at);
    assert.equal(again!.subject.latest_comment_url, `${h.url}/api/v1/repos/alice/proj/issues/comments/${c.id}`);
    assert.equal(await unread(bob), 0);
    await comment(alice, 'alice/proj', 1, 'thanks');
    await settle();
    assert.equal(await unread(bob), 1);
    assert.equal((await threads(bob))[0]!.id !== t!.id, true);
  });

  test('an @mention reaches a user who neither watches nor took part; closing shows the state', async () => {
    await comment(bob, 'alice/proj', 1, 'cc @carol');
    await settle();
    const [t] = await threads(carol);
    assert.equal(t!.subject.title, 'First bug');
    ok(await h.api('PATCH', '/repos/alice/proj/issues/1', { auth: alice, body: { state: 'closed' } }), 201);
    await settle();
    assert.equal((await threads(bob))[0]!.subject.state, 'closed');
  });

  test('mark all read (205 with the threads changed), pin, statuses and subject filters, since and before', async () => {
    const changed = ok(await mark('PUT', '/notifications', bob), 205) as Thread[];
    assert.equal(changed.length, 1);
    assert.equal(changed[0]!.unread, false);
    assert.equal(await unread(bob), 0);
    assert.deepEqual(await threads(bob), []);
    const all = await threads(bob, '?all=true');
    assert.equal(all.length, 1);
    const pinned = ok(await mark('PATCH', `/notifications/threads/${all[0]!.id}?to-status=pinned`, bob), 205) as Thread;
    assert.equal(pinned.pinned, true);
    assert.equal(pinned.unread, false);
    assert.equal((await threads(bob)).length, 1, 'pinned threads are listed by default');
    assert.equal((await threads(bob, '?status-types=read')).length, 0);
    assert.equal((await threads(bob, '?status-types=pinned&status-types=read')).length, 1);
    assert.equal((await threads(bob, '?all=true&subject-type=pull')).length, 0);
    assert.equal((await threads(bob, '?all=true&subject-type=issue')).length, 1);
    assert.equal((await threads(bob, '?all=true&since=2999-01-01T00:00:00Z')).length, 0);
    assert.equal((await threads(bob, '?all=true&before=2999-01-01T00:00:00Z')).length, 1);
    refused(await h.api('GET', '/notifications?since=yesterday', { auth: bob }), 422);
    refused(await mark('PUT', '/notifications?last_read_at=yesterday', bob), 400);
    // a thread updated after last_read_at is left alone
    ok(await mark('PATCH', `/notifications/threads/${all[0]!.id}?to-status=unread`, bob), 205);
    assert.deepEqual(ok(await mark('PUT', '/notifications?last_read_at=2000-01-01T00:00:00Z', bob), 205), []);
    assert.equal(await unread(bob), 1);
  });

  test('repository lists and marks only its own threads', async () => {
    await issue(bob, 'alice/other', 'Elsewhere');
    await settle();
    assert.equal(await unread(alice), 2);
    const proj = ok(await h.api('GET', '/repos/alice/proj/notifications', { auth: alice })) as Thread[];
    assert.deepEqual(proj.map((t) => t.repository.full_name), ['alice/proj']);
    const marked = ok(await mark('PUT', '/repos/alice/other/notifications', alice), 205) as Thread[];
    assert.deepEqual(marked.map((t) => t.subject.title), ['Elsewhere']);
    assert.equal(await unread(alice), 1);
    assert.equal((ok(await h.api('GET', '/repos/alice/other/notifications?all=true', { auth: alice })) as Thread[]).length, 1);
    refused(await h.api('GET', '/repos/alice/secret/notifications', { auth: bob }), 404);
  });

  test('a private repository: a mention without access gives nothing; a reader who loses access stops seeing the thread', async () => {
    ok(await h.api('PUT', '/repos/alice/secret/collaborators/carol', { auth: alice, body: { permission: 'read' } }), 204);
    ok(await h.api('PUT', '/repos/alice/secret/subscription', { auth: carol }));
    const before = await unread(bob);
    await issue(alice, 'alice/secret', 'Hidden plan', 'ping @bob');
    await settle();
    assert.equal(await unread(bob), before);
    const mine = (await threads(carol)).filter((t) => t.repository.full_name === 'alice/secret');
    assert.equal(mine.length, 1);
    const id = mine[0]!.id;
    const count = await unread(carol);
    ok(await h.api('DELETE', '/repos/alice/secret/collaborators/carol', { auth: alice }), 204);
    assert.equal(await unread(carol), count - 1);
    assert.ok((await threads(carol, '?all=true')).every((t) => t.repository.full_name !== 'alice/secret'));
    refused(await h.api('GET', `/notifications/threads/${id}`, { auth: carol }), 404);
    refused(await mark('PATCH', `/notifications/threads/${id}`, carol), 404);
    ok(await h.api('PUT', '/repos/alice/secret/collaborators/carol', { auth: alice, body: { permission: 'read' } }), 204);
    assert.equal(await unread(carol), count);
  });

  test('refusals: another user\'s thread is 403 (an admin may), unknown 404, no token 401, token scopes, public-only', async () => {
    const [t] = await threads(alice, '?all=true');
    refused(await h.api('GET', `/notifications/threads/${t!.id}`, { auth: bob }), 403);
    refused(await mark('PATCH', `/notifications/threads/${t!.id}`, bob), 403);
    ok(await h.api('GET', `/notifications/threads/${t!.id}`, { auth: root }));
    refused(await h.api('GET', '/notifications/threads/999999', { auth: alice }), 404);
    refused(await h.api('GET', '/notifications/threads/nope', { auth: alice }), 404);
    refused(await h.api('GET', '/notifications'), 401);
    refused(await h.api('GET', '/notifications/new'), 401);
    const repoOnly = await createToken(h, 'carol', pw('carol'), ['read:repository']);
    refused(await h.api('GET', '/notifications', { auth: repoOnly }), 403);
    refused(await h.api('GET', '/repos/alice/proj/notifications', { auth: repoOnly }), 403);
    const readOnly = await createToken(h, 'carol', pw('carol'), ['read:notification']);
    ok(await h.api('GET', '/notifications/new', { auth: readOnly }));
    refused(await mark('PUT', '/notifications', readOnly), 403);
    refused(await mark('PATCH', `/notifications/threads/${t!.id}`, readOnly), 403);
    const writer = await createToken(h, 'carol', pw('carol'), ['write:notification']);
    ok(await mark('PUT', '/notifications?status-types=pinned', writer), 205);
    const publicOnly = await createToken(h, 'carol', pw('carol'), ['read:notification', 'public-only']);
    const seen = ok(await h.api('GET', '/notifications?all=true', { auth: publicOnly })) as Thread[];
    assert.ok(seen.length > 0);
    assert.ok(seen.every((x) => x.repository.full_name !== 'alice/secret'));
    assert.ok((await threads(carol, '?all=true')).some((x) => x.repository.full_name === 'alice/secret'));
  });

  test('a published release notifies watchers; deleting a repository or a user removes their threads', async () => {
    ok(await h.api('POST', '/repos/alice/proj/releases', { auth: alice, body: { tag_name: 'v1', name: 'One', target_commitish: 'main' } }), 201);
    await settle();
    const [rel] = await threads(bob, '?subject-type=release');
    assert.equal(rel!.subject.type, 'Release');
    assert.equal(rel!.subject.html_url, `${h.url}/alice/proj/releases/tag/v1`);
    ok(await h.api('DELETE', '/repos/alice/other', { auth: alice }), 204);
    assert.ok((await threads(alice, '?all=true')).every((t) => t.repository.full_name !== 'alice/other'));
    const bobId = (ok(await h.api('GET', '/user', { auth: bob })) as { id: number }).id;
    assert.ok(await notificationStore.count(h.app.store, bobId, {}) > 0);
    ok(await h.api('DELETE', '/admin/users/bob?purge=true', { auth: root }), 204);
    // nothing over HTTP names a deleted user's threads: the store answers
    assert.equal(await notificationStore.count(h.app.store, bobId, {}), 0);
  });

  test('gitea-js: list, count, read one, read all, repository list', async () => {
    const dave = await makeUser(h, 'dave');
    ok(await h.api('PUT', '/repos/alice/proj/subscription', { auth: dave }));
    await issue(alice, 'alice/proj', 'For dave');
    await settle();
    const api = giteaApi(h.url, { token: dave });
    assert.equal((await api.notifications.notifyNewAvailable()).data.new, 1);
    const list = await api.notifications.notifyGetList({ 'status-types': ['unread'], limit: 10 });
    assert.equal(list.data.length, 1);
    const id = String(list.data[0]!.id);
    assert.equal((await api.notifications.notifyGetThread(id)).data.subject?.title, 'For dave');
    assert.equal((await api.notifications.notifyReadThread(id, { 'to-status': 'pinned' })).status, 205);
    assert.equal((await api.repos.notifyGetRepoList('alice', 'proj', { all: true })).data.length, 1);
    const marked = await api.notifications.notifyReadList({ 'status-types': ['pinned'], 'to-status': 'read' });
    assert.equal(marked.status, 205);
    assert.equal((await api.repos.notifyReadRepoList('alice', 'proj', { all: 'true', 'to-status': 'unread' })).status, 205);
    assert.equal((await api.notifications.notifyNewAvailable()).data.new, 1);
  });

  test('a pull request opened and merged: a Pull thread, merged state, unread again', async () => {
    const file = { content: Buffer.from('new\n').toString('base64'), branch: 'main', new_branch: 'feature', message: 'add a file' };
    ok(await h.api('POST', '/repos/alice/proj/contents/new.txt', { auth: alice, body: file }), 201);
    const pr = ok(await h.api('POST', '/repos/alice/proj/pulls', { auth: alice, body: { head: 'feature', base: 'main', title: 'Add a file' } }), 201) as { number: number };
    await settle();
    const dave = await createToken(h, 'dave', pw('dave'));
    const opened = (await threads(dave)).find((t) => t.subject.type === 'Pull');
    assert.ok(opened);
    assert.equal(opened.subject.state, 'open');
    assert.equal(opened.subject.html_url, `${h.url}/alice/proj/pulls/${pr.number}`);
    ok(await mark('PATCH', `/notifications/threads/${opened.id}`, dave), 205);
    ok(await h.api('POST', `/repos/alice/proj/pulls/${pr.number}/merge`, { auth: alice, body: { Do: 'merge' } }));
    await settle();
    const merged = (await threads(dave)).find((t) => t.id === opened.id);
    assert.ok(merged);
    assert.equal(merged.unread, true);
    assert.equal(merged.subject.state, 'merged');
    assert.equal((await threads(dave, '?subject-type=pull')).length, 1);
  });
});
