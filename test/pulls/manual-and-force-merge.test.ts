// Do: manually-merged (a commit already on the base marks the pull request merged, git untouched, only when the
// repository allows it) and force_merge (administrators past the branch rules, as Gitea's CheckPullMergeable allows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { eventually } from '../webhooks/receiver.ts';
import { pullWorld, newRepo, cloneOf, pushBranch, type PullWorld } from './helpers.ts';

const ZERO = { sha1: '0'.repeat(40), sha256: '0'.repeat(64) };

async function manualCase(w: PullWorld, format: 'sha1' | 'sha256'): Promise<void> {
  const name = `manual-${format}`;
  const P = `/repos/${ADMIN.username}/${name}`;
  const api = (method: string, path: string, body?: unknown) => w.h.api(method, path, { auth: w.token, ...(body === undefined ? {} : { body }) });
  await newRepo(w, name, format);
  const clone = await cloneOf(w, ADMIN.username, name);
  const head = await pushBranch(w, clone, 'topic', { 'topic.txt': 't\n' });
  assert.equal((await api('POST', `${P}/pulls`, { head: 'topic', base: 'main', title: 'Topic' })).status, 201);
  const mark = (id: string) => api('POST', `${P}/pulls/1/merge`, { Do: 'manually-merged', MergeCommitID: id });

  const notAllowed = await mark(head);
  assert.equal(notAllowed.status, 405, notAllowed.text);
  assert.match(notAllowed.body.message, /manually-merged is not an allowed merge style/);
  assert.equal((await api('PATCH', P, { allow_manual_merge: true })).status, 200);

  // The commit must be a full id of the repository's format, exist, and be on the base branch.
  for (const wrong of [head.slice(0, 12), ZERO[format], head]) {
    const r = await mark(wrong);
    assert.equal(r.status, 409, `${wrong}: ${r.text}`);
    assert.match(r.body.message, /Wrong commit ID/);
  }
  // Merged outside the host: main moves by a plain push, then the pull request is marked.
  await w.g.ok(['checkout', '-q', 'main'], { cwd: clone });
  await w.g.ok(['-c', 'user.name=Outside', '-c', 'user.email=outside@example.com', 'merge', '-q', '--no-ff', '-m', 'merged by hand', 'topic'], { cwd: clone });
  await w.g.ok(['push', '-q', 'origin', 'main'], { cwd: clone });
  const merged = (await w.g.ok(['rev-parse', 'HEAD'], { cwd: clone })).trim();
  const authored = Number((await w.g.ok(['log', '-1', '--format=%at', merged], { cwd: clone })).trim());
  assert.equal(merged.length, format === 'sha256' ? 64 : 40);
  const done = await mark(merged);
  assert.equal(done.status, 200, done.text);

  const pr = (await api('GET', `${P}/pulls/1`)).body;
  assert.equal(pr.merged, true);
  assert.equal(pr.state, 'closed');
  assert.equal(pr.merge_commit_sha, merged);
  assert.equal(pr.merged_by.login, ADMIN.username);
  assert.equal(Date.parse(pr.merged_at) / 1000, authored);
  assert.equal((await api('GET', `${P}/pulls/1/merge`)).status, 204);
  assert.equal((await api('GET', `${P}/branches/main`)).body.commit.id, merged, 'git was not touched');
  assert.equal((await mark(merged)).status, 405);
}

test('Do: manually-merged marks the pull request merged by a commit on the base (SHA1 and SHA256), only when allowed', { timeout: 180_000 }, async () => {
  const w = await pullWorld();
  try {
    await manualCase(w, 'sha1');
    await manualCase(w, 'sha256');
  } finally {
    await w.stop();
  }
});

test('force_merge: repository and site administrators pass the branch rules; block_admin_merge_override stops repository administrators', { timeout: 180_000 }, async () => {
  const w = await pullWorld();
  try {
    const t: Record<string, string> = { root: w.token };
    for (const n of ['bob', 'carol']) {
      assert.equal((await w.h.api('POST', '/admin/users', { auth: w.token, body: { username: n, email: `${n}@example.com`, password: `${n}-password-1`, must_change_password: false } })).status, 201);
      t[n] = await createToken(w.h, n, `${n}-password-1`);
    }
    const P = '/repos/bob/forced';
    const api = (who: string, method: string, path: string, body?: unknown) => w.h.api(method, path, { auth: t[who], ...(body === undefined ? {} : { body }) });
    assert.equal((await api('bob', 'POST', '/user/repos', { name: 'forced', auto_init: true })).status, 201);
    assert.equal((await api('bob', 'PUT', `${P}/collaborators/carol`, { permission: 'write' })).status, 204);
    const clone = await cloneOf(w, 'bob', 'forced', 'bob', 'bob-password-1');
    for (const b of ['one', 'two']) {
      await pushBranch(w, clone, b, { [`${b}.txt`]: `${b}\n` });
      assert.equal((await api('bob', 'POST', `${P}/pulls`, { head: b, base: 'main', title: b })).status, 201);
    }
    await eventually(async () => (await api('bob', 'GET', `${P}/pulls/2`)).body.mergeable === true);
    assert.equal((await api('bob', 'POST', `${P}/branch_protections`, { rule_name: 'main', required_approvals: 1 })).status, 201);
    const merge = (who: string, index: number, force?: boolean) => api(who, 'POST', `${P}/pulls/${index}/merge`, { Do: 'merge', ...(force === undefined ? {} : { force_merge: force }) });

    const plain = await merge('bob', 1);
    assert.equal(plain.status, 405, plain.text);
    assert.match(plain.body.message, /needs 1 approval/);
    const writer = await merge('carol', 1, true);
    assert.equal(writer.status, 405, 'a writer cannot force');
    assert.match(writer.body.message, /needs 1 approval/);
    assert.equal((await merge('bob', 1, true)).status, 200, 'the repository administrator forces the merge');
    assert.equal((await api('bob', 'GET', `${P}/pulls/1`)).body.merged, true);

    assert.equal((await api('bob', 'PATCH', `${P}/branch_protections/main`, { block_admin_merge_override: true })).status, 200);
    await eventually(async () => (await api('bob', 'GET', `${P}/pulls/2`)).body.mergeable === true);
    const blocked = await merge('bob', 2, true);
    assert.equal(blocked.status, 405, blocked.text);
    assert.match(blocked.body.message, /needs 1 approval/);
    assert.equal((await api('bob', 'GET', `${P}/pulls/2`)).body.merged, false);
    const site = await merge('root', 2, true);
    assert.equal(site.status, 200, `a site administrator still may: ${site.text}`);
    assert.equal((await api('bob', 'GET', `${P}/pulls/2`)).body.merged, true);
  } finally {
    await w.stop();
  }
});
