// Labels and milestones through HTTP (gitea-js): repository and organization labels, issue labels, and the
// exclusive-label rule through every route that can put labels on an issue or change a label.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;
const names = (labels: { name?: string }[] | undefined | null): string[] => (labels ?? []).map((l) => l.name!).sort();

describe('labels and milestones', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let alice: Api<unknown>;
  const id: Record<string, number> = {};
  before(async () => {
    h = await startHost();
    admin = client(h, await createToken(h, ADMIN.username, ADMIN.password));
    alice = client(h, await makeUser(h, 'alice'));
    await admin.user.createCurrentUserRepo({ name: 'proj' });
    for (const [name, exclusive] of [['prio/high', true], ['prio/low', true], ['kind/bug', false], ['kind/ui', false], ['plain', true]] as const) {
      id[name] = (await admin.repos.issueCreateLabel(O, 'proj', { name, color: 'abc', exclusive })).data.id!;
    }
  });
  after(async () => { await h.stop(); });

  test('repository labels: create (colour normalised), list, get, edit, delete', async () => {
    const made = await admin.repos.issueCreateLabel(O, 'proj', { name: 'temp', color: '#00AA11', description: 'd' });
    assert.equal(made.status, 201);
    assert.equal(made.data.color, '00aa11');
    assert.equal(made.data.url, `${h.url}/api/v1/repos/${O}/proj/labels/${made.data.id}`);
    const list = await alice.repos.issueListLabels(O, 'proj');
    assert.equal(list.headers.get('x-total-count'), '6');
    const edited = await admin.repos.issueEditLabel(O, 'proj', made.data.id!, { name: 'temp2', is_archived: true });
    assert.equal(edited.data.name, 'temp2');
    assert.equal(edited.data.is_archived, true);
    assert.equal((await admin.repos.issueGetLabel(O, 'proj', made.data.id!)).data.name, 'temp2');
    assert.equal((await admin.repos.issueDeleteLabel(O, 'proj', made.data.id!)).status, 204);
    assert.equal((await failure(admin.repos.issueGetLabel(O, 'proj', made.data.id!))).status, 404);
    assert.equal((await failure(admin.repos.issueCreateLabel(O, 'proj', { name: 'bad', color: 'nothex' }))).status, 422);
  });

  test('exclusive: create with two of one scope is refused and creates nothing; one of a scope is kept', async () => {
    const before = await admin.repos.issueListIssues(O, 'proj', { state: 'all' });
    const refused = await failure(admin.repos.issueCreateIssue(O, 'proj', { title: 'two prios', labels: [id['prio/high']!, id['prio/low']!] }));
    assert.equal(refused.status, 422);
    assert.match(refused.message, /exclusive/);
    const after = await admin.repos.issueListIssues(O, 'proj', { state: 'all' });
    assert.equal(after.headers.get('x-total-count'), before.headers.get('x-total-count'));
    const ok = await admin.repos.issueCreateIssue(O, 'proj', { title: 'one prio', labels: [id['prio/high']!, id['kind/bug']!, id['kind/ui']!, id.plain!] });
    assert.deepEqual(names(ok.data.labels), ['kind/bug', 'kind/ui', 'plain', 'prio/high']);
  });

  test('exclusive: add replaces the label of the same scope; two in one add is refused with nothing changed', async () => {
    const issue = (await admin.repos.issueCreateIssue(O, 'proj', { title: 'add', labels: [id['prio/high']!, id['kind/bug']!] })).data.number!;
    const added = await admin.repos.issueAddLabel(O, 'proj', issue, { labels: [id['prio/low']!] });
    assert.equal(added.status, 200);
    assert.deepEqual(names(added.data), ['kind/bug', 'prio/low']);
    const refused = await failure(admin.repos.issueAddLabel(O, 'proj', issue, { labels: [id['prio/high']!, id['prio/low']!] }));
    assert.equal(refused.status, 422);
    assert.deepEqual(names((await admin.repos.issueGetLabels(O, 'proj', issue)).data), ['kind/bug', 'prio/low']);
    const byName = await admin.repos.issueAddLabel(O, 'proj', issue, { labels: ['prio/high'] as never });
    assert.deepEqual(names(byName.data), ['kind/bug', 'prio/high']);
  });

  test('exclusive: replace with two of one scope is refused with nothing changed; remove one and clear', async () => {
    const issue = (await admin.repos.issueCreateIssue(O, 'proj', { title: 'replace', labels: [id['kind/ui']!] })).data.number!;
    const refused = await failure(admin.repos.issueReplaceLabels(O, 'proj', issue, { labels: [id['prio/high']!, id['prio/low']!] }));
    assert.equal(refused.status, 422);
    assert.deepEqual(names((await admin.repos.issueGetLabels(O, 'proj', issue)).data), ['kind/ui']);
    const replaced = await admin.repos.issueReplaceLabels(O, 'proj', issue, { labels: [id['prio/low']!, id['kind/bug']!] });
    assert.deepEqual(names(replaced.data), ['kind/bug', 'prio/low']);
    assert.equal((await admin.repos.issueRemoveLabel(O, 'proj', issue, id['kind/bug']!)).status, 204);
    assert.deepEqual(names((await admin.repos.issueGetLabels(O, 'proj', issue)).data), ['prio/low']);
    assert.equal((await admin.repos.issueClearLabels(O, 'proj', issue)).status, 204);
    assert.deepEqual((await admin.repos.issueGetLabels(O, 'proj', issue)).data, []);
    assert.equal((await failure(alice.repos.issueAddLabel(O, 'proj', issue, { labels: [id['kind/bug']!] }))).status, 403);
  });

  test('exclusive: editing a label into a clash on an issue is refused; the labels never coexist', async () => {
    const issue = (await admin.repos.issueCreateIssue(O, 'proj', { title: 'edit', labels: [id['kind/bug']!, id['kind/ui']!, id['prio/high']!] })).data.number!;
    // kind/bug made exclusive alone is fine while kind/ui is not exclusive.
    assert.equal((await admin.repos.issueEditLabel(O, 'proj', id['kind/bug']!, { exclusive: true })).status, 200);
    const refused = await failure(admin.repos.issueEditLabel(O, 'proj', id['kind/ui']!, { exclusive: true }));
    assert.equal(refused.status, 422);
    const renamed = await failure(admin.repos.issueEditLabel(O, 'proj', id['prio/high']!, { name: 'kind/high' }));
    assert.equal(renamed.status, 422);
    const labels = (await admin.repos.issueGetLabels(O, 'proj', issue)).data;
    assert.deepEqual(names(labels), ['kind/bug', 'kind/ui', 'prio/high']);
    assert.equal(labels.find((l) => l.name === 'kind/ui')?.exclusive, false);
    await admin.repos.issueEditLabel(O, 'proj', id['kind/bug']!, { exclusive: false });
  });

  test('organization labels: CRUD by owners, usable on the organization\'s repositories', async () => {
    await admin.orgs.orgCreate({ username: 'acme' });
    await admin.orgs.createOrgRepo('acme', { name: 'app' });
    const made = await admin.orgs.orgCreateLabel('acme', { name: 'team/web', color: '123456', exclusive: true });
    assert.equal(made.status, 201);
    assert.equal(made.data.url, `${h.url}/api/v1/orgs/acme/labels/${made.data.id}`);
    const repoLabel = await admin.repos.issueCreateLabel('acme', 'app', { name: 'team/api', color: '654321', exclusive: true });
    assert.equal((await admin.orgs.orgListLabels('acme')).data.length, 1);
    assert.equal((await admin.orgs.orgGetLabel('acme', made.data.id!)).data.name, 'team/web');
    assert.equal((await failure(alice.orgs.orgCreateLabel('acme', { name: 'x', color: '000000' }))).status, 403);
    const issue = await admin.repos.issueCreateIssue('acme', 'app', { title: 'org label', labels: [made.data.id!] });
    assert.deepEqual(names(issue.data.labels), ['team/web']);
    const swapped = await admin.repos.issueAddLabel('acme', 'app', issue.data.number!, { labels: [repoLabel.data.id!] });
    assert.deepEqual(names(swapped.data), ['team/api']);
    await admin.repos.issueAddLabel('acme', 'app', issue.data.number!, { labels: [made.data.id!] });
    assert.equal((await admin.orgs.orgEditLabel('acme', made.data.id!, { description: 'web team' })).data.description, 'web team');
    assert.equal((await admin.orgs.orgDeleteLabel('acme', made.data.id!)).status, 204);
    assert.deepEqual((await admin.repos.issueGetLabels('acme', 'app', issue.data.number!)).data, []);
  });

  test('milestones: create, list by state, get by id or name, counts, close, delete clears issues', async () => {
    const m = await admin.repos.issueCreateMilestone(O, 'proj', { title: 'v1', description: 'first', due_on: '2031-01-01T00:00:00Z' });
    assert.equal(m.status, 201);
    assert.equal(m.data.state, 'open');
    const a = await admin.repos.issueCreateIssue(O, 'proj', { title: 'in v1', milestone: m.data.id! });
    await admin.repos.issueCreateIssue(O, 'proj', { title: 'in v1 too', milestone: m.data.id!, closed: true });
    const counted = await admin.repos.issueGetMilestone(O, 'proj', String(m.data.id));
    assert.equal(counted.data.open_issues, 1);
    assert.equal(counted.data.closed_issues, 1);
    assert.equal(a.data.milestone?.title, 'v1');
    assert.equal((await admin.repos.issueGetMilestone(O, 'proj', 'v1')).data.id, m.data.id);
    const filtered = await admin.repos.issueListIssues(O, 'proj', { milestones: 'v1', state: 'all' });
    assert.equal(filtered.data.length, 2);
    const closed = await admin.repos.issueEditMilestone(O, 'proj', String(m.data.id), { state: 'closed' });
    assert.equal(closed.data.state, 'closed');
    assert.ok(closed.data.closed_at);
    assert.equal((await admin.repos.issueGetMilestonesList(O, 'proj')).data.length, 0);
    assert.equal((await admin.repos.issueGetMilestonesList(O, 'proj', { state: 'closed' })).data.length, 1);
    assert.equal((await failure(alice.repos.issueCreateMilestone(O, 'proj', { title: 'no' }))).status, 403);
    assert.equal((await admin.repos.issueDeleteMilestone(O, 'proj', String(m.data.id))).status, 204);
    assert.equal((await admin.repos.issueGetIssue(O, 'proj', a.data.number!)).data.milestone, null);
    assert.equal((await failure(admin.repos.issueGetMilestone(O, 'proj', String(m.data.id)))).status, 404);
  });
});
