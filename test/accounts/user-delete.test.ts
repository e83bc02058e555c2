import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startHost, createToken, type TestHost } from '../helpers/host.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as tokenStore from '../../server/store/access-tokens.ts';
import * as watchStore from '../../server/store/watches.ts';
import type { RepoRecord } from '../../server/store/records.ts';
import { deleteUser } from '../../server/services/user/delete.ts';
import { ADMIN_AUTH, makeUser, pw } from './helpers.ts';

/** A repository owned by `owner`: its record and a real bare git directory. */
async function addRepo(h: TestHost, ownerName: string, name: string): Promise<RepoRecord> {
  const owner = await userStore.getByName(h.app.store, ownerName);
  assert.ok(owner);
  const now = new Date().toISOString();
  const repo = await repoStore.insert(h.app.store, (id) => ({
    id, owner_id: owner.id, name, lower_name: name.toLowerCase(), description: '', website: '', default_branch: 'main',
    object_format: 'sha1', storage_path: repoStore.storagePathFor(id), is_private: false, is_empty: true, is_archived: false,
    archived_at: null, is_template: false, is_mirror: false, is_fork: false, fork_id: 0,
    units: { has_code: true, has_issues: true, has_wiki: true, has_pull_requests: true, has_projects: true, has_releases: true, has_packages: true, has_actions: true },
    options: {}, size_kb: 0, created: now, updated: now,
  }));
  execFileSync('git', ['init', '--bare', '--quiet', repoStore.gitDirOf(h.app.store, repo)]);
  return repo;
}

describe('the last administrator', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('cannot be demoted, deactivated or locked out (400), and nothing changes', async () => {
    for (const body of [{ admin: false }, { active: false }, { prohibit_login: true }, { admin: false, full_name: 'Not Root' }]) {
      const res = await h.api('PATCH', '/admin/users/root', { auth: ADMIN_AUTH, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.message, 'You cannot remove the last admin. There must be at least one admin.');
    }
    const root = await userStore.getByName(h.app.store, 'root');
    assert.equal(root?.is_admin, true);
    assert.equal(root?.is_active, true);
    assert.equal(root?.full_name, '');
  });

  test('with a second working admin, demotion is allowed; once that admin is disabled, root is the last again', async () => {
    await makeUser(h, 'second');
    assert.equal((await h.api('PATCH', '/admin/users/second', { auth: ADMIN_AUTH, body: { admin: true } })).status, 200);
    const demote = await h.api('PATCH', '/admin/users/root', { auth: ['second', pw('second')], body: { admin: false } });
    assert.equal(demote.status, 200);
    assert.equal(demote.body.is_admin, false);
    // Now "second" is the last one and cannot demote itself.
    const self = await h.api('PATCH', '/admin/users/second', { auth: ['second', pw('second')], body: { admin: false } });
    assert.equal(self.status, 400);
    assert.equal((await h.api('PATCH', '/admin/users/root', { auth: ['second', pw('second')], body: { admin: true } })).status, 200);
    assert.equal((await h.api('PATCH', '/admin/users/second', { auth: ADMIN_AUTH, body: { active: false } })).status, 200);
    const again = await h.api('PATCH', '/admin/users/root', { auth: ADMIN_AUTH, body: { admin: false } });
    assert.equal(again.status, 400);
  });

  test('cannot be deleted: 422 with Gitea\'s message (only reachable without a doer, e.g. the command line)', async () => {
    // Over HTTP the doer is itself a working admin, so the target is never the last one; "yourself" comes first.
    const root = (await userStore.getByName(h.app.store, 'root'))!;
    await assert.rejects(deleteUser(h.app, null, root, false), (err: Error & { status?: number }) => {
      assert.equal(err.status, 422);
      assert.equal(err.message, `can not delete the last admin user [uid: ${root.id}]`);
      return true;
    });
    assert.ok(await userStore.getById(h.app.store, root.id));
    assert.equal((await userStore.getById(h.app.store, root.id))?.is_active, true);
  });
});

describe('DELETE /admin/users/{username}', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('an admin cannot delete themselves: 422', async () => {
    const res = await h.api('DELETE', '/admin/users/root', { auth: ADMIN_AUTH });
    assert.equal(res.status, 422);
    assert.equal(res.body.message, 'you cannot delete yourself');
  });

  test('removes the user, its tokens, its TOTP data and its watches', async () => {
    await makeUser(h, 'gone');
    const token = await createToken(h, 'gone', pw('gone'), ['all']);
    const gone = (await userStore.getByName(h.app.store, 'gone'))!;
    await userStore.update(h.app.store, gone.id, (u) => { u.totp_secret = 'v1:sealed'; });
    await watchStore.insert(h.app.store, gone.id, 12345);
    const res = await h.api('DELETE', '/admin/users/gone', { auth: ADMIN_AUTH });
    assert.equal(res.status, 204);
    assert.equal(await userStore.getById(h.app.store, gone.id), undefined);
    assert.deepEqual(await tokenStore.listByUser(h.app.store, gone.id), []);
    assert.deepEqual(await watchStore.listByUser(h.app.store, gone.id), []);
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 401);
    assert.equal((await h.api('GET', '/users/gone', { auth: ADMIN_AUTH })).status, 404);
    assert.equal((await h.api('DELETE', '/admin/users/gone', { auth: ADMIN_AUTH })).status, 404);
  });

  test('a user who owns repositories is refused without purge, and keeps working', async () => {
    await makeUser(h, 'owner1');
    const repo = await addRepo(h, 'owner1', 'keep');
    const res = await h.api('DELETE', '/admin/users/owner1', { auth: ADMIN_AUTH });
    assert.equal(res.status, 422);
    const owner = await userStore.getByName(h.app.store, 'owner1');
    assert.equal(res.body.message, `user still has ownership of repositories [uid: ${owner!.id}]`);
    assert.ok(await repoStore.getById(h.app.store, repo.id));
    assert.equal((await h.api('GET', '/user', { auth: ['owner1', pw('owner1')] })).status, 200);
    const notPurge = await h.api('DELETE', '/admin/users/owner1?purge=false', { auth: ADMIN_AUTH });
    assert.equal(notPurge.status, 422);
  });

  test('with purge=true the repositories are deleted (records and directories), then the user', async () => {
    await makeUser(h, 'owner2');
    const a = await addRepo(h, 'owner2', 'one');
    const b = await addRepo(h, 'owner2', 'two');
    const other = await addRepo(h, 'root', 'stays');
    const res = await h.api('DELETE', '/admin/users/owner2?purge=true', { auth: ADMIN_AUTH });
    assert.equal(res.status, 204, res.text);
    for (const r of [a, b]) {
      assert.equal(await repoStore.getById(h.app.store, r.id), undefined);
      assert.equal(existsSync(repoStore.gitDirOf(h.app.store, r)), false);
    }
    assert.ok(await repoStore.getById(h.app.store, other.id));
    assert.equal(existsSync(repoStore.gitDirOf(h.app.store, other)), true);
    assert.equal(await userStore.getByName(h.app.store, 'owner2'), undefined);
  });

  test('bad purge value: 422; unknown user: 404; non-admin: 403', async () => {
    await makeUser(h, 'victim');
    const bad = await h.api('DELETE', '/admin/users/victim?purge=sure', { auth: ADMIN_AUTH });
    assert.equal(bad.status, 422);
    assert.match(bad.body.message, /^(.*; )?purge /);
    assert.equal((await h.api('DELETE', '/admin/users/no-such-user', { auth: ADMIN_AUTH })).status, 404);
    const plain = await h.api('DELETE', '/admin/users/victim', { auth: ['victim', pw('victim')] });
    assert.equal(plain.status, 403);
    assert.ok(await userStore.getByName(h.app.store, 'victim'));
  });
});
