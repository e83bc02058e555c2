import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from './helpers.ts';

describe('organization settings', () => {
  let h: TestHost;
  before(async () => {
    h = await startHost({
      settings: {
        'service.DEFAULT_ORG_VISIBILITY': 'limited', 'service.DEFAULT_ORG_MEMBER_VISIBLE': 'true', 'admin.DISABLE_REGULAR_ORG_CREATION': 'true',
      },
    });
  });
  after(async () => { await h.stop(); });

  test('DISABLE_REGULAR_ORG_CREATION, DEFAULT_ORG_VISIBILITY and DEFAULT_ORG_MEMBER_VISIBLE', async () => {
    const user = await makeUser(h, 'regular');
    expectStatus(await h.api('POST', '/orgs', { auth: user, body: { username: 'regular-org' } }), 403);
    const root = await createToken(h, ADMIN.username, ADMIN.password);
    const org = await h.api('POST', '/orgs', { auth: root, body: { username: 'admin-org' } });
    expectStatus(org, 201);
    assert.equal(org.body.visibility, 'limited');
    expectStatus(await h.api('GET', '/orgs/admin-org/public_members/root'), 404);
    expectStatus(await h.api('GET', '/orgs/admin-org/public_members/root', { auth: user }), 204);
    const explicit = await h.api('POST', '/admin/users/regular/orgs', { auth: root, body: { username: 'open-org', visibility: 'public' } });
    assert.equal(explicit.body.visibility, 'public');
    expectStatus(await h.api('GET', '/orgs/open-org/public_members/regular'), 204);
  });
});
