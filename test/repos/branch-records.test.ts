import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles, type GitSandbox } from '../helpers/git.ts';
import * as branchStore from '../../server/store/branches.ts';
import { storagePathFor } from '../../server/store/repos.ts';

describe('branch records after a push (spec rule 4)', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let url: string;
  let work: string;
  let repoId: number;

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    const res = await h.api('POST', '/user/repos', { auth: token, body: { name: 'rules', auto_init: true } });
    repoId = res.body.id;
    url = withCredentials(`${h.url}/root/rules.git`, 'root', token);
    work = path.join(g.dir, 'rules');
    await g.ok(['clone', '-q', url, work]);
    await g.ok(['branch', 'side-1'], { cwd: work });
    await g.ok(['branch', 'side-2'], { cwd: work });
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  const names = async () => (await branchStore.list(h.app.store, repoId)).map((b) => b.name);

  test('with records present, only the pushed branch is inserted', async () => {
    await g.ok(['push', url, 'side-1'], { cwd: work });
    assert.deepEqual(await names(), ['main', 'side-1']);
  });

  test('with records present, a branch changed behind our back is not touched by another push', async () => {
    // side-2 reaches the repository without a push being processed (as if written by another tool).
    const gitDir = path.join(h.dataDir, 'repositories', storagePathFor(repoId));
    await g.ok(['push', gitDir, 'side-2'], { cwd: work });
    await commitFiles(g, work, { 'x.txt': 'x\n' }, 'x');
    await g.ok(['push', url, 'main'], { cwd: work });
    assert.deepEqual(await names(), ['main', 'side-1']);
    const main = await branchStore.get(h.app.store, repoId, 'main');
    assert.equal(main?.commit_id, (await g.ok(['rev-parse', 'HEAD'], { cwd: work })).trim());
    assert.equal(main?.commit_message, 'x');
  });

  test('with no records yet, a push synchronises every branch', async () => {
    await branchStore.removeAll(h.app.store, repoId);
    assert.deepEqual(await names(), []);
    await g.ok(['push', url, 'main:side-3'], { cwd: work });
    assert.deepEqual(await names(), ['main', 'side-1', 'side-2', 'side-3']);
  });

  test('a deleted branch loses its record', async () => {
    await g.ok(['push', url, ':side-1'], { cwd: work });
    assert.deepEqual(await names(), ['main', 'side-2', 'side-3']);
  });
});
