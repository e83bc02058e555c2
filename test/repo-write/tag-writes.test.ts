/**
 * Annotated tags made through the API at the same time: each request gets its own answer (201, or 409 for a name
 * taken meanwhile), git holds every acknowledged tag as a valid tag object, and a tag, which moves no branch,
 * leaves the repository's branch log as it was.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';

describe('concurrent annotated tags on one repository', () => {
  let h: TestHost;
  let token: string;
  let gitDir: string;
  const create = (name: string, target = 'main') => h.api('POST', '/repos/root/tagged/tags', { auth: token, body: { tag_name: name, target, message: `release ${name}` } });
  const branchLog = (): string => {
    const dir = path.join(h.dataDir, 'store', 'branches');
    return path.join(dir, readdirSync(dir).find((f) => f.endsWith('.log'))!);
  };

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    const made = await h.api('POST', '/user/repos', { auth: token, body: { name: 'tagged', auto_init: true } });
    assert.equal(made.status, 201, made.text);
    assert.equal((await h.api('POST', '/repos/root/tagged/branches', { auth: token, body: { new_branch_name: 'side', old_branch_name: 'main' } })).status, 201);
    const repos = path.join(h.dataDir, 'repositories');
    const shard = readdirSync(repos).find((d) => readdirSync(path.join(repos, d)).some((f) => f.endsWith('.git')))!;
    gitDir = path.join(repos, shard, readdirSync(path.join(repos, shard)).find((f) => f.endsWith('.git'))!);
  });
  after(async () => { await h.stop(); });

  test('20 tags at once with one name sent three times: 201 each, one 201 and two 409 for the duplicate, git fsck clean', async () => {
    // the branch records of the branch made above have reached the disk (the deferred write lags at most 250 ms)
    await new Promise((r) => setTimeout(r, 600));
    const before = statSync(branchLog()).mtimeMs;
    const names = Array.from({ length: 20 }, (_, i) => `v1.${i}`);
    const all = await Promise.all([...names.slice(0, 10).map((n) => create(n)), create('dup'), create('dup'), create('dup'), ...names.slice(10).map((n) => create(n))]);
    const dup = all.slice(10, 13);
    assert.deepEqual(dup.map((r) => r.status).sort(), [201, 409, 409]);
    for (const r of dup.filter((x) => x.status === 409)) assert.equal(r.body.message, 'tag already exists [name: dup]');
    const ok = [...all.slice(0, 10), ...all.slice(13)];
    ok.forEach((r, i) => {
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.name, names[i]);
      assert.equal(r.body.message, `release ${names[i]}\n`);
    });
    for (const [i, r] of ok.entries()) {
      const id = execFileSync('git', ['rev-parse', `refs/tags/${names[i]}`], { cwd: gitDir }).toString().trim();
      assert.equal(r.body.id, id);
      assert.equal(execFileSync('git', ['cat-file', '-t', id], { cwd: gitDir }).toString().trim(), 'tag');
    }
    execFileSync('git', ['fsck', '--no-dangling'], { cwd: gitDir });
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(statSync(branchLog()).mtimeMs, before, 'the branch log was written for tags');
    const branches = await h.api('GET', '/repos/root/tagged/branches', { auth: token });
    assert.deepEqual(branches.body.map((b: { name: string }) => b.name).sort(), ['main', 'side']);
    const releases = await h.api('GET', '/repos/root/tagged/tags?limit=50', { auth: token });
    assert.equal(releases.body.length, 21);
  });

  test('a missing target is a 404, a bad name a 422, and neither leaves a ref', async () => {
    const missing = await create('nowhere', 'no-such-branch');
    assert.equal(missing.status, 404, missing.text);
    const bad = await create('bad..name');
    assert.equal(bad.status, 422, bad.text);
    const refs = execFileSync('git', ['for-each-ref', '--format=%(refname)', 'refs/tags/nowhere', 'refs/tags/bad..name'], { cwd: gitDir }).toString().trim();
    assert.equal(refs, '');
  });
});
