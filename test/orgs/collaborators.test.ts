import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from './helpers.ts';

describe('collaborators', () => {
  let h: TestHost;
  let root: string;
  let owner: string;
  let helper: string;
  let stranger: string;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    owner = await makeUser(h, 'owner');
    helper = await makeUser(h, 'helper');
    stranger = await makeUser(h, 'stranger');
    expectStatus(await h.api('POST', '/user/repos', { auth: owner, body: { name: 'secret', private: true } }), 201);
  });
  after(async () => { await h.stop(); });

  test('a collaborator is added with write by default and sees the private repository', async () => {
    expectStatus(await h.api('GET', '/repos/owner/secret', { auth: helper }), 404);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/helper', { auth: owner }), 204);
    const repo = await h.api('GET', '/repos/owner/secret', { auth: helper });
    expectStatus(repo, 200);
    assert.deepEqual(repo.body.permissions, { admin: false, push: true, pull: true });
    expectStatus(await h.api('GET', '/repos/owner/secret/collaborators/helper', { auth: owner }), 204);
    expectStatus(await h.api('GET', '/repos/owner/secret/collaborators/stranger', { auth: owner }), 404);
    expectStatus(await h.api('GET', '/repos/owner/secret/collaborators/nobody', { auth: owner }), 422);
    const list = await h.api('GET', '/repos/owner/secret/collaborators', { auth: helper });
    assert.deepEqual(list.body.map((u: { login: string }) => u.login), ['helper']);
    assert.equal(list.headers.get('x-total-count'), '1');
  });

  test('GET .../permission: self, repository admins and site admins may ask', async () => {
    const self = await h.api('GET', '/repos/owner/secret/collaborators/helper/permission', { auth: helper });
    expectStatus(self, 200);
    assert.equal(self.body.permission, 'write');
    assert.equal(self.body.role_name, 'write');
    assert.equal(self.body.user.login, 'helper');
    const other = await h.api('GET', '/repos/owner/secret/collaborators/owner/permission', { auth: helper });
    expectStatus(other, 403);
    const ownerPerm = await h.api('GET', '/repos/owner/secret/collaborators/owner/permission', { auth: root });
    assert.equal(ownerPerm.body.permission, 'owner');
    const none = await h.api('GET', '/repos/owner/secret/collaborators/stranger/permission', { auth: owner });
    assert.equal(none.body.permission, 'none');
    expectStatus(await h.api('GET', '/repos/owner/secret/collaborators/nobody/permission', { auth: owner }), 404);
    expectStatus(await h.api('GET', '/repos/owner/secret/collaborators/helper/permission', { auth: stranger }), 404);
  });

  test('only repository admins change collaborators; modes read, write, admin', async () => {
    const refused = await h.api('PUT', '/repos/owner/secret/collaborators/stranger', { auth: helper, body: { permission: 'admin' } });
    expectStatus(refused, 403);
    assert.equal(refused.body.message, 'user should be an owner or a collaborator with admin write of a repository');
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/helper', { auth: owner, body: { permission: 'owner' } }), 422);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/helper', { auth: owner, body: { permission: 'read' } }), 204);
    const ro = await h.api('GET', '/repos/owner/secret', { auth: helper });
    assert.deepEqual(ro.body.permissions, { admin: false, push: false, pull: true });
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/helper', { auth: owner, body: { permission: 'admin' } }), 204);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/stranger', { auth: helper, body: { permission: 'read' } }), 204);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/owner', { auth: owner }), 422);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/nobody', { auth: owner }), 422);
    expectStatus(await h.api('PUT', '/repos/owner/secret/collaborators/stranger', { body: {} }), 401);
  });

  test('DELETE removes the collaborator, who then gets 404', async () => {
    expectStatus(await h.api('DELETE', '/repos/owner/secret/collaborators/stranger', { auth: stranger }), 403);
    expectStatus(await h.api('DELETE', '/repos/owner/secret/collaborators/stranger', { auth: owner }), 204);
    expectStatus(await h.api('GET', '/repos/owner/secret', { auth: stranger }), 404);
    expectStatus(await h.api('DELETE', '/repos/owner/secret/collaborators/stranger', { auth: owner }), 204);
    expectStatus(await h.api('DELETE', '/repos/owner/secret/collaborators/nobody', { auth: owner }), 422);
  });
});
