// Issues through HTTP with gitea-js as the client: create, get, list with filters and paging headers, edit
// (201), close and reopen, assignees, deadline, has_issues off, open_issues_count, and who may do what.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;

describe('issues API', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let alice: Api<unknown>;
  let aliceToken: string;
  before(async () => {
    h = await startHost();
    admin = client(h, await createToken(h, ADMIN.username, ADMIN.password));
    aliceToken = await makeUser(h, 'alice');
    alice = client(h, aliceToken);
    await admin.user.createCurrentUserRepo({ name: 'tracker' });
  });
  after(async () => { await h.stop(); });

  test('create, get, list with X-Total-Count and Link, edit answers 201, close and reopen', async () => {
    const made = await admin.repos.issueCreateIssue(O, 'tracker', { title: 'First bug', body: 'it breaks, cc @alice' });
    assert.equal(made.status, 201);
    assert.equal(made.data.number, 1);
    assert.equal(made.data.state, 'open');
    assert.equal(made.data.user?.login, O);
    for (let i = 2; i <= 5; i++) await admin.repos.issueCreateIssue(O, 'tracker', { title: `Issue ${i}` });
    const got = await alice.repos.issueGetIssue(O, 'tracker', 1);
    assert.equal(got.data.title, 'First bug');
    assert.equal(got.data.html_url, `${h.url}/${O}/tracker/issues/1`);
    const page = await admin.repos.issueListIssues(O, 'tracker', { limit: 2, page: 2 });
    assert.deepEqual(page.data.map((i) => i.number), [3, 2]);
    assert.equal(page.headers.get('x-total-count'), '5');
    assert.match(page.headers.get('link') ?? '', /limit=2&page=3>; rel="next"/);
    assert.match(page.headers.get('link') ?? '', /rel="first"/);
    const edited = await admin.repos.issueEditIssue(O, 'tracker', 2, { title: 'Second, renamed', state: 'closed' });
    assert.equal(edited.status, 201);
    assert.equal(edited.data.state, 'closed');
    assert.ok(edited.data.closed_at);
    const open = await admin.repos.issueListIssues(O, 'tracker', { state: 'open' });
    assert.equal(open.data.length, 4);
    const closed = await admin.repos.issueListIssues(O, 'tracker', { state: 'closed' });
    assert.deepEqual(closed.data.map((i) => i.title), ['Second, renamed']);
    const repo = await admin.repos.repoGet(O, 'tracker');
    assert.equal(repo.data.open_issues_count, 4);
    const reopened = await admin.repos.issueEditIssue(O, 'tracker', 2, { state: 'open' });
    assert.equal(reopened.data.state, 'open');
    assert.equal(reopened.data.closed_at, null);
    assert.equal((await admin.repos.repoGet(O, 'tracker')).data.open_issues_count, 5);
  });

  test('filters: q, created_by, mentioned_by, assigned_by, since, type', async () => {
    const q = await admin.repos.issueListIssues(O, 'tracker', { q: 'breaks' });
    assert.deepEqual(q.data.map((i) => i.number), [1]);
    const mine = await alice.repos.issueCreateIssue(O, 'tracker', { title: 'From alice' });
    const byAlice = await admin.repos.issueListIssues(O, 'tracker', { created_by: 'alice' });
    assert.deepEqual(byAlice.data.map((i) => i.number), [mine.data.number]);
    const mentioned = await admin.repos.issueListIssues(O, 'tracker', { mentioned_by: 'alice' });
    assert.deepEqual(mentioned.data.map((i) => i.number), [1]);
    await admin.repos.issueEditIssue(O, 'tracker', 3, { assignees: [O] });
    const assigned = await admin.repos.issueListIssues(O, 'tracker', { assigned_by: O });
    assert.deepEqual(assigned.data.map((i) => i.number), [3]);
    assert.equal(assigned.data[0]!.assignee?.login, O);
    const later = new Date(Date.now() + 60_000).toISOString();
    assert.equal((await admin.repos.issueListIssues(O, 'tracker', { since: later })).data.length, 0);
    assert.equal((await admin.repos.issueListIssues(O, 'tracker', { type: 'pulls' })).data.length, 0);
    const nobody = await admin.repos.issueListIssues(O, 'tracker', { created_by: 'no-such-user' });
    assert.equal(nobody.data.length, 0);
  });

  test('a reader edits and closes only their own issue; labels, milestone and assignees from a reader are dropped', async () => {
    const label = await admin.repos.issueCreateLabel(O, 'tracker', { name: 'bug', color: '#ff0000' });
    const own = await alice.repos.issueCreateIssue(O, 'tracker', { title: 'Reader issue', labels: [label.data.id!], assignees: [O] });
    assert.deepEqual(own.data.labels, []);
    assert.equal(own.data.assignees, null);
    const edited = await alice.repos.issueEditIssue(O, 'tracker', own.data.number!, { body: 'more detail', state: 'closed' });
    assert.equal(edited.data.body, 'more detail');
    assert.equal(edited.data.state, 'closed');
    assert.equal((await failure(alice.repos.issueEditIssue(O, 'tracker', 1, { title: 'taken over' }))).status, 403);
    assert.equal((await failure(alice.repos.issueCreateLabel(O, 'tracker', { name: 'x', color: '000000' }))).status, 403);
    assert.equal((await failure(alice.repos.issueEditIssueDeadline(O, 'tracker', 1, { due_date: new Date().toISOString() }))).status, 403);
    const anon = await h.api('POST', `/repos/${O}/tracker/issues`, { body: { title: 'anonymous' } });
    assert.equal(anon.status, 401);
  });

  test('deadline, assignees add/remove/check, assignee must be able to write', async () => {
    const due = '2030-01-02T03:04:05Z';
    const d = await admin.repos.issueEditIssueDeadline(O, 'tracker', 4, { due_date: due });
    assert.equal(d.status, 201);
    assert.equal(d.data.due_date, due);
    assert.equal((await admin.repos.issueGetIssue(O, 'tracker', 4)).data.due_date, due);
    const bad = await failure(admin.repos.issueEditIssue(O, 'tracker', 4, { assignees: ['alice'] }));
    assert.equal(bad.status, 422);
    const added = await h.api('POST', `/repos/${O}/tracker/issues/4/assignees`, { auth: await createToken(h, O, ADMIN.password), body: { assignees: [O] } });
    assert.equal(added.status, 201);
    assert.equal(added.body.assignees[0].login, O);
    assert.equal((await h.api('GET', `/repos/${O}/tracker/issues/4/assignees/${O}`)).status, 204);
    const removed = await h.api('DELETE', `/repos/${O}/tracker/issues/4/assignees`, { auth: await createToken(h, O, ADMIN.password), body: { assignees: [O] } });
    assert.equal(removed.status, 200);
    assert.equal(removed.body.assignees, null);
    assert.equal((await h.api('GET', `/repos/${O}/tracker/issues/4/assignees/${O}`)).status, 404);
  });

  test('the issues unit off answers 404 on the issue routes (the list, labels and milestones serve pull requests while that unit is on); a missing issue is 404', async () => {
    assert.equal((await failure(admin.repos.issueGetIssue(O, 'tracker', 999))).status, 404);
    await admin.repos.repoEdit(O, 'tracker', { has_issues: false });
    assert.deepEqual((await admin.repos.issueListIssues(O, 'tracker', { state: 'all' })).data, [], 'only pull requests, and there are none');
    assert.equal((await failure(admin.repos.issueListIssues(O, 'tracker', { type: 'issues' }))).status, 404);
    assert.equal((await failure(admin.repos.issueGetIssue(O, 'tracker', 1))).status, 404);
    assert.equal((await failure(admin.repos.issueCreateIssue(O, 'tracker', { title: 'no' }))).status, 404);
    assert.equal((await admin.repos.issueListLabels(O, 'tracker')).status, 200);
    assert.equal((await failure(admin.repos.issueGetRepoComments(O, 'tracker'))).status, 404);
    await admin.repos.repoEdit(O, 'tracker', { has_pull_requests: false });
    assert.equal((await failure(admin.repos.issueListIssues(O, 'tracker'))).status, 404);
    assert.equal((await failure(admin.repos.issueListLabels(O, 'tracker'))).status, 404);
    assert.equal((await failure(admin.repos.issueGetMilestonesList(O, 'tracker'))).status, 404);
    await admin.repos.repoEdit(O, 'tracker', { has_issues: true, has_pull_requests: true });
    assert.equal((await admin.repos.issueGetIssue(O, 'tracker', 1)).status, 200);
  });

  test('a read:issue token reads but does not write; a repository-only token gets 403', async () => {
    const readOnly = client(h, await createToken(h, O, ADMIN.password, ['read:issue', 'read:repository']));
    assert.equal((await readOnly.repos.issueListIssues(O, 'tracker')).status, 200);
    assert.equal((await failure(readOnly.repos.issueCreateIssue(O, 'tracker', { title: 'x' }))).status, 403);
    const repoOnly = client(h, await createToken(h, O, ADMIN.password, ['write:repository']));
    assert.equal((await failure(repoOnly.repos.issueListIssues(O, 'tracker'))).status, 403);
  });

  test('search across the repositories the viewer may see', async () => {
    await admin.user.createCurrentUserRepo({ name: 'secret', private: true });
    await admin.repos.issueCreateIssue(O, 'secret', { title: 'hidden breaks' });
    const mine = await admin.repos.issueSearchIssues({ q: 'breaks' });
    assert.deepEqual(mine.data.map((i) => i.repository?.name).sort(), ['secret', 'tracker']);
    const theirs = await alice.repos.issueSearchIssues({ q: 'breaks' });
    assert.deepEqual(theirs.data.map((i) => i.repository?.name), ['tracker']);
    const all = await alice.repos.issueSearchIssues({ state: 'all', limit: 3 });
    assert.equal(all.data.length, 3);
    assert.ok(Number(all.headers.get('x-total-count')) >= 6);
  });
});
