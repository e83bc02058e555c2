import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from './helpers.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as hookStore from '../../server/store/hooks.ts';

describe('organization repositories and user purge', () => {
  let h: TestHost;
  let root: string;
  let owner: string;
  let creator: string;
  let member: string;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    owner = await makeUser(h, 'boss');
    creator = await makeUser(h, 'creator');
    member = await makeUser(h, 'plain');
    expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: 'works' } }), 201);
  });
  after(async () => { await h.stop(); });

  test('owners create repositories in the organization; plain members get 403, strangers of a hidden org 404', async () => {
    const res = await h.api('POST', '/orgs/works/repos', { auth: owner, body: { name: 'site', private: true } });
    expectStatus(res, 201);
    assert.equal(res.body.full_name, 'works/site');
    assert.equal(res.body.owner.login, 'works');
    assert.deepEqual(res.body.permissions, { admin: true, push: true, pull: true });
    const t = await h.api('POST', '/orgs/works/teams', { auth: owner, body: { name: 'plain', permission: 'read', units: ['repo.code'] } });
    expectStatus(await h.api('PUT', `/teams/${t.body.id}/members/plain`, { auth: owner }), 204);
    const refused = await h.api('POST', '/orgs/works/repos', { auth: member, body: { name: 'nope' } });
    expectStatus(refused, 403);
    assert.equal(refused.body.message, 'Given user is not allowed to create repository in organization.');
    expectStatus(await h.api('PATCH', '/orgs/works', { auth: owner, body: { visibility: 'private' } }), 200);
    expectStatus(await h.api('POST', '/orgs/works/repos', { auth: creator, body: { name: 'nope' } }), 404);
    expectStatus(await h.api('POST', '/orgs/no-such-org/repos', { auth: creator, body: { name: 'nope' } }), 404);
  });

  test('a member of a team that may create repositories becomes admin collaborator of the new repository', async () => {
    const t = await h.api('POST', '/orgs/works/teams', { auth: owner, body: { name: 'makers', permission: 'read', units: ['repo.code'], can_create_org_repo: true } });
    expectStatus(await h.api('PUT', `/teams/${t.body.id}/members/creator`, { auth: owner }), 204);
    const res = await h.api('POST', '/orgs/works/repos', { auth: creator, body: { name: 'made' } });
    expectStatus(res, 201);
    const perm = await h.api('GET', '/repos/works/made/collaborators/creator/permission', { auth: creator });
    assert.equal(perm.body.permission, 'admin');
    const list = await h.api('GET', '/orgs/works/repos', { auth: creator });
    assert.deepEqual(list.body.map((r: { name: string }) => r.name), ['made']);
    const all = await h.api('GET', '/orgs/works/repos', { auth: owner });
    assert.deepEqual(all.body.map((r: { name: string }) => r.name), ['site', 'made']);
  });

  test('DELETE /admin/users: a user in an organization is refused without purge; purge deletes the orgs they last own, with repositories and hooks', async () => {
    const refused = await h.api('DELETE', '/admin/users/boss', { auth: root });
    expectStatus(refused, 422);
    assert.match(refused.body.message, /user still has membership of organizations/);
    expectStatus(await h.api('POST', '/orgs', { auth: creator, body: { username: 'shared' } }), 201);
    const shared = (await h.api('GET', '/orgs/shared/teams', { auth: creator })).body[0];
    expectStatus(await h.api('PUT', `/teams/${shared.id}/members/boss`, { auth: creator }), 204);
    expectStatus(await h.api('POST', '/orgs/works/repos', { auth: root, body: { name: 'by-admin' } }), 201);
    expectStatus(await h.api('POST', '/orgs/works/hooks', { auth: root, body: { type: 'gitea', config: { url: 'http://127.0.0.1:9/', content_type: 'json' } } }), 201);
    const orgId = (await userStore.getByName(h.app.store, 'works'))!.id;
    assert.ok((await repoStore.listByOwner(h.app.store, orgId)).length > 0);

    expectStatus(await h.api('DELETE', '/admin/users/boss?purge=true', { auth: root }), 204);
    assert.equal(await userStore.getByName(h.app.store, 'works'), undefined, 'the organization boss last owned is gone');
    assert.deepEqual(await repoStore.listByOwner(h.app.store, orgId), [], 'with its repositories');
    assert.deepEqual(await hookStore.list(h.app.store, (x) => x.owner_id === orgId), [], 'and its hooks');
    expectStatus(await h.api('GET', '/repos/works/by-admin', { auth: root }), 404);
    expectStatus(await h.api('GET', '/orgs/shared', { auth: creator }), 200);
    expectStatus(await h.api('GET', '/orgs/shared/members/boss', { auth: creator }), 404);
    expectStatus(await h.api('GET', '/users/boss', { auth: root }), 404);
  });
});
