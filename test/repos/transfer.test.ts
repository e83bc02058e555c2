import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { makeUser, pw, expectStatus } from '../orgs/helpers.ts';

describe('repository transfer', () => {
  let h: TestHost;
  let g: GitSandbox;
  let alice: string;
  let bob: string;
  let carol: string;
  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    carol = await makeUser(h, 'carol');
    expectStatus(await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme' } }), 201);
  });
  after(async () => { await h.stop(); await g.dispose(); });

  const mkRepo = async (auth: string, name: string, priv = false) =>
    expectStatus(await h.api('POST', '/user/repos', { auth, body: { name, auto_init: true, private: priv } }), 201);

  test('to an organization the doer owns: moves at once (202) and clones at the new address', async () => {
    await mkRepo(alice, 'moving');
    const res = await h.api('POST', '/repos/alice/moving/transfer', { auth: alice, body: { new_owner: 'acme' } });
    expectStatus(res, 202);
    assert.equal(res.body.full_name, 'acme/moving');
    assert.equal(res.body.owner.login, 'acme');
    expectStatus(await h.api('GET', '/repos/acme/moving', { auth: alice }), 200);
    const work = path.join(g.dir, 'moved');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/acme/moving.git`, 'alice', pw('alice')), work]);
    assert.ok(existsSync(path.join(work, 'README.md')));
  });

  test('a name taken at the new owner is 422 and nothing moves', async () => {
    await mkRepo(alice, 'dup');
    expectStatus(await h.api('POST', '/orgs/acme/repos', { auth: alice, body: { name: 'dup' } }), 201);
    const res = await h.api('POST', '/repos/alice/dup/transfer', { auth: alice, body: { new_owner: 'acme' } });
    expectStatus(res, 422);
    assert.match(res.body.message, /already exists/);
    expectStatus(await h.api('GET', '/repos/alice/dup', { auth: alice }), 200);
  });

  test('a stranger, a reader and an unknown new owner are refused', async () => {
    await mkRepo(alice, 'guarded', true);
    expectStatus(await h.api('POST', '/repos/alice/guarded/transfer', { auth: carol, body: { new_owner: 'carol' } }), 404);
    expectStatus(await h.api('PUT', '/repos/alice/guarded/collaborators/carol', { auth: alice, body: { permission: 'read' } }), 204);
    expectStatus(await h.api('POST', '/repos/alice/guarded/transfer', { auth: carol, body: { new_owner: 'carol' } }), 403);
    expectStatus(await h.api('POST', '/repos/alice/guarded/transfer', { auth: alice, body: { new_owner: 'nobody' } }), 404);
    expectStatus(await h.api('POST', '/repos/alice/guarded/transfer', { auth: alice, body: { new_owner: 'bob', team_ids: [1] } }), 422);
  });

  test('to another user: pending (201) until the recipient accepts', async () => {
    await mkRepo(alice, 'gift', true);
    const res = await h.api('POST', '/repos/alice/gift/transfer', { auth: alice, body: { new_owner: 'bob' } });
    expectStatus(res, 201);
    assert.equal(res.body.full_name, 'alice/gift');
    // Gitea's repo_transfer while it waits: who asked, who is to accept, the teams.
    assert.equal(res.body.repo_transfer.doer.login, 'alice');
    assert.equal(res.body.repo_transfer.recipient.login, 'bob');
    assert.deepEqual(res.body.repo_transfer.teams, []);
    assert.equal((await h.api('GET', '/repos/alice/gift', { auth: bob })).body.repo_transfer.recipient.login, 'bob');
    // The recipient can see it meanwhile; a second transfer is a conflict; only the recipient decides.
    expectStatus(await h.api('GET', '/repos/alice/gift', { auth: bob }), 200);
    expectStatus(await h.api('POST', '/repos/alice/gift/transfer', { auth: alice, body: { new_owner: 'carol' } }), 409);
    expectStatus(await h.api('POST', '/repos/alice/gift/transfer/accept', { auth: alice }), 403);
    const ok = await h.api('POST', '/repos/alice/gift/transfer/accept', { auth: bob });
    expectStatus(ok, 202);
    assert.equal(ok.body.full_name, 'bob/gift');
    assert.equal(ok.body.repo_transfer, undefined, 'no transfer waits any more');
    expectStatus(await h.api('GET', '/repos/bob/gift', { auth: bob }), 200);
    expectStatus(await h.api('GET', '/repos/alice/gift', { auth: alice }), 404);
    expectStatus(await h.api('POST', '/repos/bob/gift/transfer/accept', { auth: bob }), 404);
  });

  test('to another user: a rejected transfer leaves the repository where it was', async () => {
    await mkRepo(alice, 'declined');
    expectStatus(await h.api('POST', '/repos/alice/declined/transfer', { auth: alice, body: { new_owner: 'bob' } }), 201);
    const res = await h.api('POST', '/repos/alice/declined/transfer/reject', { auth: bob });
    expectStatus(res, 200);
    assert.equal(res.body.full_name, 'alice/declined');
    expectStatus(await h.api('POST', '/repos/alice/declined/transfer/accept', { auth: bob }), 404);
    expectStatus(await h.api('GET', '/repos/bob/declined', { auth: bob }), 404);
  });
});
