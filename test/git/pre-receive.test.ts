// The pre-receive point: the hook in every bare repository calls back into the running host before refs move.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as userStore from '../../server/store/users.ts';
import { createBranch, deleteBranch } from '../../server/services/repository/branches.ts';
import { createTag } from '../../server/services/repository/tags.ts';
import { RefUpdateRefusedError, checkRefUpdates } from '../../server/services/repository/pre-receive.ts';
import { PRE_RECEIVE_PATH } from '../../server/http/pre-receive.ts';

const ARCHIVED = /This repo is archived/;

describe('pre-receive: pushes and API ref writes are checked before refs move', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let work: string;
  const remote = (): string => withCredentials(`${h.url}/root/gate.git`, 'root', token);
  const gitDir = async (): Promise<string> => {
    const repo = await repoStore.getByOwnerAndName(h.app.store, 1, 'gate');
    assert.ok(repo);
    return repoStore.gitDirOf(h.app.store, repo);
  };
  const remoteHead = async (): Promise<string> => (await g.ok(['ls-remote', remote(), 'refs/heads/main'])).split('\t')[0] ?? '';
  const archive = async (on: boolean): Promise<void> => {
    assert.equal((await h.api('PATCH', '/repos/root/gate', { auth: token, body: { archived: on } })).status, 200);
  };

  before(async () => {
    h = await startHost({ keepData: true });
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'gate' } })).status, 201);
    work = path.join(g.dir, 'work');
    await makeRepo(g, work, { 'a.txt': 'a\n' });
    await g.ok(['push', remote(), 'main'], { cwd: work });
  });
  after(async () => {
    await g.dispose();
    const dataDir = h.dataDir;
    await h.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a new repository has the hook, owner-only, with no address or secret in it', async () => {
    const hooks = path.join(await gitDir(), 'hooks');
    const hook = path.join(hooks, 'pre-receive');
    if (process.platform !== 'win32') {
      assert.equal((await stat(hook)).mode & 0o777, 0o700);
      assert.equal((await stat(path.join(hooks, 'homeforge-pre-receive.cjs'))).mode & 0o077, 0);
    }
    const text = (await readFile(hook, 'utf8')) + (await readFile(path.join(hooks, 'homeforge-pre-receive.cjs'), 'utf8'));
    assert.doesNotMatch(text, new RegExp(`${h.port}|127\\.0\\.0\\.1|${token}`));
  });

  test('the hook run without the host\'s environment allows (a git process outside a served push)', async () => {
    const dir = await gitDir();
    const r = spawnSync(path.join(dir, 'hooks', 'pre-receive'), [], { cwd: dir, input: '', env: { PATH: process.env.PATH ?? '' } });
    assert.equal(r.status, 0, String(r.stderr));
  });

  test('a push to an archived repository prints the host\'s message and moves no ref', async () => {
    const before = await remoteHead();
    await archive(true);
    const pushed = await commitFiles(g, work, { 'b.txt': 'b\n' }, 'second');
    const r = await g.run(['push', remote(), 'main', 'main:refs/heads/side', 'main:refs/tags/v1'], { cwd: work });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /remote: This repo is archived\. You can view files and clone it, but cannot push or open issues\/pull-requests\./);
    assert.match(r.stderr, /\[remote rejected\] main -> main \(pre-receive hook declined\)/);
    assert.equal(await remoteHead(), before);
    const refs = await g.ok(['ls-remote', remote()]);
    assert.doesNotMatch(refs, /refs\/heads\/side|refs\/tags\/v1|pushed/);
    assert.equal(refs.includes(pushed), false);
    // The records did not move either.
    assert.equal((await h.api('GET', '/repos/root/gate/branches', { auth: token })).body.length, 1);
  });

  test('API ref writes meet the same rule: 423 at the route, and the service refuses on its own', async () => {
    const res = await h.api('POST', '/repos/root/gate/branches', { auth: token, body: { new_branch_name: 'api' } });
    assert.equal(res.status, 423);
    const repo = await repoStore.getByOwnerAndName(h.app.store, 1, 'gate');
    const doer = await userStore.getById(h.app.store, 1);
    assert.ok(repo && doer);
    const refused = (err: unknown): boolean => err instanceof RefUpdateRefusedError && err.status === 423 && ARCHIVED.test(err.message);
    await assert.rejects(createBranch(h.app, repo, doer, { new_branch_name: 'api' }, h.url), refused);
    await assert.rejects(createTag(h.app, repo, doer, { tag_name: 'v-api' }, h.url), refused);
    assert.match(await checkRefUpdates(h.app, repo, doer, []) ?? '', ARCHIVED);
    assert.doesNotMatch(await g.ok(['ls-remote', remote()]), /refs\/heads\/api|v-api/);
  });

  test('unarchived, the same push goes through and the API writes work again', async () => {
    await archive(false);
    await g.ok(['push', remote(), 'main', 'main:refs/heads/side'], { cwd: work });
    assert.equal(await remoteHead(), (await g.ok(['rev-parse', 'HEAD'], { cwd: work })).trim());
    const repo = await repoStore.getByOwnerAndName(h.app.store, 1, 'gate');
    const doer = await userStore.getById(h.app.store, 1);
    assert.ok(repo && doer);
    await deleteBranch(h.app, repo, doer, 'side', h.url);
    assert.doesNotMatch(await g.ok(['ls-remote', remote()]), /refs\/heads\/side/);
  });

  test('the callback refuses a caller without a live push token', async () => {
    const body = JSON.stringify({ updates: [] });
    for (const auth of [undefined, `Bearer ${'0'.repeat(64)}`, 'Bearer nope']) {
      const res = await fetch(`${h.url}${PRE_RECEIVE_PATH}`, {
        method: 'POST', body, headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      });
      assert.equal(res.status, 403);
      assert.equal((await res.json() as { allow: boolean }).allow, false);
    }
  });

  test('after a restart on another port, hooks are repaired and still reach the host', async () => {
    const dir = await gitDir();
    const hook = path.join(dir, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\nexit 0\n', { mode: 0o777 });
    const oldPort = h.port;
    const dataDir = h.dataDir;
    await h.close();
    h = await startHost({ dataDir, keepData: true });
    assert.notEqual(h.port, 0);
    assert.match(await readFile(hook, 'utf8'), /HOMEFORGE_HOOK_MODE/);
    if (process.platform !== 'win32') assert.equal((await stat(hook)).mode & 0o777, 0o700);
    token = await createToken(h, ADMIN.username, ADMIN.password);
    await archive(true);
    await commitFiles(g, work, { 'c.txt': 'c\n' }, 'third');
    const r = await g.run(['push', remote(), 'main'], { cwd: work });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /remote: This repo is archived/, `port ${oldPort} -> ${h.port}: ${r.stderr}`);
    await archive(false);
  });
});
