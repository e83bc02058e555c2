import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from './helpers.ts';

describe('teams', () => {
  let h: TestHost;
  let root: string;
  let owner: string;
  let member: string;
  let outsider: string;
  let ownersId: number;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    owner = await makeUser(h, 'owner');
    member = await makeUser(h, 'member');
    outsider = await makeUser(h, 'outsider');
    expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: 'corp' } }), 201);
    ownersId = (await h.api('GET', '/orgs/corp/teams', { auth: owner })).body[0].id;
  });
  after(async () => { await h.stop(); });

  test('gitea-js orgCreateTeam answers the Team with a non-null organization', async () => {
    const api = giteaApi(h.url, { token: owner });
    const res = await api.orgs.orgCreateTeam('corp', {
      name: 'writers', description: 'They write', permission: 'write',
      units_map: { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'read' },
      includes_all_repositories: false, can_create_org_repo: true,
    });
    assert.equal(res.status, 201);
    assert.ok(res.data.organization, 'organization is filled in');
    assert.equal(res.data.organization.name, 'corp');
    assert.equal(res.data.organization.id, (await h.api('GET', '/orgs/corp')).body.id);
    assert.equal(res.data.permission, 'read', 'below admin the mode is the lowest unit mode, as Gitea computes it');
    assert.deepEqual(res.data.units, ['repo.code', 'repo.issues', 'repo.pulls']);
    assert.deepEqual(res.data.units_map, { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'read' });
    assert.equal(res.data.can_create_org_repo, true);
    const got = await api.teams.orgGetTeam(res.data.id!);
    assert.equal(got.data.organization?.name, 'corp');
    const list = await api.orgs.orgListTeams('corp');
    assert.ok(list.data.every((t) => t.organization?.name === 'corp'));
  });

  test('permission and units: admin teams get admin on every unit; units list gives the team mode', async () => {
    const admin = await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'admins', permission: 'admin', units_map: { 'repo.code': 'read' } } });
    expectStatus(admin, 201);
    assert.equal(admin.body.permission, 'admin');
    assert.equal(admin.body.units_map['repo.code'], 'admin');
    assert.equal(admin.body.units_map['repo.actions'], 'admin');
    assert.equal(admin.body.units_map['repo.ext_issues'], 'read');
    const readers = await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'readers', permission: 'read', units: ['repo.code', 'repo.wiki'] } });
    expectStatus(readers, 201);
    assert.deepEqual(readers.body.units_map, { 'repo.code': 'read', 'repo.wiki': 'read' });
    assert.equal(readers.body.organization.name, 'corp');
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'empty', permission: 'read' } }), 422);
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'READERS', permission: 'read', units: ['repo.code'] } }), 422);
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'bad name!', permission: 'read', units: ['repo.code'] } }), 422);
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'x', permission: 'owner', units: ['repo.code'] } }), 422);
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'x', units_map: { 'repo.nope': 'read' } } }), 422);
  });

  test('PATCH /teams/{id}: rename, mode and units; the Owners team keeps its name and mode', async () => {
    const t = (await h.api('POST', '/orgs/corp/teams', { auth: owner, body: { name: 'ops', permission: 'read', units: ['repo.code'] } })).body;
    const res = await h.api('PATCH', `/teams/${t.id}`, { auth: owner, body: { name: 'ops2', description: 'Operations', permission: 'write', units_map: { 'repo.code': 'write', 'repo.actions': 'admin' }, includes_all_repositories: true } });
    expectStatus(res, 200);
    assert.equal(res.body.name, 'ops2');
    assert.equal(res.body.description, 'Operations');
    assert.equal(res.body.permission, 'write');
    assert.equal(res.body.includes_all_repositories, true);
    assert.deepEqual(res.body.units_map, { 'repo.code': 'write', 'repo.actions': 'admin' });
    assert.equal(res.body.organization.name, 'corp');
    const own = await h.api('PATCH', `/teams/${ownersId}`, { auth: owner, body: { name: 'Bosses', permission: 'read', can_create_org_repo: false } });
    expectStatus(own, 200);
    assert.equal(own.body.name, 'Owners');
    assert.equal(own.body.permission, 'owner');
    assert.equal(own.body.can_create_org_repo, true);
    expectStatus(await h.api('PATCH', `/teams/${t.id}`, { auth: owner, body: { name: 'admins' } }), 422);
  });

  test('search, /user/teams, and who may see a team', async () => {
    const writers = (await h.api('GET', '/orgs/corp/teams/search?q=writ', { auth: root })).body;
    assert.equal(writers.ok, true);
    assert.deepEqual(writers.data.map((t: { name: string }) => t.name), ['writers']);
    assert.equal(writers.data[0].organization.name, 'corp');
    const byDesc = (await h.api('GET', '/orgs/corp/teams/search?q=they+write&include_desc=false', { auth: root })).body;
    assert.deepEqual(byDesc.data, []);
    const writerId = writers.data[0].id;
    expectStatus(await h.api('PUT', `/teams/${writerId}/members/member`, { auth: owner }), 204);
    const mine = (await h.api('GET', '/orgs/corp/teams/search', { auth: member })).body;
    assert.deepEqual(mine.data.map((t: { name: string }) => t.name), ['writers'], 'non-admins find only their own teams');
    const userTeams = await h.api('GET', '/user/teams', { auth: member });
    assert.deepEqual(userTeams.body.map((t: { name: string; organization: { name: string } }) => [t.name, t.organization.name]), [['writers', 'corp']]);
    expectStatus(await h.api('GET', `/teams/${writerId}`, { auth: member }), 200);
    const other = await h.api('GET', `/teams/${ownersId}`, { auth: member });
    expectStatus(other, 403);
    assert.equal(other.body.message, 'Must be a team member');
    expectStatus(await h.api('GET', `/teams/${ownersId}`, { auth: outsider }), 404);
    expectStatus(await h.api('GET', '/teams/999999', { auth: owner }), 404);
    expectStatus(await h.api('GET', '/teams/abc', { auth: owner }), 404);
    // Gitea's reqOrgOwnership: on /teams/{id} routes no organization is loaded, so a member who is not an owner gets
    // 404 there; on /orgs/{org} routes it is 403 "Must be an organization owner".
    expectStatus(await h.api('PATCH', `/teams/${writerId}`, { auth: member, body: { description: 'x' } }), 404);
    const notOwner = await h.api('PATCH', '/orgs/corp', { auth: member, body: { description: 'x' } });
    expectStatus(notOwner, 403);
    assert.equal(notOwner.body.message, 'Must be an organization owner');
    expectStatus(await h.api('GET', '/orgs/corp/teams', { auth: outsider }), 403);
    expectStatus(await h.api('POST', '/orgs/corp/teams', { auth: member, body: { name: 'mine', permission: 'read', units: ['repo.code'] } }), 403);
  });

  test('team members: add makes an org member, the last owner cannot leave', async () => {
    const writers = (await h.api('GET', '/orgs/corp/teams/search?q=writers', { auth: root })).body.data[0];
    const members = await h.api('GET', `/teams/${writers.id}/members`, { auth: member });
    assert.deepEqual(members.body.map((u: { login: string }) => u.login), ['member']);
    expectStatus(await h.api('GET', `/teams/${writers.id}/members/member`, { auth: member }), 200);
    expectStatus(await h.api('GET', `/teams/${writers.id}/members/outsider`, { auth: member }), 404);
    expectStatus(await h.api('GET', '/orgs/corp/members/member', { auth: owner }), 204);
    expectStatus(await h.api('PUT', `/teams/${writers.id}/members/corp`, { auth: owner }), 422);
    expectStatus(await h.api('PUT', `/teams/${writers.id}/members/ghost-user`, { auth: owner }), 404);
    expectStatus(await h.api('DELETE', `/teams/${ownersId}/members/owner`, { auth: owner }), 422);
    expectStatus(await h.api('DELETE', `/teams/${writers.id}/members/member`, { auth: owner }), 204);
    assert.deepEqual((await h.api('GET', `/teams/${writers.id}/members`, { auth: owner })).body, []);
  });

  test('team repositories: add, list, check, remove; admin access to the repository is needed', async () => {
    expectStatus(await h.api('POST', '/orgs/corp/repos', { auth: root, body: { name: 'app', private: true } }), 201);
    const readers = (await h.api('GET', '/orgs/corp/teams/search?q=readers', { auth: root })).body.data[0];
    expectStatus(await h.api('PUT', `/teams/${readers.id}/members/member`, { auth: owner }), 204);
    expectStatus(await h.api('GET', '/repos/corp/app', { auth: member }), 404);
    expectStatus(await h.api('PUT', `/teams/${readers.id}/repos/corp/app`, { auth: member }), 404);
    expectStatus(await h.api('PUT', `/teams/${readers.id}/repos/corp/app`, { auth: owner }), 204);
    const repo = await h.api('GET', '/repos/corp/app', { auth: member });
    expectStatus(repo, 200);
    assert.deepEqual(repo.body.permissions, { admin: false, push: false, pull: true });
    expectStatus(await h.api('PUT', `/teams/${readers.id}/repos/corp/app`, { auth: member }), 403);
    const list = await h.api('GET', `/teams/${readers.id}/repos`, { auth: member });
    assert.deepEqual(list.body.map((r: { full_name: string }) => r.full_name), ['corp/app']);
    expectStatus(await h.api('GET', `/teams/${readers.id}/repos/corp/app`, { auth: member }), 200);
    expectStatus(await h.api('GET', `/teams/${readers.id}/repos/other/app`, { auth: member }), 404);
    expectStatus(await h.api('DELETE', `/teams/${readers.id}/repos/corp/app`, { auth: owner }), 204);
    expectStatus(await h.api('GET', `/teams/${readers.id}/repos/corp/app`, { auth: member }), 404);
    expectStatus(await h.api('GET', '/repos/corp/app', { auth: member }), 404);
  });

  test('DELETE /teams/{id}: owners only; the Owners team stays', async () => {
    const readers = (await h.api('GET', '/orgs/corp/teams/search?q=readers', { auth: root })).body.data[0];
    expectStatus(await h.api('DELETE', `/teams/${readers.id}`, { auth: member }), 404);
    expectStatus(await h.api('DELETE', `/teams/${ownersId}`, { auth: owner }), 422);
    expectStatus(await h.api('DELETE', `/teams/${readers.id}`, { auth: owner }), 204);
    expectStatus(await h.api('GET', `/teams/${readers.id}`, { auth: owner }), 404);
  });

  test('repository teams: list, check, add and remove by name; 405 for a user-owned repository', async () => {
    expectStatus(await h.api('POST', '/orgs/corp/repos', { auth: root, body: { name: 'tools' } }), 201);
    const names = async () => (await h.api('GET', '/repos/corp/tools/teams', { auth: owner })).body.map((t: { name: string }) => t.name);
    assert.deepEqual(await names(), ['Owners', 'ops2'], 'the Owners team and all-repositories teams');
    expectStatus(await h.api('PUT', '/repos/corp/tools/teams/writers', { auth: owner }), 204);
    assert.deepEqual(await names(), ['Owners', 'ops2', 'writers']);
    const one = await h.api('GET', '/repos/corp/tools/teams/writers', { auth: owner });
    expectStatus(one, 200);
    assert.equal(one.body.organization.name, 'corp');
    expectStatus(await h.api('PUT', '/repos/corp/tools/teams/writers', { auth: owner }), 422);
    expectStatus(await h.api('PUT', '/repos/corp/tools/teams/nope', { auth: owner }), 404);
    expectStatus(await h.api('PUT', '/repos/corp/tools/collaborators/member', { auth: owner, body: { permission: 'admin' } }), 204);
    const denied = await h.api('DELETE', '/repos/corp/tools/teams/writers', { auth: member });
    expectStatus(denied, 403);
    assert.equal(denied.body.message, 'user is nor repo admin nor owner');
    expectStatus(await h.api('DELETE', '/repos/corp/tools/teams/writers', { auth: owner }), 204);
    expectStatus(await h.api('GET', '/repos/corp/tools/teams/writers', { auth: owner }), 404);
    expectStatus(await h.api('DELETE', '/repos/corp/tools/teams/writers', { auth: owner }), 422);
    expectStatus(await h.api('POST', '/user/repos', { auth: owner, body: { name: 'mine' } }), 201);
    expectStatus(await h.api('GET', '/repos/owner/mine/teams', { auth: owner }), 405);
  });
});
