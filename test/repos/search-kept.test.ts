/**
 * Search pages are kept between identical searches (services/kept-reads.ts). Here every change that
 * alters a viewer's page is seen by the very next search, with the page asked for again and again in between:
 * visibility, collaboration, organization membership, counters, a new and a deleted repository, a public-only
 * token beside a full one.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser } from '../orgs/helpers.ts';

interface Row { full_name: string; private: boolean; open_issues_count: number; stars_count: number; forks_count: number; watchers_count: number }

describe('kept repository search pages', () => {
  let h: TestHost;
  let rootToken = '';
  let bob = '';
  let bobPublicOnly = '';
  before(async () => {
    h = await startHost();
    rootToken = await createToken(h, ADMIN.username, ADMIN.password);
    bob = await makeUser(h, 'bob');
    bobPublicOnly = (await h.api('POST', '/users/bob/tokens', { auth: ['bob', 'bob-password-1'], body: { name: 'po', scopes: ['public-only', 'all'] } })).body.sha1;
    assert.ok(bobPublicOnly, 'a public-only token');
    for (const name of ['kept-a', 'kept-b']) assert.equal((await h.api('POST', '/user/repos', { auth: rootToken, body: { name, auto_init: true } })).status, 201);
  });
  after(async () => { await h.stop(); });

  /** The page bob (or `auth`) gets, asked for three times: the first may build it, the others are kept ones. */
  const search = async (auth: string | null = bob, q = 'kept'): Promise<{ rows: Row[]; total: string | null }> => {
    let last: { rows: Row[]; total: string | null } | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await h.api('GET', `/repos/search?q=${q}&sort=alpha`, auth ? { auth } : {});
      assert.equal(res.status, 200, res.text);
      const now = { rows: res.body.data as Row[], total: res.headers.get('x-total-count') };
      if (last) assert.deepEqual(now, last, 'the same search again gives the same page');
      last = now;
    }
    return last!;
  };
  const names = async (auth: string | null = bob): Promise<string[]> => (await search(auth)).rows.map((r) => r.full_name);

  test('a repository made private, then shared with a collaborator, then public again', async () => {
    assert.deepEqual(await names(), ['root/kept-a', 'root/kept-b']);
    assert.equal((await h.api('PATCH', '/repos/root/kept-a', { auth: rootToken, body: { private: true } })).status, 200);
    assert.deepEqual(await names(), ['root/kept-b']);
    assert.equal((await search()).total, '1');
    assert.deepEqual(await names(null), ['root/kept-b'], 'anonymous');
    assert.equal((await h.api('PUT', '/repos/root/kept-a/collaborators/bob', { auth: rootToken, body: { permission: 'read' } })).status, 204);
    assert.deepEqual(await names(), ['root/kept-a', 'root/kept-b']);
    assert.deepEqual(await names(bobPublicOnly), ['root/kept-b'], 'a public-only token of the same user');
    assert.equal((await h.api('DELETE', '/repos/root/kept-a/collaborators/bob', { auth: rootToken })).status, 204);
    assert.deepEqual(await names(), ['root/kept-b']);
    assert.equal((await h.api('PATCH', '/repos/root/kept-a', { auth: rootToken, body: { private: false } })).status, 200);
    assert.deepEqual(await names(), ['root/kept-a', 'root/kept-b']);
  });

  test('counters: an issue opened and closed, a star, a watch and a fork', async () => {
    const row = async (): Promise<Row> => (await search()).rows.find((r) => r.full_name === 'root/kept-b')!;
    const before = await row();
    const issue = await h.api('POST', '/repos/root/kept-b/issues', { auth: rootToken, body: { title: 'counted' } });
    assert.equal(issue.status, 201);
    assert.equal((await row()).open_issues_count, before.open_issues_count + 1);
    assert.equal((await h.api('PATCH', `/repos/root/kept-b/issues/${issue.body.number}`, { auth: rootToken, body: { state: 'closed' } })).status, 201);
    assert.equal((await row()).open_issues_count, before.open_issues_count);
    assert.equal((await h.api('PUT', '/user/starred/root/kept-b', { auth: bob })).status, 204);
    assert.equal((await row()).stars_count, before.stars_count + 1);
    assert.equal((await h.api('PUT', '/repos/root/kept-b/subscription', { auth: bob })).status, 200);
    assert.equal((await row()).watchers_count, before.watchers_count + 1);
    assert.equal((await h.api('POST', '/repos/root/kept-b/forks', { auth: bob, body: {} })).status, 202);
    assert.equal((await row()).forks_count, before.forks_count + 1);
  });

  test('repositories created and deleted, and an organization member seeing its private repositories', async () => {
    assert.equal((await h.api('POST', '/orgs', { auth: rootToken, body: { username: 'kept-org' } })).status, 201);
    assert.equal((await h.api('POST', '/orgs/kept-org/repos', { auth: rootToken, body: { name: 'kept-private', private: true } })).status, 201);
    const seen = await names();
    assert.ok(!seen.includes('kept-org/kept-private'));
    const teams = (await h.api('GET', '/orgs/kept-org/teams', { auth: rootToken })).body as { id: number; name: string }[];
    const owners = teams.find((t) => t.name === 'Owners')!;
    assert.equal((await h.api('PUT', `/teams/${owners.id}/members/bob`, { auth: rootToken })).status, 204);
    assert.ok((await names()).includes('kept-org/kept-private'), 'a new team member sees the organization\'s private repository');
    assert.equal((await h.api('DELETE', `/teams/${owners.id}/members/bob`, { auth: rootToken })).status, 204);
    assert.ok(!(await names()).includes('kept-org/kept-private'), 'and no longer once removed');
    assert.equal((await h.api('DELETE', '/repos/root/kept-a', { auth: rootToken })).status, 204);
    assert.ok(!(await names()).includes('root/kept-a'));
    assert.equal((await h.api('POST', '/user/repos', { auth: rootToken, body: { name: 'kept-c' } })).status, 201);
    assert.ok((await names()).includes('root/kept-c'));
  });
});
