/**
 * Writing files through the contents API, read back with the real git client: one commit per call with the author
 * and committer asked for, Gitea's sha check and statuses, several files and a rename in one commit, eight
 * concurrent writes to one branch, the first commit of an empty repository (SHA1 and SHA256), an archived
 * repository refused by the pre-receive rules, and the push event of an API write reaching a loopback receiver.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('file writes through the contents API', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let rx: Receiver;
  const cloneUrl = (repo: string) => withCredentials(`${h.url}/root/${repo}.git`, ADMIN.username, ADMIN.password);
  /** A fresh clone of the repository; returns its directory. */
  async function clone(repo: string): Promise<string> {
    const dir = path.join(g.dir, `${repo}-${Math.random().toString(36).slice(2)}`);
    await g.ok(['clone', '-q', cloneUrl(repo), dir]);
    return dir;
  }

  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    rx = await startReceiver();
  });
  after(async () => { await h.stop(); await g.dispose(); await rx.close(); });

  for (const format of ['sha1', 'sha256'] as const) {
    test(`${format}: the first write to an empty repository creates the branch; create, update, delete are one commit each`, async () => {
      const name = `files-${format}`;
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name, object_format_name: format } })).status, 201);
      const api = giteaApi(h.url, { token });
      const created = await api.repos.repoCreateFile('root', name, 'docs/a.txt', {
        content: b64('one\n'), message: 'add a', author: { name: 'Ann Author', email: 'ann@example.com' },
        committer: { name: 'Cy Committer', email: 'cy@example.com' }, dates: { author: '2021-02-03T04:05:06+02:00', committer: '2021-02-03T05:06:07Z' },
      });
      assert.equal(created.status, 201);
      const first = created.data.commit!.sha!;
      assert.equal(first.length, format === 'sha256' ? 64 : 40);
      assert.equal(created.data.content!.path, 'docs/a.txt');
      assert.equal(created.data.commit!.message, 'add a\n');
      assert.deepEqual(created.data.commit!.parents, []);
      const repo = (await h.api('GET', `/repos/root/${name}`, { auth: token })).body;
      assert.equal(repo.empty, false);
      assert.equal(repo.default_branch, 'main');

      const blob = created.data.content!.sha!;
      const updated = await api.repos.repoUpdateFile('root', name, 'docs/a.txt', { content: b64('two\n'), sha: blob, signoff: true });
      assert.equal(updated.status, 200);
      const del = await h.api('DELETE', `/repos/root/${name}/contents/docs/a.txt`, { auth: token, body: { sha: updated.data.content!.sha } });
      assert.equal(del.status, 200, del.text);
      assert.equal(del.body.content, null);

      const dir = await clone(name);
      const log = (await g.ok(['log', '--format=%H|%an|%ae|%aI|%cn|%ce|%cI|%s', 'main'], { cwd: dir })).trim().split('\n');
      assert.equal(log.length, 3, 'one commit per call');
      assert.equal(log[2], `${first}|Ann Author|ann@example.com|2021-02-03T04:05:06+02:00|Cy Committer|cy@example.com|2021-02-03T05:06:07+00:00|add a`);
      assert.match(log[1]!, /\|root\|root@example\.com\|.*\|root\|root@example\.com\|.*\|Update docs\/a\.txt$/);
      assert.equal((await g.ok(['log', '-1', '--format=%B', 'main~1'], { cwd: dir })).trim(), 'Update docs/a.txt\n\nSigned-off-by: root <root@example.com>');
      assert.match(log[0]!, /\|Delete docs\/a\.txt$/);
      assert.equal((await g.ok(['show', 'main~1:docs/a.txt'], { cwd: dir })), 'two\n');
      assert.equal((await g.ok(['ls-tree', '-r', 'main'], { cwd: dir })).trim(), '');
    });
  }

  test('the sha check refuses a stale write with Gitea\'s 422; missing files and branches are 404', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'stale', auto_init: true } })).status, 201);
    const readme = (await h.api('GET', '/repos/root/stale/contents/README.md', { auth: token })).body.sha as string;
    const ok = await h.api('PUT', '/repos/root/stale/contents/README.md', { auth: token, body: { content: b64('new\n'), sha: readme } });
    assert.equal(ok.status, 200, ok.text);
    const stale = await h.api('PUT', '/repos/root/stale/contents/README.md', { auth: token, body: { content: b64('lost?\n'), sha: readme } });
    assert.equal(stale.status, 422);
    assert.equal(stale.body.message, `sha does not match [given: ${readme}, expected: ${ok.body.content.sha}]`);
    assert.ok(stale.body.url);
    const staleDelete = await h.api('DELETE', '/repos/root/stale/contents/README.md', { auth: token, body: { sha: readme } });
    assert.equal(staleDelete.status, 422);
    const exists = await h.api('POST', '/repos/root/stale/contents/README.md', { auth: token, body: { content: b64('x') } });
    assert.equal(exists.status, 422);
    assert.equal(exists.body.message, 'repository file already exists [path: README.md]');
    assert.equal((await h.api('PUT', '/repos/root/stale/contents/nope.md', { auth: token, body: { content: b64('x'), sha: readme } })).status, 404);
    const noBranch = await h.api('POST', '/repos/root/stale/contents/x.md', { auth: token, body: { content: b64('x'), branch: 'nope' } });
    assert.equal(noBranch.status, 404);
    assert.match(noBranch.body.message, /^The branch \S+ does not exist in this repository\.$/);
    assert.equal((await h.api('POST', '/repos/root/stale/contents/.git/config', { auth: token, body: { content: b64('x') } })).status, 422);
    assert.equal((await h.api('POST', '/repos/root/stale/contents/x.md', { auth: token, body: { content: '@@not base64' } })).status, 422);
    const dir = await clone('stale');
    assert.equal(await g.ok(['show', 'main:README.md'], { cwd: dir }), 'new\n', 'the stale write changed nothing');
  });

  test('several files in one commit: create, update, delete and a rename with from_path, on a new branch', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'multi', auto_init: true } })).status, 201);
    const readme = (await h.api('GET', '/repos/root/multi/contents/README.md', { auth: token })).body.sha as string;
    await h.api('POST', '/repos/root/multi/contents', { auth: token, body: { files: [{ operation: 'create', path: 'old/name.txt', content: b64('keep me\n') }, { operation: 'create', path: 'gone.txt', content: b64('bye\n') }] } });
    const gone = (await h.api('GET', '/repos/root/multi/contents/gone.txt', { auth: token })).body.sha as string;
    const moved = (await h.api('GET', '/repos/root/multi/contents/old/name.txt', { auth: token })).body.sha as string;
    const res = await giteaApi(h.url, { token }).repos.repoChangeFiles('root', 'multi', {
      new_branch: 'feature', files: [
        { operation: 'create', path: 'src/new.ts', content: b64('export {};\n') },
        { operation: 'update', path: 'README.md', content: b64('# multi\n'), sha: readme },
        { operation: 'delete', path: 'gone.txt', sha: gone },
        // gitea-js 1.23 types know create/update/delete; Gitea's ChangeFileOperation also has upload and rename
        { operation: 'rename' as 'update', path: 'new/name.txt', from_path: 'old/name.txt', sha: moved },
      ],
    });
    assert.equal(res.status, 201);
    assert.deepEqual(res.data.files!.map((f) => f?.path ?? null), ['src/new.ts', 'README.md', null, 'new/name.txt']);
    assert.equal(res.data.commit!.message, 'Add src/new.ts\nUpdate README.md, new/name.txt\nDelete gone.txt\n');
    const dir = await clone('multi');
    await g.ok(['fetch', '-q', 'origin', 'feature'], { cwd: dir });
    assert.equal((await g.ok(['rev-list', '--count', 'origin/main..origin/feature'], { cwd: dir })).trim(), '1', 'one commit');
    const diff = (await g.ok(['diff', '--name-status', '-M', 'origin/main', 'origin/feature'], { cwd: dir })).trim().split('\n').sort();
    assert.deepEqual(diff, ['A\tsrc/new.ts', 'D\tgone.txt', 'M\tREADME.md', 'R100\told/name.txt\tnew/name.txt']);
    assert.equal(await g.ok(['show', 'origin/feature:new/name.txt'], { cwd: dir }), 'keep me\n');
    const again = await h.api('POST', '/repos/root/multi/contents', { auth: token, body: { new_branch: 'feature', files: [{ operation: 'create', path: 'z', content: '' }] } });
    assert.equal(again.status, 422);
    assert.equal(again.body.message, 'branch already exists [name: feature]');
  });

  test('Go\'s zero time as a date (what Gitea\'s Go SDK sends when none is set) means now, as in Gitea; other dates before 1970 are 422', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'zero-dates', auto_init: true } })).status, 201);
    const zero = '0001-01-01T00:00:00Z';
    const before = Date.now() - 60_000;
    const res = await h.api('POST', '/repos/root/zero-dates/contents/z.txt', {
      auth: token, body: { content: b64('z\n'), author: { name: '', email: '' }, committer: { name: '', email: '' }, dates: { author: zero, committer: zero } },
    });
    assert.equal(res.status, 201, res.text);
    assert.ok(Date.parse(res.body.commit.author.date) >= before, res.body.commit.author.date);
    assert.ok(Date.parse(res.body.commit.committer.date) >= before, res.body.commit.committer.date);
    const old = await h.api('POST', '/repos/root/zero-dates/contents/old.txt', { auth: token, body: { content: b64('o\n'), dates: { author: '1969-12-31T23:59:59Z' } } });
    assert.equal(old.status, 422, old.text);
    const loose = await h.api('POST', '/repos/root/zero-dates/contents/loose.txt', { auth: token, body: { content: b64('l\n'), dates: { author: 'yesterday' } } });
    assert.equal(loose.status, 422, loose.text);
  });

  test('eight concurrent writes to one branch all land, one commit each', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'busy', auto_init: true } })).status, 201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => h.api('POST', `/repos/root/busy/contents/f${i}.txt`, { auth: token, body: { content: b64(`file ${i}\n`) } })));
    assert.deepEqual(answers.map((a) => a.status), Array(8).fill(201), answers.map((a) => a.text).join('\n'));
    const dir = await clone('busy');
    assert.equal((await g.ok(['rev-list', '--count', 'main'], { cwd: dir })).trim(), '9');
    const files = (await g.ok(['ls-tree', '--name-only', 'main'], { cwd: dir })).trim().split('\n');
    for (let i = 0; i < 8; i++) assert.ok(files.includes(`f${i}.txt`), `f${i}.txt landed`);
    assert.equal(new Set(answers.map((a) => a.body.commit.sha)).size, 8);
  });

  test('an archived repository refuses writes through the pre-receive rules (423), and a reader gets 403', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'frozen', auto_init: true } })).status, 201);
    assert.equal((await h.api('PATCH', '/repos/root/frozen', { auth: token, body: { archived: true } })).status, 200);
    const res = await h.api('POST', '/repos/root/frozen/contents/a.txt', { auth: token, body: { content: b64('x') } });
    assert.equal(res.status, 423, res.text);
    assert.equal((await h.api('GET', '/repos/root/frozen/commits', { auth: token })).body.length, 1);
    assert.equal((await h.api('POST', '/admin/users', { auth: token, body: { username: 'reader', email: 'reader@example.com', password: 'reader-password-1', must_change_password: false } })).status, 201);
    await h.api('PUT', '/repos/root/stale/collaborators/reader', { auth: token, body: { permission: 'read' } });
    const readerToken = await createToken(h, 'reader', 'reader-password-1');
    const denied = await h.api('POST', '/repos/root/stale/contents/r.txt', { auth: readerToken, body: { content: b64('x') } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, 'user should have a permission to write to the target branch');
  });

  test('an API write fires the push event, delivered to a loopback receiver', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'hooked', auto_init: true } })).status, 201);
    const hook = await h.api('POST', '/repos/root/hooked/hooks', { auth: token, body: { type: 'gitea', config: { url: rx.url, content_type: 'json' }, events: ['push'], active: true } });
    assert.equal(hook.status, 201, hook.text);
    rx.got.length = 0;
    const res = await h.api('POST', '/repos/root/hooked/contents/hello.txt', { auth: token, body: { content: b64('hi\n'), message: 'hello from the API' } });
    assert.equal(res.status, 201);
    await rx.waitFor(1);
    const push = rx.got.find((r) => r.headers['x-gitea-event'] === 'push');
    assert.ok(push, 'a push delivery');
    const body = JSON.parse(push.body);
    assert.equal(body.ref, 'refs/heads/main');
    assert.equal(body.after, res.body.commit.sha);
    assert.equal(body.commits.length, 1);
    assert.equal(body.commits[0].message, 'hello from the API\n');
    assert.deepEqual(body.commits[0].added, ['hello.txt']);
  });
});
