// Comments through HTTP (gitea-js) and the issue hook events they and issue changes send, in Gitea's
// payload shapes and filtered by the hook's chosen events as Gitea does.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;

describe('comments and issue events', () => {
  let h: TestHost;
  let token: string;
  let admin: Api<unknown>;
  let alice: Api<unknown>;
  let all: Receiver;
  let commentsOnly: Receiver;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    admin = client(h, token);
    alice = client(h, await makeUser(h, 'alice'));
    all = await startReceiver();
    commentsOnly = await startReceiver();
    await admin.user.createCurrentUserRepo({ name: 'talk' });
    await makeHook(h, token, `/repos/${O}/talk/hooks`, { type: 'gitea', config: { url: all.url, content_type: 'json' }, events: ['issues'] });
    await makeHook(h, token, `/repos/${O}/talk/hooks`, { type: 'gitea', config: { url: commentsOnly.url, content_type: 'json' }, events: ['issue_comment'] });
  });
  after(async () => { await h.stop(); await all.close(); await commentsOnly.close(); });

  test('comments: create, list per issue and per repository, get, edit by poster, delete; counts follow', async () => {
    await admin.repos.issueCreateIssue(O, 'talk', { title: 'Talk here' });
    const c1 = await alice.repos.issueCreateComment(O, 'talk', 1, { body: 'first' });
    assert.equal(c1.status, 201);
    assert.equal(c1.data.user?.login, 'alice');
    assert.equal(c1.data.html_url, `${h.url}/${O}/talk/issues/1#issuecomment-${c1.data.id}`);
    await admin.repos.issueCreateComment(O, 'talk', 1, { body: 'second' });
    assert.equal((await admin.repos.issueGetIssue(O, 'talk', 1)).data.comments, 2);
    const list = await admin.repos.issueGetComments(O, 'talk', 1);
    assert.deepEqual(list.data.map((c) => c.body), ['first', 'second']);
    const repoList = await admin.repos.issueGetRepoComments(O, 'talk', { limit: 1 });
    assert.equal(repoList.headers.get('x-total-count'), '2');
    assert.equal(repoList.data.length, 1);
    assert.equal((await admin.repos.issueGetComment(O, 'talk', c1.data.id!)).data.body, 'first');
    const edited = await alice.repos.issueEditComment(O, 'talk', c1.data.id!, { body: 'first, edited' });
    assert.equal(edited.data.body, 'first, edited');
    const second = list.data[1]!;
    assert.equal((await failure(alice.repos.issueEditComment(O, 'talk', second.id!, { body: 'not mine' }))).status, 403);
    assert.equal((await failure(alice.repos.issueDeleteComment(O, 'talk', second.id!))).status, 403);
    assert.equal((await admin.repos.issueDeleteComment(O, 'talk', second.id!)).status, 204);
    assert.equal((await admin.repos.issueGetIssue(O, 'talk', 1)).data.comments, 1);
    assert.equal((await failure(admin.repos.issueGetComment(O, 'talk', second.id!))).status, 404);
    assert.equal((await failure(admin.repos.issueCreateComment(O, 'talk', 99, { body: 'x' }))).status, 404);
  });

  test('hooks get issues, issue_label, issue_assign, issue_milestone and issue_comment events as chosen', async () => {
    const seen = (r: Receiver) => r.got.map((g) => `${String(g.headers['x-gitea-event-type'])}:${JSON.parse(g.body).action as string}`);
    await commentsOnly.waitFor(3);
    assert.deepEqual(seen(commentsOnly), ['issue_comment:created', 'issue_comment:created', 'issue_comment:edited', 'issue_comment:deleted'].slice(0, commentsOnly.got.length));
    await commentsOnly.waitFor(4);
    const payload = JSON.parse(commentsOnly.got[0]!.body);
    assert.equal(payload.comment.body, 'first');
    assert.equal(payload.issue.number, 1);
    assert.equal(payload.is_pull, false);
    assert.equal(payload.repository.full_name, `${O}/talk`);
    assert.equal(commentsOnly.got[0]!.headers['x-gitea-event'], 'issue_comment');
    const label = await admin.repos.issueCreateLabel(O, 'talk', { name: 'bug', color: 'ff0000' });
    const ms = await admin.repos.issueCreateMilestone(O, 'talk', { title: 'v1' });
    await admin.repos.issueEditIssue(O, 'talk', 1, { title: 'Talk here, renamed', assignees: [O], milestone: ms.data.id! });
    await admin.repos.issueAddLabel(O, 'talk', 1, { labels: [label.data.id!] });
    await admin.repos.issueClearLabels(O, 'talk', 1);
    await admin.repos.issueEditIssue(O, 'talk', 1, { state: 'closed' });
    await admin.repos.issueEditIssue(O, 'talk', 1, { state: 'open', milestone: 0 });
    await all.waitFor(13);
    // A hook choosing `issues` gets the whole issue group, comments included (Gitea's chooseEvents).
    assert.deepEqual(seen(all), [
      'issues:opened', 'issue_comment:created', 'issue_comment:created', 'issue_comment:edited', 'issue_comment:deleted', 'issues:edited', 'issue_assign:assigned', 'issue_milestone:milestoned', 'issue_label:label_updated',
      'issue_label:label_cleared', 'issues:closed', 'issue_milestone:demilestoned', 'issues:reopened',
    ]);
    const edited = JSON.parse(all.got[5]!.body);
    assert.deepEqual(edited.changes, { title: { from: 'Talk here' } });
    assert.equal(edited.issue.title, 'Talk here, renamed');
    assert.equal(all.got[6]!.headers['x-gitea-event'], 'issues');
    assert.equal(commentsOnly.got.length, 4, 'the comment-only hook heard no issue changes');
  });
});
