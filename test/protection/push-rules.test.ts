// Branch protection enforced before refs move: real `git push` refused with Gitea's messages, API ref writes refused,
// allow-lists, force pushes, deletion, protected and unprotected file patterns, glob rule names.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';

const WRITER = { username: 'writer', password: 'writer-password-1' };

describe('branch protection at the pre-receive point', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  let writer: string;
  let work: string;
  const remote = (user = ADMIN.username, tok = root): string => withCredentials(`${h.url}/root/guarded.git`, user, tok);
  const head = async (branch: string): Promise<string> => (await g.ok(['ls-remote', remote(), `refs/heads/${branch}`])).split('\t')[0] ?? '';
  const local = async (): Promise<string> => (await g.ok(['rev-parse', 'HEAD'], { cwd: work })).trim();
  const protect = async (body: Record<string, unknown>): Promise<void> => {
    const res = await h.api('POST', '/repos/root/guarded/branch_protections', { auth: root, body });
    assert.equal(res.status, 201, res.text);
  };
  const unprotect = async (name: string): Promise<void> => {
    assert.equal((await h.api('DELETE', `/repos/root/guarded/branch_protections/${encodeURIComponent(name)}`, { auth: root })).status, 204);
  };
  const refusedWith = async (args: string[], message: RegExp, user?: string, tok?: string): Promise<string> => {
    const r = await g.run(['push', remote(user, tok), ...args], { cwd: work });
    assert.notEqual(r.code, 0, 'the push should have been refused');
    assert.match(r.stderr, message);
    assert.match(r.stderr, /pre-receive hook declined/);
    return r.stderr;
  };

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    const made = await h.api('POST', '/admin/users', { auth: root, body: { ...WRITER, email: 'writer@example.com', must_change_password: false } });
    assert.equal(made.status, 201);
    writer = await createToken(h, WRITER.username, WRITER.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name: 'guarded' } })).status, 201);
    assert.equal((await h.api('PUT', '/repos/root/guarded/collaborators/writer', { auth: root, body: { permission: 'write' } })).status, 204);
    work = path.join(g.dir, 'work');
    await makeRepo(g, work, { 'a.txt': 'a\n', 'yarn.lock': 'v1\n', 'docs/guide.md': '# guide\n' });
    await g.ok(['push', remote(), 'main', 'main:refs/heads/side'], { cwd: work });
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  test('push disabled: the push is refused with the reason and no ref moves; the branch API says protected', async () => {
    await protect({ rule_name: 'main', required_approvals: 2, enable_status_check: true, status_check_contexts: ['ci/*'] });
    const before = await head('main');
    await commitFiles(g, work, { 'a.txt': 'a2\n' }, 'change a');
    const stderr = await refusedWith(['main'], /remote: Not allowed to push to protected branch main/);
    assert.match(stderr, /\[remote rejected\] main -> main/);
    assert.equal(await head('main'), before);
    const b = await h.api('GET', '/repos/root/guarded/branches/main', { auth: root });
    assert.equal(b.status, 200);
    assert.equal(b.body.protected, true);
    assert.equal(b.body.user_can_push, false);
    assert.equal(b.body.user_can_merge, true);
    assert.equal(b.body.required_approvals, 2);
    assert.equal(b.body.enable_status_check, true);
    assert.deepEqual(b.body.status_check_contexts, ['ci/*']);
    assert.equal(b.body.effective_branch_protection_name, 'main');
    // A non-admin sees the rule's effect but not its name; another branch is not protected.
    const seen = await h.api('GET', '/repos/root/guarded/branches/main', { auth: writer });
    assert.equal(seen.body.effective_branch_protection_name, '');
    assert.equal(seen.body.user_can_push, false);
    const side = (await h.api('GET', '/repos/root/guarded/branches', { auth: root })).body.find((x: { name: string }) => x.name === 'side');
    assert.equal(side.protected, false);
    assert.equal(side.user_can_push, true);
  });

  test('API ref writes obey the rule: contents write and branch delete answer 403, nothing moves', async () => {
    const before = await head('main');
    const put = await h.api('POST', '/repos/root/guarded/contents/new.txt', { auth: root, body: { content: Buffer.from('x').toString('base64'), branch: 'main' } });
    assert.equal(put.status, 403, put.text);
    assert.match(put.body.message, /Not allowed to push to protected branch main/);
    assert.equal(await head('main'), before);
    // The unprotected branch still takes API writes; protected, it cannot be deleted through the API either.
    const ok = await h.api('POST', '/repos/root/guarded/contents/new.txt', { auth: root, body: { content: Buffer.from('x').toString('base64'), branch: 'side' } });
    assert.equal(ok.status, 201, ok.text);
    await protect({ rule_name: 'side', enable_push: true });
    const del = await h.api('DELETE', '/repos/root/guarded/branches/side', { auth: root });
    assert.equal(del.status, 403);
    assert.match(del.body.message, /branch side is protected from deletion/);
    assert.notEqual(await head('side'), '');
    await unprotect('side');
  });

  test('deletion of a protected branch is refused even for an allowed pusher', async () => {
    await h.api('PATCH', '/repos/root/guarded/branch_protections/main', { auth: root, body: { enable_push: true } });
    await refusedWith([':main'], /remote: branch main is protected from deletion/);
    assert.notEqual(await head('main'), '');
  });

  test('push allow-list: a listed user pushes, an admin who is not listed is refused', async () => {
    const res = await h.api('PATCH', '/repos/root/guarded/branch_protections/main', {
      auth: root, body: { enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: ['writer'] },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.push_whitelist_usernames, ['writer']);
    await refusedWith(['main'], /Not allowed to push to protected branch main/);
    await g.ok(['push', remote('writer', writer), 'main'], { cwd: work });
    assert.equal(await head('main'), await local());
    assert.equal((await h.api('GET', '/repos/root/guarded/branches/main', { auth: writer })).body.user_can_push, true);
    assert.equal((await h.api('GET', '/repos/root/guarded/branches/main', { auth: root })).body.user_can_push, false);
  });

  test('force pushes are refused unless the rule allows them', async () => {
    await h.api('PATCH', '/repos/root/guarded/branch_protections/main', { auth: root, body: { enable_push: true, enable_push_whitelist: false } });
    const pushed = await local();
    await g.ok(['reset', '-q', '--hard', 'HEAD~1'], { cwd: work });
    await commitFiles(g, work, { 'b.txt': 'rewritten\n' }, 'rewrite');
    await refusedWith(['--force', 'main'], /remote: branch main is protected from force push/);
    assert.equal(await head('main'), pushed);
    await h.api('PATCH', '/repos/root/guarded/branch_protections/main', { auth: root, body: { enable_force_push: true, enable_force_push_allowlist: true, force_push_allowlist_usernames: ['writer'] } });
    await refusedWith(['--force', 'main'], /remote: Not allowed to force-push to protected branch main/);
    await g.ok(['push', '--force', remote('writer', writer), 'main'], { cwd: work });
    assert.equal(await head('main'), await local());
  });

  test('protected file patterns refuse a push that changes a matching file, naming it', async () => {
    await h.api('PATCH', '/repos/root/guarded/branch_protections/main', { auth: root, body: { enable_force_push: false, protected_file_patterns: '*.lock; docs/secret/**' } });
    const before = await head('main');
    await commitFiles(g, work, { 'yarn.lock': 'v2\n' }, 'bump lock');
    await refusedWith(['main'], /remote: branch main is protected from changing file yarn\.lock/);
    assert.equal(await head('main'), before);
    // Taking the change back leaves a push of other files, which goes through.
    await g.ok(['reset', '-q', '--hard', 'HEAD~1'], { cwd: work });
    await commitFiles(g, work, { 'c.txt': 'c\n', 'sub/yarn.lock': 'nested: `*` stops at `/`\n' }, 'other files');
    await g.ok(['push', remote(), 'main'], { cwd: work });
    assert.equal(await head('main'), await local());
  });

  test('unprotected file patterns let a push through that touches only those files', async () => {
    await h.api('PATCH', '/repos/root/guarded/branch_protections/main', {
      auth: root, body: { enable_push: false, protected_file_patterns: '', unprotected_file_patterns: 'docs/**' },
    });
    await commitFiles(g, work, { 'docs/guide.md': '# guide, better\n' }, 'docs only');
    await g.ok(['push', remote(), 'main'], { cwd: work });
    assert.equal(await head('main'), await local());
    await commitFiles(g, work, { 'docs/more.md': 'more\n', 'a.txt': 'also code\n' }, 'docs and code');
    await refusedWith(['main'], /Not allowed to push to protected branch main/);
    await g.ok(['reset', '-q', '--hard', 'HEAD~1'], { cwd: work });
  });

  test('glob rule names: release/* guards release/1 but not release/1/2 or main-like names', async () => {
    await unprotect('main');
    await protect({ rule_name: 'release/*' });
    await refusedWith(['main:refs/heads/release/1'], /Not allowed to push to protected branch release\/1/);
    await g.ok(['push', remote(), 'main:refs/heads/release/1/2', 'main'], { cwd: work });
    assert.equal(await head('release/1/2'), await local());
    const b = await h.api('GET', '/repos/root/guarded/branches/release%2F1%2F2', { auth: root });
    assert.equal(b.body.protected, false);
    const created = await h.api('POST', '/repos/root/guarded/branches', { auth: root, body: { new_branch_name: 'release/2' } });
    assert.equal(created.status, 403);
    await unprotect('release/*');
  });

  test('require signed commits: with no signing key known, new commits are refused by id', async () => {
    await protect({ rule_name: 'main', enable_push: true, require_signed_commits: true });
    const id = await commitFiles(g, work, { 'd.txt': 'd\n' }, 'unsigned');
    await refusedWith(['main'], new RegExp(`branch main is protected from unverified commit ${id}`));
    await unprotect('main');
  });
});
