/**
 * An organization managed by its owner, who is not a site administrator: edit it, create a repository in it,
 * list its repositories, make a team and give the team the repository; a member without owner rights gets 403.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from './helpers.ts';

describe('organization owners (not site admins)', () => {
  let h: TestHost;
  let owner: string;
  let member: string;
  before(async () => {
    h = await startHost();
    owner = await makeUser(h, 'olga');
    member = await makeUser(h, 'mick');
    expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: 'crew' } }), 201);
  });
  after(async () => { await h.stop(); });

  test('the owner creates a repository in the organization and gives it to a team', async () => {
    expectStatus(await h.api('PATCH', '/orgs/crew', { auth: owner, body: { description: 'our crew' } }), 200);
    const repo = await h.api('POST', '/orgs/crew/repos', { auth: owner, body: { name: 'ship', auto_init: true } });
    expectStatus(repo, 201);
    assert.equal(repo.body.full_name, 'crew/ship');
    const list = await h.api('GET', '/orgs/crew/repos', { auth: owner });
    assert.deepEqual(list.body.map((r: { name: string }) => r.name), ['ship']);
    const team = await h.api('POST', '/orgs/crew/teams', { auth: owner, body: { name: 'deck', permission: 'write', units: ['repo.code'] } });
    expectStatus(team, 201);
    const id = team.body.id as number;
    expectStatus(await h.api('PUT', `/teams/${id}/members/mick`, { auth: owner }), 204);
    expectStatus(await h.api('PUT', `/teams/${id}/repos/crew/ship`, { auth: owner }), 204);
    const repos = await h.api('GET', `/teams/${id}/repos`, { auth: owner });
    assert.deepEqual(repos.body.map((r: { full_name: string }) => r.full_name), ['crew/ship']);
    const seen = await h.api('GET', '/repos/crew/ship', { auth: member });
    expectStatus(seen, 200);
    assert.equal(seen.body.permissions.push, true, 'the team gives write');
  });

  test('a member without owner rights is refused (403) where Gitea asks for an owner', async () => {
    const teams = await h.api('GET', '/orgs/crew/teams', { auth: member });
    expectStatus(teams, 200);
    const id = (teams.body as { id: number; name: string }[]).find((t) => t.name === 'deck')!.id;
    expectStatus(await h.api('PATCH', '/orgs/crew', { auth: member, body: { description: 'mine' } }), 403);
    expectStatus(await h.api('POST', '/orgs/crew/teams', { auth: member, body: { name: 'rogue' } }), 403);
    expectStatus(await h.api('POST', '/orgs/crew/repos', { auth: member, body: { name: 'raft' } }), 403);
    const give = await h.api('DELETE', `/teams/${id}/repos/crew/ship`, { auth: member });
    expectStatus(give, 403);
    assert.equal(give.body.message, 'Must have admin-level access to the repository');
    const missing = await h.api('PUT', `/teams/${id}/repos/crew/nope`, { auth: owner });
    expectStatus(missing, 404);
    assert.equal(missing.body.message, 'The repository crew/nope does not exist.');
  });
});
