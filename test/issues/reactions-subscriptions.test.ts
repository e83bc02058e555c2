// Reactions on issues and comments, and subscriptions to issues, through HTTP (gitea-js and plain requests):
// Gitea's allowed reactions (403 for others), 201 then 200 for a repeated reaction, locked issues, private
// repositories; explicit subscriptions, participants and repository watchers, and who may change whose.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;
const J = { headers: { 'Content-Type': 'application/json' } };

describe('reactions', () => {
  let h: TestHost;
  let root: string;
  let bobToken: string;
  let admin: Api<unknown>;
  let bob: Api<unknown>;
  let commentId = 0;
  before(async () => {
    h = await startHost({ settings: { 'ui.REACTIONS': '+1, -1, laugh, hooray, confused, heart, rocket, eyes, tada' } });
    root = await createToken(h, ADMIN.username, ADMIN.password);
    admin = client(h, root);
    bobToken = await makeUser(h, 'bob');
    bob = client(h, bobToken);
    await admin.user.createCurrentUserRepo({ name: 'r' });
    await admin.user.createCurrentUserRepo({ name: 'secret', private: true });
    await admin.repos.issueCreateIssue(O, 'r', { title: 'react to me' });
    await admin.repos.issueCreateIssue(O, 'secret', { title: 'hidden' });
    commentId = (await admin.repos.issueCreateComment(O, 'r', 1, { body: 'and to me' })).data.id!;
  });
  after(async () => { await h.stop(); });

  test('add (201), add again (200), list, remove, on an issue and on a comment', async () => {
    const first = await bob.repos.issuePostIssueReaction(O, 'r', 1, { content: 'heart' }, J);
    assert.equal(first.status, 201);
    assert.equal(first.data.content, 'heart');
    assert.equal(first.data.user?.login, 'bob');
    const again = await bob.repos.issuePostIssueReaction(O, 'r', 1, { content: 'heart' }, J);
    assert.equal(again.status, 200);
    await admin.repos.issuePostIssueReaction(O, 'r', 1, { content: '+1' }, J);
    await bob.repos.issuePostIssueReaction(O, 'r', 1, { content: 'tada' }, J);
    const list = await admin.repos.issueGetIssueReactions(O, 'r', 1);
    assert.deepEqual(list.data.map((r) => `${r.user?.login}:${r.content}`), ['bob:heart', `${O}:+1`, 'bob:tada']);
    assert.equal(list.headers.get('x-total-count'), '3');
    const del = await h.api('DELETE', `/repos/${O}/r/issues/1/reactions`, { auth: bobToken, body: { content: 'heart' } });
    assert.equal(del.status, 204);
    assert.deepEqual((await admin.repos.issueGetIssueReactions(O, 'r', 1)).data.map((r) => r.content), ['+1', 'tada']);
    assert.equal((await bob.repos.issuePostCommentReaction(O, 'r', commentId, { content: 'rocket' }, J)).status, 201);
    assert.deepEqual((await admin.repos.issueGetCommentReactions(O, 'r', commentId)).data.map((r) => `${r.user?.login}:${r.content}`), ['bob:rocket']);
    assert.deepEqual((await admin.repos.issueGetIssueReactions(O, 'r', 1)).data.map((r) => r.content), ['+1', 'tada'], 'a comment reaction is not the issue\'s');
    assert.equal((await h.api('DELETE', `/repos/${O}/r/issues/comments/${commentId}/reactions`, { auth: bobToken, body: { content: 'rocket' } })).status, 204);
    assert.deepEqual((await admin.repos.issueGetCommentReactions(O, 'r', commentId)).data, []);
  });

  test('refusals: a reaction not in [ui] REACTIONS is 403; anonymous 401; a locked issue takes writers only; private 404', async () => {
    const odd = await failure(bob.repos.issuePostIssueReaction(O, 'r', 1, { content: 'smile' }, J));
    assert.equal(odd.status, 403);
    assert.equal((await h.api('POST', `/repos/${O}/r/issues/1/reactions`, { body: { content: 'heart' } })).status, 401);
    assert.equal((await h.api('POST', `/repos/${O}/r/issues/1/reactions`, { auth: bobToken, body: {} })).status, 403, 'no content is no allowed reaction');
    assert.equal((await failure(bob.repos.issuePostIssueReaction(O, 'r', 99, { content: 'heart' }, J))).status, 404);
    assert.equal((await failure(bob.repos.issuePostCommentReaction(O, 'r', 999999, { content: 'heart' }, J))).status, 404);
    await h.api('PUT', `/repos/${O}/r/issues/1/lock`, { auth: root, body: { lock_reason: 'heated' } });
    assert.equal((await failure(bob.repos.issuePostIssueReaction(O, 'r', 1, { content: 'eyes' }, J))).status, 403);
    assert.equal((await admin.repos.issuePostIssueReaction(O, 'r', 1, { content: 'eyes' }, J)).status, 201);
    await h.api('DELETE', `/repos/${O}/r/issues/1/lock`, { auth: root });
    assert.equal((await failure(bob.repos.issueGetIssueReactions(O, 'secret', 1))).status, 404);
    assert.equal((await failure(bob.repos.issuePostIssueReaction(O, 'secret', 1, { content: 'heart' }, J))).status, 404);
  });

  test('deleting a comment takes its reactions along', async () => {
    const c = (await admin.repos.issueCreateComment(O, 'r', 1, { body: 'short-lived' })).data.id!;
    await bob.repos.issuePostCommentReaction(O, 'r', c, { content: 'laugh' }, J);
    await admin.repos.issueDeleteComment(O, 'r', c);
    assert.equal((await failure(admin.repos.issueGetCommentReactions(O, 'r', c))).status, 404);
  });
});

describe('subscriptions', () => {
  let h: TestHost;
  let root: string;
  let bobToken: string;
  let carolToken: string;
  let admin: Api<unknown>;
  let bob: Api<unknown>;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    admin = client(h, root);
    bobToken = await makeUser(h, 'bob');
    carolToken = await makeUser(h, 'carol');
    bob = client(h, bobToken);
    await admin.user.createCurrentUserRepo({ name: 's' });
    await admin.repos.issueCreateIssue(O, 's', { title: 'watched' });
    await admin.repos.issueCreateIssue(O, 's', { title: 'commented' });
  });
  after(async () => { await h.stop(); });

  const check = async (token: string, n: number) => (await h.api('GET', `/repos/${O}/s/issues/${n}/subscriptions/check`, { auth: token })).body as { subscribed: boolean; ignored: boolean; url: string };

  test('subscribe yourself: 201, again 200; the list and check follow; unsubscribe', async () => {
    assert.equal((await check(bobToken, 1)).subscribed, false);
    assert.equal((await bob.repos.issueAddSubscription(O, 's', 1, 'bob')).status, 201);
    assert.equal((await bob.repos.issueAddSubscription(O, 's', 1, 'bob')).status, 200);
    const info = await check(bobToken, 1);
    assert.deepEqual([info.subscribed, info.ignored], [true, false]);
    assert.match(info.url, /\/issues\/1\/subscriptions$/);
    const list = await admin.repos.issueSubscriptions(O, 's', 1);
    assert.deepEqual(list.data.map((u) => u.login), ['bob']);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await bob.repos.issueDeleteSubscription(O, 's', 1, 'bob')).status, 201);
    assert.equal((await bob.repos.issueDeleteSubscription(O, 's', 1, 'bob')).status, 200);
    assert.deepEqual((await admin.repos.issueSubscriptions(O, 's', 1)).data, []);
  });

  test('participants and repository watchers watch until they say otherwise', async () => {
    assert.equal((await check(root, 1)).subscribed, true, 'the poster');
    await h.api('POST', `/repos/${O}/s/issues/2/comments`, { auth: carolToken, body: { body: 'me too' } });
    assert.equal((await check(carolToken, 2)).subscribed, true, 'a commenter');
    assert.equal((await check(carolToken, 1)).subscribed, false);
    assert.equal((await h.api('DELETE', `/repos/${O}/s/issues/2/subscriptions/carol`, { auth: carolToken })).status, 201);
    assert.equal((await check(carolToken, 2)).subscribed, false, 'an explicit choice wins');
    assert.equal((await h.api('PUT', `/repos/${O}/s/subscription`, { auth: bobToken })).status, 200);
    assert.equal((await check(bobToken, 2)).subscribed, true, 'a repository watcher');
  });

  test('only a site admin changes another user\'s; unknown users and issues 404; anonymous 401', async () => {
    assert.equal((await h.api('PUT', `/repos/${O}/s/issues/1/subscriptions/carol`, { auth: bobToken })).status, 403);
    assert.equal((await h.api('PUT', `/repos/${O}/s/issues/1/subscriptions/carol`, { auth: root })).status, 201);
    assert.equal((await check(carolToken, 1)).subscribed, true);
    assert.equal((await h.api('PUT', `/repos/${O}/s/issues/1/subscriptions/nobody`, { auth: root })).status, 404);
    assert.equal((await h.api('PUT', `/repos/${O}/s/issues/77/subscriptions/bob`, { auth: bobToken })).status, 404);
    assert.equal((await h.api('GET', `/repos/${O}/s/issues/1/subscriptions/check`)).status, 401);
    assert.equal((await h.api('PUT', `/repos/${O}/s/issues/1/subscriptions/bob`)).status, 401);
  });
});
