/** Registration tokens at repository, organization, user and site level: reusable until reset, one active per scope; who may see them. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { registerRunner } from '../helpers/runner-client.ts';
import * as tokenStore from '../../server/store/runner-tokens.ts';

const LEVELS = [
  { name: 'repository', path: '/repos/alice/proj/actions/runners', scope: { ownerId: 0, repoId: -1 } },
  { name: 'organization', path: '/orgs/team/actions/runners', scope: { ownerId: -2, repoId: 0 } },
  { name: 'user', path: '/user/actions/runners', scope: { ownerId: -3, repoId: 0 } },
  { name: 'site', path: '/admin/actions/runners', scope: { ownerId: 0, repoId: 0 } },
];

describe('runner registration tokens', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;
  const ids = { repo: 0, org: 0, alice: 0 };
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const u of ['alice', 'bob']) {
      assert.equal((await h.api('POST', '/admin/users', { auth: root, body: { username: u, email: `${u}@example.com`, password: `${u}-password-1`, must_change_password: false } })).status, 201);
    }
    alice = await createToken(h, 'alice', 'alice-password-1');
    bob = await createToken(h, 'bob', 'bob-password-1');
    ids.repo = (await h.api('POST', '/user/repos', { auth: alice, body: { name: 'proj', private: true } })).body.id as number;
    ids.org = (await h.api('POST', '/orgs', { auth: alice, body: { username: 'team' } })).body.id as number;
    ids.alice = (await h.api('GET', '/user', { auth: alice })).body.id as number;
    assert.equal((await h.api('PUT', '/repos/alice/proj/collaborators/bob', { auth: alice, body: { permission: 'write' } })).status, 204);
  });
  after(() => h.stop());

  for (const level of LEVELS) {
    test(`${level.name}: the same token until reset, then only the new one registers`, async () => {
      const who = level.name === 'site' ? root : alice;
      const a = await h.api('POST', `${level.path}/registration-token`, { auth: who });
      assert.equal(a.status, 200, a.text);
      assert.match(a.body.token, /^[A-Za-z0-9]{40}$/);
      const b = await h.api('POST', `${level.path}/registration-token`, { auth: who });
      assert.equal(b.body.token, a.body.token, 'reusable until reset');
      const r1 = await registerRunner(h.url, a.body.token, { name: `${level.name}-1` });
      const r2 = await registerRunner(h.url, a.body.token, { name: `${level.name}-2` });
      assert.notEqual(r1.uuid, r2.uuid, 'one token registers several runners');
      const reset = await request(h.url, 'POST', `/api/homeforge${level.path}/registration-token/reset`, { auth: who });
      assert.equal(reset.status, 200, reset.text);
      assert.notEqual(reset.body.token, a.body.token);
      assert.equal((await h.api('POST', `${level.path}/registration-token`, { auth: who })).body.token, reset.body.token);
      await assert.rejects(registerRunner(h.url, a.body.token), /invalidated/);
      await registerRunner(h.url, reset.body.token, { name: `${level.name}-3` });
      // One active token per scope, stored sealed and hashed (the plain token is nowhere in the record).
      const scope = { ownerId: level.scope.ownerId === -2 ? ids.org : level.scope.ownerId === -3 ? ids.alice : level.scope.ownerId, repoId: level.scope.repoId === -1 ? ids.repo : level.scope.repoId };
      const rows = await tokenStore.listByScope(h.app.store, scope.ownerId, scope.repoId);
      assert.equal(rows.filter((t) => t.is_active).length, 1);
      assert.ok(rows.every((t) => !JSON.stringify(t).includes(reset.body.token)));
      const list = await h.api('GET', level.path, { auth: who });
      assert.equal(list.status, 200, list.text);
      assert.ok(['-1', '-2', '-3'].every((n) => list.body.runners.some((r: { name: string }) => r.name === `${level.name}${n}`)));
      assert.equal(list.headers.get('x-total-count'), String(list.body.total_count));
    });
  }

  test('levels see their own runners and those available to them; others are 404', async () => {
    const repoList = (await h.api('GET', '/repos/alice/proj/actions/runners', { auth: alice })).body.runners.map((r: { name: string }) => r.name);
    assert.ok(repoList.includes('user-1') && repoList.includes('site-1') && repoList.includes('repository-1'), 'owner and global runners are available to the repository');
    assert.ok(!repoList.includes('organization-1'));
    const site = (await h.api('GET', '/admin/actions/runners', { auth: root })).body.runners as { id: number; name: string }[];
    const orgRunner = site.find((r) => r.name === 'organization-1')!;
    assert.equal((await h.api('GET', `/repos/alice/proj/actions/runners/${orgRunner.id}`, { auth: alice })).status, 404);
    assert.equal((await h.api('GET', `/orgs/team/actions/runners/${orgRunner.id}`, { auth: alice })).status, 200);
    const off = await h.api('PATCH', `/orgs/team/actions/runners/${orgRunner.id}`, { auth: alice, body: { disabled: true } });
    assert.equal(off.body.disabled, true);
    const disabled = (await h.api('GET', '/orgs/team/actions/runners?disabled=true', { auth: alice })).body.runners as { id: number }[];
    assert.deepEqual(disabled.map((r) => r.id), [orgRunner.id]);
  });

  test('permissions: repository admin, organization owner, the user, site admin', async () => {
    assert.equal((await h.api('POST', '/repos/alice/proj/actions/runners/registration-token', { auth: bob })).status, 403, 'a writer is not an admin');
    assert.equal((await h.api('POST', '/orgs/team/actions/runners/registration-token', { auth: bob })).status, 403, 'not an owner of the (public) organization');
    assert.equal((await h.api('POST', '/admin/actions/runners/registration-token', { auth: alice })).status, 403);
    assert.equal((await h.api('POST', '/user/actions/runners/registration-token')).status, 401);
    const bobs = (await h.api('POST', '/user/actions/runners/registration-token', { auth: bob })).body.token as string;
    const alices = (await h.api('POST', '/user/actions/runners/registration-token', { auth: alice })).body.token as string;
    assert.notEqual(bobs, alices, 'each user has a scope of their own');
    assert.equal((await h.api('POST', '/repos/alice/proj/actions/runners/registration-token', { auth: root })).status, 200, 'site admin');
  });
});
