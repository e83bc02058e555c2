// Tag protection through HTTP and the real git client: Gitea's /tag_protections routes (repository admins),
// and the rule enforced at the pre-receive point for pushes, API tag writes and releases that make tags.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { makeUser } from '../issues/helpers.ts';

const O = ADMIN.username;
const R = `/repos/${O}/guarded`;

describe('tag protection', () => {
  let h: TestHost;
  let token: string;
  let alice: string;
  let g: GitSandbox;
  let work: string;
  const remote = (user: string, password: string) => withCredentials(`${h.url}/${O}/guarded.git`, user, password);

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    g = await gitSandbox();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'guarded' } })).status, 201);
    assert.equal((await h.api('PUT', `${R}/collaborators/alice`, { auth: token, body: { permission: 'write' } })).status, 204);
    work = path.join(g.dir, 'work');
    await makeRepo(g, work, { 'a.txt': 'a\n' });
    await g.ok(['push', '-q', remote(ADMIN.username, ADMIN.password), 'main'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); });

  test('rules: create, list, get, edit, delete; Gitea\'s refusals', async () => {
    const made = await h.api('POST', `${R}/tag_protections`, { auth: token, body: { name_pattern: 'v*', whitelist_usernames: ['alice'] } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.name_pattern, 'v*');
    assert.deepEqual(made.body.whitelist_usernames, ['alice']);
    assert.deepEqual(made.body.whitelist_teams, []);
    const other = await h.api('POST', `${R}/tag_protections`, { auth: token, body: { name_pattern: 'tmp-*' } });
    const list = await h.api('GET', `${R}/tag_protections`, { auth: token });
    assert.deepEqual(list.body.map((r: { name_pattern: string }) => r.name_pattern), ['v*', 'tmp-*']);
    assert.equal((await h.api('GET', `${R}/tag_protections/${made.body.id}`, { auth: token })).body.id, made.body.id);
    const edited = await h.api('PATCH', `${R}/tag_protections/${other.body.id}`, { auth: token, body: { name_pattern: 'scratch-*' } });
    assert.equal(edited.body.name_pattern, 'scratch-*');
    assert.equal((await h.api('DELETE', `${R}/tag_protections/${other.body.id}`, { auth: token })).status, 204);
    assert.equal((await h.api('GET', `${R}/tag_protections/${other.body.id}`, { auth: token })).status, 404);
    assert.equal((await h.api('POST', `${R}/tag_protections`, { auth: token, body: { name_pattern: ' ' } })).status, 422);
    assert.equal((await h.api('POST', `${R}/tag_protections`, { auth: token, body: { name_pattern: '/^v.*$/' } })).status, 422);
    assert.equal((await h.api('POST', `${R}/tag_protections`, { auth: token, body: { name_pattern: 'x', whitelist_usernames: ['nobody'] } })).status, 422);
    assert.equal((await h.api('GET', `${R}/tag_protections`, { auth: alice })).status, 403, 'a writer is not an admin');
    assert.equal((await h.api('GET', `${R}/tag_protections`)).status, 401);
  });

  test('a push of a protected tag is refused before refs move, unless the pusher is on the allow list', async () => {
    await g.ok(['tag', 'v1'], { cwd: work });
    const refused = await g.run(['push', remote(ADMIN.username, ADMIN.password), 'refs/tags/v1'], { cwd: work });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /Tag v1 is protected/);
    assert.match(refused.stderr, /pre-receive hook declined/);
    assert.equal((await h.api('GET', `${R}/tags/v1`, { auth: token })).status, 404);
    await g.ok(['push', '-q', remote('alice', 'alice-password-1'), 'refs/tags/v1'], { cwd: work });
    assert.equal((await h.api('GET', `${R}/tags/v1`, { auth: token })).status, 200);
    await g.ok(['tag', 'other'], { cwd: work });
    await g.ok(['push', '-q', remote(ADMIN.username, ADMIN.password), 'refs/tags/other'], { cwd: work });
    const del = await g.run(['push', remote(ADMIN.username, ADMIN.password), '--delete', 'refs/tags/v1'], { cwd: work });
    assert.match(del.stderr, /Tag v1 is protected/);
  });

  test('API tag writes and releases that make a protected tag answer 422', async () => {
    const tag = await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: 'v2', message: 'two' } });
    assert.equal(tag.status, 422, tag.text);
    assert.match(tag.body.message, /Tag v2 is protected/);
    assert.equal((await h.api('POST', `${R}/tags`, { auth: alice, body: { tag_name: 'v2' } })).status, 201);
    assert.equal((await h.api('DELETE', `${R}/tags/v2`, { auth: token })).status, 422);
    const rel = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v3' } });
    assert.equal(rel.status, 422);
    assert.equal((await h.api('GET', `${R}/releases/tags/v3`, { auth: token })).status, 404, 'nothing stored');
    assert.equal((await h.api('POST', `${R}/releases`, { auth: alice, body: { tag_name: 'v3' } })).status, 201);
    assert.equal((await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'free-1' } })).status, 201);
  });
});
