/**
 * The annotated tag object (GET /git/tags/{sha}) with its message as git stored it, and renaming a branch
 * (PATCH /branches/{branch}) as `git ls-remote` then sees it, the default branch following, with Gitea's rules.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

describe('annotated tags and branch renames', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let work: string;
  let head: string;
  const remote = () => withCredentials(`${h.url}/root/refs.git`, ADMIN.username, ADMIN.password);

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'refs' } })).status, 201);
    work = path.join(g.dir, 'work');
    head = await makeRepo(g, work, { 'README.md': '# refs\n' });
    await g.ok(['tag', '-a', 'v1', '-m', 'Release one\n\nWith notes.'], { cwd: work });
    await g.ok(['tag', 'light'], { cwd: work });
    await g.ok(['branch', 'topic'], { cwd: work });
    await g.ok(['push', '-q', remote(), 'main', 'topic', '--tags'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); });

  test('GET /git/tags/{sha}: the tag object, its tagger and target, the message with git\'s trailing newline', async () => {
    const tagId = (await g.ok(['rev-parse', 'v1'], { cwd: work })).trim();
    const res = await giteaApi(h.url, { token }).repos.getAnnotatedTag('root', 'refs', tagId);
    assert.equal(res.status, 200);
    assert.equal(res.data.tag, 'v1');
    assert.equal(res.data.sha, tagId);
    assert.equal(res.data.message, 'Release one\n\nWith notes.\n');
    assert.equal(res.data.tagger!.name, 'Test User');
    assert.equal(res.data.tagger!.email, 'test@example.com');
    assert.match(res.data.tagger!.date!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.deepEqual(res.data.object, { type: 'commit', sha: head, url: `${h.url}/api/v1/repos/root/refs/git/commits/${head}` });
    assert.equal(res.data.url, `${h.url}/api/v1/repos/root/refs/git/tags/${tagId}`);
    assert.equal(res.data.verification!.verified, false);
    const tag = await h.api('GET', '/repos/root/refs/tags/v1', { auth: token });
    assert.equal(tag.body.message, 'Release one\n\nWith notes.\n');
    assert.equal((await h.api('GET', '/repos/root/refs/tags/light', { auth: token })).body.message, 'first commit\n');
    const light = await h.api('GET', `/repos/root/refs/git/tags/${head}`, { auth: token });
    assert.equal(light.status, 400, 'a lightweight tag has no tag object');
    assert.equal(light.body.message, `The annotated tag ${head} does not exist in this repository.`);
    assert.equal((await h.api('GET', '/repos/root/refs/git/tags/abc', { auth: token })).status, 400);
    assert.equal((await h.api('GET', `/repos/root/refs/git/tags/${'g'.repeat(40)}`, { auth: token })).status, 400);
  });

  test('PATCH /branches/{branch}: the rename is seen by git ls-remote, the default branch and HEAD follow', async () => {
    const ls = async () => (await g.ok(['ls-remote', '--symref', remote()], { cwd: work })).trim().split('\n');
    const renamed = await h.api('PATCH', '/repos/root/refs/branches/main', { auth: token, body: { name: 'trunk' } });
    assert.equal(renamed.status, 204, renamed.text);
    const lines = await ls();
    assert.ok(lines.includes('ref: refs/heads/trunk\tHEAD'), lines.join('\n'));
    assert.ok(lines.includes(`${head}\trefs/heads/trunk`));
    assert.ok(!lines.some((l) => l.endsWith('\trefs/heads/main')));
    assert.equal((await h.api('GET', '/repos/root/refs', { auth: token })).body.default_branch, 'trunk');
    const branches = (await h.api('GET', '/repos/root/refs/branches', { auth: token })).body.map((b: { name: string }) => b.name).sort();
    assert.deepEqual(branches, ['topic', 'trunk']);
    assert.equal((await h.api('GET', '/repos/root/refs/branches/main', { auth: token })).status, 404);
  });

  test('rename rules: 422 for an existing target, 404 for a missing branch, 403 for a writer renaming the default', async () => {
    const taken = await h.api('PATCH', '/repos/root/refs/branches/topic', { auth: token, body: { name: 'trunk' } });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.message, 'Cannot rename a branch using the same name or rename to a branch that already exists.');
    const missing = await h.api('PATCH', '/repos/root/refs/branches/nope', { auth: token, body: { name: 'other' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, "Branch doesn't exist.");
    assert.equal((await h.api('PATCH', '/repos/root/refs/branches/topic', { auth: token, body: { name: 'bad..name' } })).status, 422);
    assert.equal((await h.api('POST', '/admin/users', { auth: token, body: { username: 'writer', email: 'writer@example.com', password: 'writer-password-1', must_change_password: false } })).status, 201);
    assert.equal((await h.api('PUT', '/repos/root/refs/collaborators/writer', { auth: token, body: { permission: 'write' } })).status, 204);
    const writer = await createToken(h, 'writer', 'writer-password-1');
    const denied = await h.api('PATCH', '/repos/root/refs/branches/trunk', { auth: writer, body: { name: 'main' } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, 'User must be a repo or site admin to rename default or protected branches.');
    assert.equal((await h.api('PATCH', '/repos/root/refs/branches/topic', { auth: writer, body: { name: 'topic-2' } })).status, 204);
    const lines = (await g.ok(['ls-remote', remote()], { cwd: work })).trim().split('\n');
    assert.ok(lines.includes(`${head}\trefs/heads/topic-2`));
  });
});
