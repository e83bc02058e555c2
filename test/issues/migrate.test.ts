// Migrating a repository with its issue tracker from another Homeforge host (a Gitea-compatible source, read
// through its API): labels (one exclusive), milestones (one closed), issues with their numbers (a gap where one
// was deleted), comments, labels, milestones and states; unsupported items are refused by name.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPair, upstreamRepo, upstreamUrl, ADMIN, type Pair } from '../mirrors/helpers.ts';
import type { TestHost } from '../helpers/host.ts';

const O = ADMIN.username;
type Row = Record<string, unknown>;

/** The tracker of a repository as comparable plain data. */
async function tracker(h: TestHost, token: string, repo: string) {
  const get = async (p: string): Promise<Row[]> => {
    const res = await h.api('GET', `/repos/${O}/${repo}${p}`, { auth: token });
    assert.equal(res.status, 200, res.text);
    return res.body as Row[];
  };
  const labels = (await get('/labels?limit=50')).map((l) => ({ name: l.name, color: l.color, exclusive: l.exclusive, description: l.description }));
  const milestones = (await get('/milestones?state=all&limit=50')).map((m) => ({ title: m.title, state: m.state, description: m.description, open: m.open_issues, closed: m.closed_issues }));
  const issues = [];
  for (const i of await get('/issues?state=all&type=issues&limit=50')) {
    const comments = (await get(`/issues/${i.number}/comments`)).map((c) => c.body);
    issues.push({
      number: i.number, title: i.title, body: i.body, state: i.state, comments,
      labels: (i.labels as Row[]).map((l) => l.name).sort(), milestone: (i.milestone as Row | null)?.title ?? null, closed: i.closed_at !== null,
    });
  }
  return { labels: labels.sort((a, b) => String(a.name).localeCompare(String(b.name))), milestones, issues: issues.sort((a, b) => Number(a.number) - Number(b.number)) };
}

describe('migration of the issue tracker', () => {
  let p: Pair;
  before(async () => {
    p = await startPair({ 'migrations.ALLOW_LOCALNETWORKS': 'true' });
    await upstreamRepo(p, 'source');
    const up = (method: string, path: string, body?: unknown) => p.up.api(method, `/repos/${O}/source${path}`, { auth: p.upToken, body });
    const bug = (await up('POST', '/labels', { name: 'kind/bug', color: '#ee0701', exclusive: true, description: 'broken' })).body;
    const docs = (await up('POST', '/labels', { name: 'docs', color: '#0000ff' })).body;
    const v1 = (await up('POST', '/milestones', { title: 'v1', description: 'first' })).body;
    await up('POST', '/milestones', { title: 'v0', state: 'closed' });
    const one = await up('POST', '/issues', { title: 'It breaks', body: 'steps', labels: [bug.id, docs.id], milestone: v1.id });
    assert.equal(one.status, 201, one.text);
    await up('POST', '/issues/1/comments', { body: 'seen it too' });
    await up('POST', '/issues/1/comments', { body: 'fixed soon' });
    await up('POST', '/issues', { title: 'Done already', body: 'old', milestone: v1.id });
    await up('PATCH', '/issues/2', { state: 'closed' });
    await up('POST', '/issues', { title: 'Deleted' });
    assert.equal((await up('DELETE', '/issues/3')).status, 204);
    await up('POST', '/issues', { title: 'After the gap', labels: [docs.id] });
  });
  after(async () => { await p.stop(); });

  const migrate = (body: Row) => p.down.api('POST', '/repos/migrate', { auth: p.downToken, body: { clone_addr: upstreamUrl(p, 'source'), auth_token: p.upToken, ...body } });

  test('issues, comments, labels, milestones and states arrive with their numbers', async () => {
    const res = await migrate({ repo_name: 'copy', service: 'gitea', issues: true, labels: true, milestones: true });
    assert.equal(res.status, 201, res.text);
    const src = await tracker(p.up, p.upToken, 'source');
    const dst = await tracker(p.down, p.downToken, 'copy');
    assert.deepEqual(src.issues.map((i) => i.number), [1, 2, 4]);
    assert.equal(src.labels.length, 2);
    assert.equal(src.milestones.length, 2);
    assert.deepEqual(dst, src);
    const one = (await p.down.api('GET', `/repos/${O}/copy/issues/1`, { auth: p.downToken })).body;
    assert.equal(one.original_author, O, 'the source poster is kept as original author');
    const repo = (await p.down.api('GET', `/repos/${O}/copy`, { auth: p.downToken })).body;
    assert.equal(repo.open_issues_count, 2);
    const next = await p.down.api('POST', `/repos/${O}/copy/issues`, { auth: p.downToken, body: { title: 'new here' } });
    assert.equal(next.body.number, 5, 'new issues follow the highest imported number');
    const clash = await p.down.api('POST', `/repos/${O}/copy/issues/1/labels`, { auth: p.downToken, body: { labels: ['kind/bug'] } });
    assert.equal(clash.status, 200, 'the imported exclusive label is usable');
  });

  test('labels only, without issues', async () => {
    const res = await migrate({ repo_name: 'labels-only', service: 'gitea', labels: true });
    assert.equal(res.status, 201, res.text);
    const dst = await tracker(p.down, p.downToken, 'labels-only');
    assert.equal(dst.labels.length, 2);
    assert.deepEqual(dst.issues, []);
    assert.deepEqual(dst.milestones, []);
  });

  test('unsupported items are refused by name, and nothing is created', async () => {
    for (const flag of ['pull_requests', 'releases', 'wiki', 'lfs']) {
      const res = await migrate({ repo_name: `no-${flag}`, service: 'gitea', issues: true, [flag]: true });
      assert.equal(res.status, 422, res.text);
      assert.match(res.body.message, new RegExp(flag));
      assert.equal((await p.down.api('GET', `/repos/${O}/no-${flag}`, { auth: p.downToken })).status, 404);
    }
    const git = await migrate({ repo_name: 'plain', service: 'git', issues: true });
    assert.equal(git.status, 422, git.text);
    assert.match(git.body.message, /issues/);
  });
});
