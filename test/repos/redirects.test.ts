/** Old names keep working after a rename or a transfer: the API answers 301, git clones, fetches and pushes the old URL. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { makeUser, pw, expectStatus } from '../orgs/helpers.ts';

/** One request that does not follow redirects. */
async function raw(h: TestHost, p: string, auth?: string): Promise<Response> {
  return fetch(`${h.url}${p}`, { redirect: 'manual', headers: auth ? { Authorization: `token ${auth}` } : {} });
}

describe('repository redirects', () => {
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

  const clone = (owner: string, name: string, dir: string, user = 'alice') =>
    g.run(['clone', '-q', withCredentials(`${h.url}/${owner}/${name}.git`, user, pw(user)), path.join(g.dir, dir)]);

  test('after a rename: the API answers 301 to the new path; git clones, fetches and pushes the old URL', async () => {
    expectStatus(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'old-name', auto_init: true, private: true } }), 201);
    expectStatus(await h.api('PATCH', '/repos/alice/old-name', { auth: alice, body: { name: 'new-name' } }), 200);

    const moved = await raw(h, '/api/v1/repos/alice/old-name/branches?page=1&limit=5', alice);
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), `${h.url}/api/v1/repos/alice/new-name/branches?page=1&limit=5`);
    const followed = await h.api('GET', '/repos/alice/old-name', { auth: alice });
    expectStatus(followed, 200);
    assert.equal(followed.body.full_name, 'alice/new-name');
    // The new name of a private repository is not told to who may not read it.
    assert.equal((await raw(h, '/api/v1/repos/alice/old-name', carol)).status, 404);
    assert.equal((await raw(h, '/api/v1/repos/alice/old-name')).status, 404);

    const c = await clone('alice', 'old-name', 'renamed');
    assert.equal(c.code, 0, c.stderr);
    assert.match(await readFile(path.join(g.dir, 'renamed', 'README.md'), 'utf8'), /old-name/);
    const work = path.join(g.dir, 'renamed');
    const sha = await commitFiles(g, work, { 'more.txt': 'more\n' }, 'more');
    await g.ok(['push', '-q', 'origin', 'HEAD:main'], { cwd: work });
    const head = await h.api('GET', '/repos/alice/new-name/branches/main', { auth: alice });
    assert.equal(head.body.commit.id, sha, 'the push through the old URL reached the renamed repository');
    await g.ok(['fetch', '-q', 'origin'], { cwd: work });
    // A stranger's clone of the old URL is refused as if there were nothing.
    const refused = await clone('alice', 'old-name', 'stranger', 'carol');
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /not found/i);
  });

  test('after a transfer: the old owner and name lead to the new owner', async () => {
    expectStatus(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'given', auto_init: true } }), 201);
    expectStatus(await h.api('POST', '/repos/alice/given/transfer', { auth: alice, body: { new_owner: 'acme' } }), 202);
    const moved = await raw(h, '/api/v1/repos/alice/given/contents/README.md');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), `${h.url}/api/v1/repos/acme/given/contents/README.md`);
    const c = await clone('alice', 'given', 'transferred', 'bob');
    assert.equal(c.code, 0, c.stderr);
    assert.match(await readFile(path.join(g.dir, 'transferred', 'README.md'), 'utf8'), /given/);
    const info = await raw(h, '/alice/given.git/info/refs?service=git-upload-pack');
    assert.equal(info.status, 301);
    assert.equal(info.headers.get('location'), '/acme/given.git/info/refs?service=git-upload-pack');
  });

  test('a new repository with the old name wins over the redirect, for good', async () => {
    expectStatus(await h.api('POST', '/user/repos', { auth: bob, body: { name: 'taken', auto_init: true } }), 201);
    expectStatus(await h.api('PATCH', '/repos/bob/taken', { auth: bob, body: { name: 'elsewhere' } }), 200);
    assert.equal((await raw(h, '/api/v1/repos/bob/taken', bob)).status, 301);
    expectStatus(await h.api('POST', '/user/repos', { auth: bob, body: { name: 'taken', description: 'the new one' } }), 201);
    const now = await raw(h, '/api/v1/repos/bob/taken', bob);
    assert.equal(now.status, 200);
    assert.equal(((await now.json()) as { description: string }).description, 'the new one');
    const c = await clone('bob', 'taken', 'new-taken', 'bob');
    assert.equal(c.code, 0, c.stderr);
    assert.deepEqual((await g.ok(['ls-files'], { cwd: path.join(g.dir, 'new-taken') })).trim(), '', 'the new, empty repository was cloned');
    // Deleting the new one does not bring the redirect back.
    expectStatus(await h.api('DELETE', '/repos/bob/taken', { auth: bob }), 204);
    assert.equal((await raw(h, '/api/v1/repos/bob/taken', bob)).status, 404);
    // Renaming back takes the name from the redirect too.
    expectStatus(await h.api('PATCH', '/repos/bob/elsewhere', { auth: bob, body: { name: 'taken' } }), 200);
    assert.equal((await raw(h, '/api/v1/repos/bob/taken', bob)).status, 200);
    assert.equal((await raw(h, '/api/v1/repos/bob/elsewhere', bob)).status, 301);
  });
});
