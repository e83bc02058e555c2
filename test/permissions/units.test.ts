// repoPermission itself: per-unit modes from teams, restricted users, collaborators beside teams, archived repositories.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from '../orgs/helpers.ts';
import { repoPermission, unitMode } from '../../server/services/permission/permissions.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';

describe('repoPermission', () => {
  let h: TestHost;
  let root: string;
  let owner: string;
  const user = async (name: string) => (await userStore.getByName(h.app.store, name))!;
  const repo = async (org: string, name: string) => (await repoStore.getByOwnerAndName(h.app.store, (await user(org)).id, name))!;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    owner = await makeUser(h, 'u-owner');
    await makeUser(h, 'u-issues');
    await makeUser(h, 'u-restricted', { restricted: true });
    await makeUser(h, 'u-restricted-member', { restricted: true });
    expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: 'u-org' } }), 201);
    expectStatus(await h.api('POST', '/orgs/u-org/repos', { auth: root, body: { name: 'private', private: true } }), 201);
    expectStatus(await h.api('POST', '/orgs/u-org/repos', { auth: root, body: { name: 'public' } }), 201);
  });
  after(async () => { await h.stop(); });

  test('a team with units_map gives each unit its mode and nothing on the others', async () => {
    const team = await h.api('POST', '/orgs/u-org/teams', {
      auth: owner, body: { name: 'triage', units_map: { 'repo.issues': 'write', 'repo.code': 'read' }, includes_all_repositories: true },
    });
    expectStatus(team, 201);
    expectStatus(await h.api('PUT', `/teams/${team.body.id}/members/u-issues`, { auth: owner }), 204);
    const perm = await repoPermission(h.app, await user('u-issues'), await repo('u-org', 'private'));
    assert.equal(perm.mode, 'read');
    assert.equal(unitMode(perm, 'repo.code'), 'read');
    assert.equal(unitMode(perm, 'repo.issues'), 'write');
    assert.equal(unitMode(perm, 'repo.pulls'), 'none');
    const onPublic = await repoPermission(h.app, await user('u-issues'), await repo('u-org', 'public'));
    assert.equal(unitMode(onPublic, 'repo.pulls'), 'read', 'a public repository keeps its read floor on units the team lacks');
  });

  test('a collaborator mode beside a team: the higher one wins on every unit', async () => {
    expectStatus(await h.api('PUT', '/repos/u-org/private/collaborators/u-issues', { auth: root, body: { permission: 'write' } }), 204);
    const perm = await repoPermission(h.app, await user('u-issues'), await repo('u-org', 'private'));
    assert.equal(perm.mode, 'write');
    assert.equal(unitMode(perm, 'repo.code'), 'write');
    assert.equal(unitMode(perm, 'repo.pulls'), 'write');
    expectStatus(await h.api('DELETE', '/repos/u-org/private/collaborators/u-issues', { auth: root }), 204);
  });

  test('restricted users see only the organizations they belong to', async () => {
    const stranger = await repoPermission(h.app, await user('u-restricted'), await repo('u-org', 'public'));
    assert.equal(stranger.mode, 'none');
    const t = await h.api('POST', '/orgs/u-org/teams', { auth: owner, body: { name: 'r', permission: 'read', units: ['repo.code'] } });
    expectStatus(await h.api('PUT', `/teams/${t.body.id}/members/u-restricted-member`, { auth: owner }), 204);
    const member = await repoPermission(h.app, await user('u-restricted-member'), await repo('u-org', 'public'));
    assert.equal(member.mode, 'none', 'a restricted member gets no read floor, only what teams give');
    expectStatus(await h.api('PUT', `/teams/${t.body.id}/repos/u-org/public`, { auth: owner }), 204);
    const given = await repoPermission(h.app, await user('u-restricted-member'), await repo('u-org', 'public'));
    assert.equal(given.mode, 'read');
    assert.equal((await h.api('GET', '/orgs')).body.length, 1);
  });

  test('site admins and organization owners own every repository; archiving changes no mode', async () => {
    const admin = await repoPermission(h.app, await user(ADMIN.username), await repo('u-org', 'private'));
    assert.equal(admin.mode, 'owner');
    const ownerPerm = await repoPermission(h.app, await user('u-owner'), await repo('u-org', 'private'));
    assert.equal(ownerPerm.mode, 'owner');
    expectStatus(await h.api('PATCH', '/repos/u-org/private', { auth: owner, body: { archived: true } }), 200);
    assert.equal((await repoPermission(h.app, await user('u-owner'), await repo('u-org', 'private'))).mode, 'owner');
    assert.equal((await repoPermission(h.app, null, await repo('u-org', 'private'))).mode, 'none');
  });
});
