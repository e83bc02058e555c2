import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus, pw } from './helpers.ts';

describe('organizations', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
  });
  after(async () => { await h.stop(); });

  test('POST /orgs answers the Organization and creates the Owners team', async () => {
    const res = await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme', full_name: 'Acme Inc', email: 'info@acme.test', visibility: 'public' } });
    expectStatus(res, 201);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'avatar_url', 'description', 'email', 'full_name', 'id', 'location', 'name', 'repo_admin_change_team_access', 'username', 'visibility', 'website',
    ]);
    assert.equal(res.body.name, 'acme');
    assert.equal(res.body.username, 'acme');
    assert.equal(res.body.visibility, 'public');
    const teams = await h.api('GET', '/orgs/acme/teams', { auth: alice });
    expectStatus(teams, 200);
    assert.equal(teams.body.length, 1);
    const owners = teams.body[0];
    assert.equal(owners.name, 'Owners');
    assert.equal(owners.permission, 'owner');
    assert.equal(owners.includes_all_repositories, true);
    assert.equal(owners.can_create_org_repo, true);
    assert.equal(owners.organization.name, 'acme');
    assert.equal(owners.units_map['repo.code'], 'owner');
    assert.equal(owners.units_map['repo.ext_wiki'], 'read');
    const members = await h.api('GET', `/teams/${owners.id}/members`, { auth: alice });
    assert.deepEqual(members.body.map((u: { login: string }) => u.login), ['alice']);
  });

  test('names follow the user-name rules and share the users namespace', async () => {
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme' } }), 422);
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'bob' } }), 422);
    const badName = await h.api('POST', '/orgs', { auth: alice, body: { username: 'bad name' } });
    expectStatus(badName, 422);
    assert.equal(badName.body.errors[0].field, 'username', 'the refusal names the field, so a form shows it beside the name');
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'admin' } }), 422);
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: {} }), 422);
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'ok-name', visibility: 'secret' } }), 422);
    expectStatus(await h.api('POST', '/orgs', { body: { username: 'anon-org' } }), 401);
  });

  test('a user who may not create organizations gets 403 and is told so by /user/capabilities; an admin creates one for them', async () => {
    const carol = await makeUser(h, 'carol', { allow_create_organization: false });
    const patched = await h.api('PATCH', '/admin/users/carol', { auth: root, body: { login_name: 'carol', source_id: 0, allow_create_organization: false } });
    expectStatus(patched, 200);
    const refused = await h.api('POST', '/orgs', { auth: carol, body: { username: 'carol-org' } });
    expectStatus(refused, 403);
    const capabilities = async (auth: string) => (await request(h.url, 'GET', '/api/homeforge/user/capabilities', { auth })).body.can_create_organization;
    assert.equal(await capabilities(carol), false);
    assert.equal(await capabilities(alice), true);
    const made = await h.api('POST', '/admin/users/carol/orgs', { auth: root, body: { username: 'carol-org' } });
    expectStatus(made, 201);
    const mine = await h.api('GET', '/user/orgs', { auth: carol });
    assert.deepEqual(mine.body.map((o: { name: string }) => o.name), ['carol-org']);
    expectStatus(await h.api('POST', '/admin/users/carol/orgs', { auth: alice, body: { username: 'x-org' } }), 403);
    expectStatus(await h.api('POST', '/admin/users/nobody/orgs', { auth: root, body: { username: 'x-org' } }), 404);
  });

  test('GET /orgs/{org}: email hidden from anonymous viewers; limited and private orgs are 404 to those who may not see them', async () => {
    const anon = await h.api('GET', '/orgs/acme');
    expectStatus(anon, 200);
    assert.equal(anon.body.email, '');
    assert.equal((await h.api('GET', '/orgs/acme', { auth: bob })).body.email, 'info@acme.test');
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'lim', visibility: 'limited' } }), 201);
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'priv', visibility: 'private' } }), 201);
    const missing = await h.api('GET', '/orgs/no-such-org');
    expectStatus(missing, 404);
    const hidden = await h.api('GET', '/orgs/lim');
    expectStatus(hidden, 404);
    // A hidden organization answers exactly like a missing one of that name.
    assert.equal(hidden.body.message.replace('lim', 'no-such-org'), missing.body.message);
    assert.equal(hidden.body.message, 'The organization lim does not exist.');
    expectStatus(await h.api('GET', '/orgs/lim', { auth: bob }), 200);
    expectStatus(await h.api('GET', '/orgs/priv', { auth: bob }), 404);
    expectStatus(await h.api('GET', '/orgs/priv', { auth: alice }), 200);
    expectStatus(await h.api('GET', '/orgs/priv', { auth: root }), 200);
    expectStatus(await h.api('GET', '/orgs/bob'), 404);
    const publicOnly = await createToken(h, 'alice', pw('alice'), ['public-only', 'read:organization']);
    expectStatus(await h.api('GET', '/orgs/acme', { auth: publicOnly }), 200);
    const limited = await h.api('GET', '/orgs/priv', { auth: publicOnly });
    expectStatus(limited, 403);
    assert.equal(limited.body.message, 'token scope is limited to public orgs');
  });

  test('GET /orgs lists what the viewer may see, alphabetically, and finds them by name or full name', async () => {
    const names = async (auth?: string) => (await h.api('GET', '/orgs', { auth })).body.map((o: { name: string }) => o.name);
    assert.deepEqual(await names(), ['acme', 'carol-org']);
    assert.deepEqual(await names(bob), ['acme', 'carol-org', 'lim']);
    assert.deepEqual(await names(root), ['acme', 'carol-org', 'lim', 'priv']);
    expectStatus(await h.api('GET', '/admin/orgs', { auth: bob }), 403);
    assert.deepEqual((await h.api('GET', '/admin/orgs', { auth: root })).body.map((o: { name: string }) => o.name), ['acme', 'carol-org', 'lim', 'priv']);
    const page = await h.api('GET', '/orgs?limit=1&page=2', { auth: root });
    assert.equal(page.headers.get('x-total-count'), '4');
    assert.deepEqual(page.body.map((o: { name: string }) => o.name), ['carol-org']);
    const found = await h.api('GET', '/orgs?q=CAROL', { auth: root });
    assert.equal(found.headers.get('x-total-count'), '1');
    assert.deepEqual(found.body.map((o: { name: string }) => o.name), ['carol-org']);
    assert.deepEqual((await h.api('GET', '/orgs?q=inc')).body.map((o: { name: string }) => o.name), ['acme'], 'the full name is searched too');
    assert.deepEqual((await h.api('GET', '/orgs?q=lim')).body, [], 'a limited organization stays hidden from a visitor');
  });

  test('PATCH /orgs/{org}: owners edit given fields; members 403, hidden orgs 404', async () => {
    const res = await h.api('PATCH', '/orgs/acme', { auth: alice, body: { description: 'We make things', repo_admin_change_team_access: true } });
    expectStatus(res, 200);
    assert.equal(res.body.description, 'We make things');
    assert.equal(res.body.full_name, 'Acme Inc');
    assert.equal(res.body.repo_admin_change_team_access, true);
    expectStatus(await h.api('PATCH', '/orgs/acme', { auth: alice, body: { website: 'not a url' } }), 422);
    expectStatus(await h.api('PATCH', '/orgs/acme', { auth: bob, body: { description: 'x' } }), 403);
    expectStatus(await h.api('PATCH', '/orgs/priv', { auth: bob, body: { description: 'x' } }), 404);
    const vis = await h.api('PATCH', '/orgs/lim', { auth: root, body: { visibility: 'public' } });
    assert.equal(vis.body.visibility, 'public');
    expectStatus(await h.api('PATCH', '/orgs/lim', { auth: alice, body: { visibility: 'limited' } }), 200);
  });

  test('members, public members and membership checks', async () => {
    const devs = await h.api('POST', '/orgs/acme/teams', { auth: alice, body: { name: 'devs', permission: 'read', units: ['repo.code'] } });
    expectStatus(devs, 201);
    expectStatus(await h.api('PUT', `/teams/${devs.body.id}/members/bob`, { auth: alice }), 204);
    const all = await h.api('GET', '/orgs/acme/members', { auth: bob });
    assert.deepEqual(all.body.map((u: { login: string }) => u.login), ['alice', 'bob']);
    const dave = await makeUser(h, 'dave');
    assert.deepEqual((await h.api('GET', '/orgs/acme/members', { auth: dave })).body, []);
    assert.deepEqual((await h.api('GET', '/orgs/acme/public_members')).body, []);
    expectStatus(await h.api('GET', '/orgs/acme/members/bob', { auth: alice }), 204);
    expectStatus(await h.api('GET', '/orgs/acme/members/dave', { auth: alice }), 404);
    expectStatus(await h.api('GET', '/orgs/acme/members/dave', { auth: dave }), 404);
    const redirect = await fetch(`${h.url}/api/v1/orgs/acme/members/bob`, { headers: { Authorization: `token ${dave}` }, redirect: 'manual' });
    assert.equal(redirect.status, 303);
    assert.equal(redirect.headers.get('location'), `${h.url}/api/v1/orgs/acme/public_members/bob`);
    expectStatus(await h.api('PUT', '/orgs/acme/public_members/alice', { auth: bob }), 403);
    expectStatus(await h.api('PUT', '/orgs/acme/public_members/bob', { auth: dave }), 403);
    expectStatus(await h.api('PUT', '/orgs/acme/public_members/bob', { auth: bob }), 204);
    expectStatus(await h.api('GET', '/orgs/acme/public_members/bob'), 204);
    expectStatus(await h.api('GET', '/orgs/acme/public_members/alice'), 404);
    assert.deepEqual((await h.api('GET', '/orgs/acme/public_members')).body.map((u: { login: string }) => u.login), ['bob']);
    assert.deepEqual((await h.api('GET', '/users/bob/orgs')).body.map((o: { name: string }) => o.name), ['acme']);
    assert.deepEqual((await h.api('GET', '/users/alice/orgs', { auth: dave })).body, []);
    assert.deepEqual((await h.api('GET', '/users/alice/orgs', { auth: alice })).body.map((o: { name: string }) => o.name), ['acme', 'lim', 'priv']);
    expectStatus(await h.api('DELETE', '/orgs/acme/public_members/bob', { auth: bob }), 204);
    expectStatus(await h.api('GET', '/orgs/acme/public_members/bob'), 404);
  });

  test('removing members: owners only; the last owner stays', async () => {
    expectStatus(await h.api('DELETE', '/orgs/acme/members/alice', { auth: bob }), 403);
    const last = await h.api('DELETE', '/orgs/acme/members/alice', { auth: alice });
    expectStatus(last, 422);
    assert.match(last.body.message, /last member of owner team/);
    expectStatus(await h.api('DELETE', '/orgs/acme/members/bob', { auth: alice }), 204);
    expectStatus(await h.api('GET', '/orgs/acme/members/bob', { auth: alice }), 404);
    const teams = await h.api('GET', '/orgs/acme/teams', { auth: bob });
    expectStatus(teams, 403);
    assert.equal(teams.body.message, 'Must be an organization member');
  });

  test('DELETE /orgs/{org}: owners only, refused while it owns repositories', async () => {
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'doomed' } }), 201);
    expectStatus(await h.api('DELETE', '/orgs/doomed', { auth: bob }), 403);
    const repo = await h.api('POST', '/orgs/doomed/repos', { auth: root, body: { name: 'keep' } });
    expectStatus(repo, 201);
    const refused = await h.api('DELETE', '/orgs/doomed', { auth: alice });
    expectStatus(refused, 422);
    assert.match(refused.body.message, /still has ownership of repositories/);
    expectStatus(await h.api('DELETE', '/repos/doomed/keep', { auth: alice }), 204);
    expectStatus(await h.api('DELETE', '/orgs/doomed', { auth: alice }), 204);
    expectStatus(await h.api('GET', '/orgs/doomed', { auth: alice }), 404);
    assert.deepEqual((await h.api('GET', '/user/orgs', { auth: alice })).body.map((o: { name: string }) => o.name), ['acme', 'lim', 'priv']);
  });
});
