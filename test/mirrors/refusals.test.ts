/**
 * Local-path imports (issue 12, item 4): even with `IMPORT_LOCAL_PATHS` on, a path whose `.git` file, `.git`
 * link, own link or alternates lead into the data dir is refused, so a private repository cannot be copied out
 * through them. And the mirror-only fields of the repository PATCH on a plain repository are a 422 (issue 24).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, pw } from '../accounts/helpers.ts';
import { gitSandbox, makeRepo, type GitSandbox } from '../helpers/git.ts';
import * as repoStore from '../../server/store/repos.ts';

describe('local paths and the data dir', () => {
  let h: TestHost;
  let g: GitSandbox;
  let admin: string;
  let secretDir: string;
  before(async () => {
    h = await startHost({ settings: { 'security.IMPORT_LOCAL_PATHS': 'true' } });
    g = await gitSandbox();
    admin = await createToken(h, ADMIN.username, ADMIN.password);
    await makeUser(h, 'bob');
    const made = await h.api('POST', '/user/repos', { auth: [ADMIN.username, ADMIN.password], body: { name: 'secret', private: true, auto_init: true } });
    assert.equal(made.status, 201, made.text);
    secretDir = repoStore.gitDirOf(h.app.store, (await repoStore.getById(h.app.store, made.body.id as number))!);
  });
  after(async () => { await h.stop(); await g.dispose(); });

  const migrate = (clone_addr: string, repo_name: string, auth: string | [string, string] = admin) =>
    h.api('POST', '/repos/migrate', { auth, body: { clone_addr, repo_name, private: false } });

  test('a .git file (gitdir: pointer), a .git link, a link to the repository and alternates into the data dir are refused', async () => {
    const gitfile = path.join(g.dir, 'gitfile');
    await mkdir(gitfile);
    await writeFile(path.join(gitfile, '.git'), `gitdir: ${secretDir}\n`);
    const linked = path.join(g.dir, 'linked');
    await mkdir(linked);
    await symlink(secretDir, path.join(linked, '.git'));
    const link = path.join(g.dir, 'link.git');
    await symlink(secretDir, link);
    const alt = path.join(g.dir, 'alt.git');
    await g.ok(['init', '-q', '--bare', alt]);
    await writeFile(path.join(alt, 'objects', 'info', 'alternates'), `${path.join(secretDir, 'objects')}\n`);
    const packs = path.join(g.dir, 'packs.git');
    await g.ok(['init', '-q', '--bare', packs]);
    await symlink(path.join(secretDir, 'refs', 'heads'), path.join(packs, 'refs', 'stolen'));
    for (const [n, p] of [['a', gitfile], ['b', `file://${linked}`], ['c', link], ['d', alt], ['e', packs]] as const) {
      const res = await migrate(p, `leak-${n}`);
      assert.equal(res.status, 422, `${p}: ${res.text}`);
      assert.equal(res.body.message, 'You can not import from a path inside the data directory.', p);
      assert.equal((await h.api('GET', `/repos/root/leak-${n}`, { auth: admin })).status, 404);
      assert.equal((await request(h.url, 'GET', '/api/v1/version')).status, 200);
    }
  });

  test('an ordinary local repository still imports; users without the right are refused', async () => {
    const work = path.join(g.dir, 'plain');
    const head = await makeRepo(g, work, { 'a.txt': 'a\n' });
    const res = await migrate(work, 'plain');
    assert.equal(res.status, 201, res.text);
    const b = await h.api('GET', '/repos/root/plain/branches', { auth: admin });
    assert.equal(b.body[0].commit.id, head);
    const bob = await migrate(work, 'bobs', ['bob', pw('bob')]);
    assert.equal(bob.status, 422);
    assert.equal(bob.body.message, 'You are not allowed to import local repositories.');
  });
});

describe('mirror fields on a repository that is not a mirror', () => {
  let h: TestHost;
  let token: string;
  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'plain', description: 'before' } })).status, 201);
  });
  after(async () => { await h.stop(); });

  test('mirror_password, mirror_username, mirror_token, mirror_interval and enable_prune are 422s that change nothing', async () => {
    for (const body of [{ mirror_password: 'p' }, { mirror_username: 'u', mirror_password: 'p' }, { mirror_token: 't' }, { mirror_interval: '1h' }, { enable_prune: true },
      { description: 'after', mirror_password: 'p' }]) {
      const res = await h.api('PATCH', '/repos/root/plain', { auth: token, body });
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.body.message, /only a pull mirror has th(is|ese) settings?, and this repository is not a mirror/);
      for (const k of Object.keys(body).filter((x) => x !== 'description')) assert.match(res.body.message, new RegExp(k));
    }
    assert.equal((await h.api('GET', '/repos/root/plain', { auth: token })).body.description, 'before');
  });

  test('an empty mirror_interval, as the Repository object shows it, is accepted with other changes', async () => {
    const res = await h.api('PATCH', '/repos/root/plain', { auth: token, body: { description: 'after', mirror_interval: '' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.description, 'after');
  });
});
