// gitea-js as a real client of the mirror routes: its requests are built from Gitea's swagger.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi, type Api } from 'gitea-js';
import { startPair, upstreamRepo, upstreamUrl, eventually, ADMIN, type Pair } from './helpers.ts';

describe('gitea-js: migrate, mirror-sync, push mirrors', () => {
  let p: Pair;
  let api: Api<unknown>;
  before(async () => {
    p = await startPair();
    api = giteaApi(p.down.url, { token: p.downToken });
  });
  after(async () => { await p.stop(); });

  test('a mirror and a push mirror through the client', async () => {
    await upstreamRepo(p, 'js');
    const { data: repo } = await api.repos.repoMigrate({
      clone_addr: upstreamUrl(p, 'js'), repo_name: 'js', mirror: true, mirror_interval: '10m', auth_username: ADMIN.username, auth_password: p.upToken, service: 'git',
    });
    assert.equal(repo.mirror, true);
    assert.equal(repo.mirror_interval, '10m0s');
    const sync = await api.repos.repoMirrorSync('root', 'js');
    assert.equal(sync.status, 200);
    const { data: edited } = await api.repos.repoEdit('root', 'js', { mirror_interval: '1h30m' });
    assert.equal(edited.mirror_interval, '1h30m0s');
    assert.equal((await p.up.api('POST', '/user/repos', { auth: p.upToken, body: { name: 'js-out' } })).status, 201);
    const { data: pm } = await api.repos.repoAddPushMirror('root', 'js', {
      remote_address: upstreamUrl(p, 'js-out'), remote_username: ADMIN.username, remote_password: p.upToken, interval: '8h', sync_on_commit: false,
    });
    assert.equal(pm.interval, '8h0m0s');
    const { data: list } = await api.repos.repoListPushMirrors('root', 'js');
    assert.equal(list.length, 1);
    await api.repos.repoPushMirrorSync('root', 'js');
    const done = await eventually(async () => {
      const { data } = await api.repos.repoGetPushMirrorByRemoteName('root', 'js', pm.remote_name!);
      return data.last_update ? data : undefined;
    });
    assert.equal(done.last_error, '');
    const del = await api.repos.repoDeletePushMirror('root', 'js', pm.remote_name!);
    assert.equal(del.status, 204);
  });
});
