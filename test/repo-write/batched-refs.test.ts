/**
 * Branch writes that arrive together share one `update-ref` transaction: every request still gets its own answer,
 * a write git refuses fails alone, and what the API and git report afterwards matches what was acknowledged.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

describe('concurrent branch writes on one repository', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let work: string;
  let head: string;
  const remote = () => withCredentials(`${h.url}/root/batch.git`, ADMIN.username, ADMIN.password);
  const create = (name: string) => h.api('POST', '/repos/root/batch/branches', { auth: token, body: { new_branch_name: name, old_branch_name: 'main' } });
  const remove = (name: string) => h.api('DELETE', `/repos/root/batch/branches/${name}`, { auth: token });
  const heads = async (): Promise<Map<string, string>> => {
    const out = (await g.ok(['ls-remote', '--heads', remote()], { cwd: work })).trim().split('\n').filter(Boolean);
    return new Map(out.map((l) => { const [id = '', ref = ''] = l.split('\t'); return [ref.replace('refs/heads/', ''), id]; }));
  };

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'batch' } })).status, 201);
    work = path.join(g.dir, 'work');
    head = await makeRepo(g, work, { 'README.md': '# batch\n' });
    await g.ok(['push', '-q', remote(), 'main'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); });

  test('40 creations at once: each answers 201 with its own branch, and git has them all', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `many-${i}`);
    const answers = await Promise.all(names.map(create));
    answers.forEach((res, i) => {
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.name, names[i]);
      assert.equal(res.body.commit.id, head);
    });
    const now = await heads();
    for (const n of names) assert.equal(now.get(n), head);
    const listed = await h.api('GET', '/repos/root/batch/branches?limit=50', { auth: token });
    assert.equal(listed.status, 200);
    for (const n of names) assert.ok(listed.body.some((b: { name: string }) => b.name === n), n);
  });

  test('the same new name three times among others: one 201, two 409, the others unharmed', async () => {
    const others = Array.from({ length: 10 }, (_, i) => `side-${i}`);
    const all = await Promise.all([...others.slice(0, 5).map(create), create('dup'), create('dup'), create('dup'), ...others.slice(5).map(create)]);
    const dup = all.slice(5, 8);
    assert.deepEqual(dup.map((r) => r.status).sort(), [201, 409, 409]);
    for (const r of dup.filter((x) => x.status === 409)) assert.equal(r.body.message, 'The branch already exists.');
    for (const r of [...all.slice(0, 5), ...all.slice(8)]) assert.equal(r.status, 201, r.text);
    const now = await heads();
    for (const n of [...others, 'dup']) assert.equal(now.get(n), head);
  });

  test('deletions and creations together; a branch deleted twice at once is deleted once', async () => {
    const gone = Array.from({ length: 10 }, (_, i) => `many-${i}`);
    const fresh = Array.from({ length: 10 }, (_, i) => `fresh-${i}`);
    const all = await Promise.all([...gone.map(remove), ...fresh.map(create), remove('dup'), remove('dup')]);
    for (const r of all.slice(0, 10)) assert.equal(r.status, 204, r.text);
    for (const r of all.slice(10, 20)) assert.equal(r.status, 201, r.text);
    const twice = all.slice(20).map((r) => r.status).sort();
    assert.equal(twice[0], 204);
    assert.ok(twice[1] === 404 || twice[1] === 409, `second deletion answered ${twice[1]}`);
    const now = await heads();
    for (const n of [...gone, 'dup']) assert.equal(now.has(n), false, n);
    for (const n of fresh) assert.equal(now.get(n), head);
    for (const n of gone) assert.equal((await h.api('GET', `/repos/root/batch/branches/${n}`, { auth: token })).status, 404);
  });
});
