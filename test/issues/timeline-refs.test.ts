// The issue timeline through HTTP: Gitea's TimelineComment types recorded as changes happen (comment, label,
// milestone, assignees, change_title, close, reopen, pin, lock, dependencies, deadline), in order; cross
// references (#n, owner/repo#n) from issues and comments, shown only to readers of the referencing repository;
// and `#n` rendered as a link by the markdown route.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, makeUser } from './helpers.ts';

const O = ADMIN.username;
type Row = Record<string, unknown> & { type: string };

describe('issue timeline and cross references', () => {
  let h: TestHost;
  let root: string;
  let bobToken: string;
  let admin: Api<unknown>;
  const timeline = async (repo: string, n: number, token?: string): Promise<Row[]> => {
    const res = await h.api('GET', `/repos/${O}/${repo}/issues/${n}/timeline`, { auth: token });
    assert.equal(res.status, 200, res.text);
    return res.body as Row[];
  };
  before(async () => {
    h = await startHost({ settings: { 'service.ALLOW_CROSS_REPOSITORY_DEPENDENCIES': 'true' } });
    root = await createToken(h, ADMIN.username, ADMIN.password);
    admin = client(h, root);
    bobToken = await makeUser(h, 'bob');
    await admin.user.createCurrentUserRepo({ name: 'pub' });
    await admin.user.createCurrentUserRepo({ name: 'priv', private: true });
    await admin.repos.issueCreateIssue(O, 'pub', { title: 'target' });
    await admin.repos.issueCreateIssue(O, 'pub', { title: 'other' });
  });
  after(async () => { await h.stop(); });

  test('each change leaves its event, in order, in Gitea\'s shape', async () => {
    const label = (await admin.repos.issueCreateLabel(O, 'pub', { name: 'bug', color: '#ff0000' })).data;
    const ms = (await admin.repos.issueCreateMilestone(O, 'pub', { title: 'v1' })).data;
    await admin.repos.issueCreateComment(O, 'pub', 1, { body: 'first comment' });
    await admin.repos.issueAddLabel(O, 'pub', 1, { labels: [label.id!] });
    await admin.repos.issueEditIssue(O, 'pub', 1, { milestone: ms.id, title: 'target renamed', assignees: [O] });
    await admin.repos.issueEditIssue(O, 'pub', 1, { state: 'closed' });
    await admin.repos.issueEditIssue(O, 'pub', 1, { state: 'open' });
    await admin.repos.issueRemoveLabel(O, 'pub', 1, label.id!);
    await h.api('POST', `/repos/${O}/pub/issues/1/pin`, { auth: root });
    await h.api('PUT', `/repos/${O}/pub/issues/1/lock`, { auth: root, body: { lock_reason: 'too heated' } });
    await h.api('DELETE', `/repos/${O}/pub/issues/1/lock`, { auth: root });
    await h.api('POST', `/repos/${O}/pub/issues/1/dependencies`, { auth: root, body: { index: 2 } });
    await h.api('POST', `/repos/${O}/pub/issues/1/deadline`, { auth: root, body: { due_date: '2031-01-02T00:00:00Z' } });
    const rows = await timeline('pub', 1);
    assert.deepEqual(rows.map((r) => r.type), [
      'comment', 'label', 'change_title', 'milestone', 'assignees', 'close', 'reopen', 'label', 'pin', 'lock', 'unlock', 'add_dependency', 'added_deadline',
    ]);
    const by = (t: string) => rows.filter((r) => r.type === t);
    assert.equal(by('comment')[0]!.body, 'first comment');
    assert.deepEqual(by('label').map((r) => [(r.label as Row).name, r.body]), [['bug', '1'], ['bug', '']]);
    assert.deepEqual([by('change_title')[0]!.old_title, by('change_title')[0]!.new_title], ['target', 'target renamed']);
    assert.equal((by('milestone')[0]!.milestone as Row).title, 'v1');
    assert.equal(by('milestone')[0]!.old_milestone, null);
    assert.deepEqual([(by('assignees')[0]!.assignee as Row).login, by('assignees')[0]!.removed_assignee], [O, false]);
    assert.equal(by('lock')[0]!.body, 'too heated');
    assert.equal((by('add_dependency')[0]!.dependent_issue as Row).number, 2);
    assert.equal(by('added_deadline')[0]!.body, '2031-01-02');
    assert.ok(rows.every((r) => (r.user as Row).login === O && typeof r.html_url === 'string'));
    assert.equal((await timeline('pub', 2)).map((r) => r.type).join(), 'add_dependency', 'the other side of the dependency');
    const page = await h.api('GET', `/repos/${O}/pub/issues/1/timeline?page=2&limit=5`, { auth: root });
    assert.equal(page.headers.get('x-total-count'), String(rows.length));
    assert.deepEqual((page.body as Row[]).map((r) => r.type), rows.slice(5, 10).map((r) => r.type));
    // comments routes still list plain comments only
    const comments = await admin.repos.issueGetComments(O, 'pub', 1);
    assert.deepEqual(comments.data.map((c) => c.body), ['first comment']);
    assert.equal((await admin.repos.issueGetIssue(O, 'pub', 1)).data.comments, 1);
  });

  test('#n in an issue and in a comment records issue_ref and comment_ref on the target, once', async () => {
    const from = (await admin.repos.issueCreateIssue(O, 'pub', { title: 'refers', body: 'see #2 and #2 again, not `#1`' })).data;
    const c = (await admin.repos.issueCreateComment(O, 'pub', from.number!, { body: 'also #2' })).data;
    await admin.repos.issueEditIssue(O, 'pub', from.number!, { body: 'see #2 (edited)' });
    const refs = (await timeline('pub', 2)).filter((r) => r.type.endsWith('_ref'));
    assert.deepEqual(refs.map((r) => r.type), ['issue_ref', 'comment_ref']);
    assert.equal((refs[0]!.ref_issue as Row).number, from.number);
    assert.equal((refs[1]!.ref_comment as Row).id, c.id);
    assert.ok(!(await timeline('pub', 1)).some((r) => r.type.endsWith('_ref')), 'code spans do not reference');
  });

  test('a private repository\'s reference is shown to its readers only', async () => {
    await admin.repos.issueCreateIssue(O, 'priv', { title: 'secret plan', body: `fixes ${O}/pub#2` });
    const mine = (await timeline('pub', 2, root)).filter((r) => r.type === 'issue_ref');
    assert.ok(mine.some((r) => ((r.ref_issue as Row).repository as Row).full_name === `${O}/priv`));
    for (const viewer of [bobToken, undefined]) {
      const res = await h.api('GET', `/repos/${O}/pub/issues/2/timeline`, { auth: viewer });
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes('secret plan') && !res.text.includes(`${O}/priv`), 'nothing of the private repository leaks');
    }
  });

  test('a reference to an issue the writer cannot read is not recorded', async () => {
    await h.api('POST', `/repos/${O}/priv/issues`, { auth: root, body: { title: 'private target' } });
    const bobRepo = await h.api('POST', '/user/repos', { auth: bobToken, body: { name: 'mine' } });
    assert.equal(bobRepo.status, 201);
    await h.api('POST', '/repos/bob/mine/issues', { auth: bobToken, body: { title: 'probe', body: `${O}/priv#2` } });
    assert.ok(!(await timeline('priv', 2, root)).some((r) => r.type === 'issue_ref'));
  });

  test('the markdown route links #n and owner/repo#n in comment mode', async () => {
    const res = await h.api('POST', '/markdown', { auth: root, body: { Text: 'see #2 and bob/mine#1', Mode: 'comment', Context: `/${O}/pub` } });
    assert.equal(res.status, 200);
    assert.match(res.text, new RegExp(`<a href="/${O}/pub/issues/2">#2</a>`));
    assert.match(res.text, /<a href="\/bob\/mine\/issues\/1">bob\/mine#1<\/a>/);
  });
});
