/**
 * Repositories made through the API and pushed to over HTTP: reads follow pushes, private repositories stay
 * hidden from strangers, parallel reads share one cat-file process, and watching.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { withCredentials } from '../helpers/git.ts';
import type { ObjectFormat } from '../../server/store/records.ts';
import { readerStats } from '../../server/services/repository/cache.ts';
import { gitAsync, makeWork, type Work } from './fixture.ts';

for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
  describe(`access, caching and watching (${format})`, () => {
    let h: TestHost;
    let token: string;
    let strangerToken: string;
    let work: Work;
    const remote = (name: string) => withCredentials(`${h.url}/${ADMIN.username}/${name}.git`, ADMIN.username, token);

    before(async () => {
      h = await startHost();
      token = await createToken(h, ADMIN.username, ADMIN.password);
      const made = await h.api('POST', '/admin/users', { auth: token, body: { username: 'stranger', email: 's@example.com', password: 'stranger-pass-1', must_change_password: false } });
      assert.equal(made.status, 201, made.text);
      strangerToken = await createToken(h, 'stranger', 'stranger-pass-1');
      for (const [name, priv] of [['pub', false], ['secret', true]] as const) {
        const res = await h.api('POST', '/user/repos', { auth: token, body: { name, private: priv, object_format_name: format } });
        assert.equal(res.status, 201, res.text);
      }
      work = await makeWork(format);
      await work.commit({ 'README.md': 'one\n', 'src/lib/x.ts': 'export {};\n' }, 'one');
      await gitAsync(work.dir, 'push', '-q', remote('pub'), 'main');
      await gitAsync(work.dir, 'push', '-q', remote('secret'), 'main');
    });
    after(async () => {
      await work.cleanup();
      await h.stop();
    });

    test('a push over HTTP is seen by the next read', async () => {
      const before1 = await h.api('GET', '/repos/root/pub/branches/main');
      assert.equal(before1.body.commit.id, work.commits[0]);
      assert.equal((await h.api('GET', '/repos/root/pub/commits')).headers.get('x-total-count'), '1');
      await work.commit({ 'README.md': 'two\n' }, 'two');
      await gitAsync(work.dir, 'push', '-q', remote('pub'), 'main');
      assert.equal((await h.api('GET', '/repos/root/pub/branches/main')).body.commit.id, work.commits[1]);
      assert.equal((await h.api('GET', '/repos/root/pub/commits')).headers.get('x-total-count'), '2');
      const raw = await fetch(`${h.url}/api/v1/repos/root/pub/raw/README.md`);
      assert.equal(await raw.text(), 'two\n');
      await gitAsync(work.dir, 'push', '-q', remote('pub'), 'main:refs/heads/side');
      assert.equal((await h.api('GET', '/repos/root/pub/branches')).headers.get('x-total-count'), '2');
      await gitAsync(work.dir, 'push', '-q', remote('pub'), ':refs/heads/side');
      assert.equal((await h.api('GET', '/repos/root/pub/branches/side')).status, 404);
    });

    test('a private repository is 404 for strangers and anonymous readers, readable by its owner', async () => {
      for (const path of ['/branches', '/branches/main', '/tags', '/commits', '/contents', '/contents/README.md', '/raw/README.md', '/archive/main.zip', '/git/refs', '/subscribers']) {
        assert.equal((await h.api('GET', `/repos/root/secret${path}`)).status, 404, `anonymous ${path}`);
        assert.equal((await h.api('GET', `/repos/root/secret${path}`, { auth: strangerToken })).status, 404, `stranger ${path}`);
        assert.equal((await h.api('GET', `/repos/root/secret${path}`, { auth: token })).status, 200, `owner ${path}`);
      }
      assert.equal((await h.api('POST', '/repos/root/pub/branches', { auth: strangerToken, body: { new_branch_name: 'x' } })).status, 403);
      assert.equal((await h.api('POST', '/repos/root/secret/tags', { auth: strangerToken, body: { tag_name: 'x' } })).status, 404);
    });

    test('many parallel reads share the one cat-file process of the repository', async () => {
      await h.api('GET', '/repos/root/pub/contents/README.md');
      const startedBefore = readerStats(h.app).started;
      const pidsBefore = readerStats(h.app).pids;
      const paths = ['/contents/README.md', '/contents/src/lib/x.ts', '/contents', '/branches', '/git/commits/main', '/contents/src'];
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => h.api('GET', `/repos/root/pub${paths[i % paths.length]}`)));
      assert.ok(answers.every((a) => a.status === 200));
      const after1 = readerStats(h.app);
      assert.equal(after1.started, startedBefore, 'no new cat-file process was started');
      assert.deepEqual(after1.pids, pidsBefore);
    });

    test('watching: token required, put, get, list, delete', async () => {
      const anon = await h.api('GET', '/repos/root/pub/subscription');
      assert.equal(anon.status, 401);
      assert.equal(anon.body.message, 'token is required');
      assert.equal((await h.api('GET', '/repos/root/pub/subscription', { auth: strangerToken })).status, 404);
      const put = await h.api('PUT', '/repos/root/pub/subscription', { auth: strangerToken });
      assert.equal(put.status, 200, put.text);
      assert.equal(put.body.subscribed, true);
      assert.equal(put.body.ignored, false);
      assert.equal(put.body.reason, null);
      assert.match(put.body.url, /\/api\/v1\/repos\/root\/pub\/subscription$/);
      assert.match(put.body.repository_url, /\/api\/v1\/repos\/root\/pub$/);
      assert.equal((await h.api('GET', '/repos/root/pub/subscription', { auth: strangerToken })).status, 200);
      const subs = await h.api('GET', '/repos/root/pub/subscribers');
      assert.ok(subs.body.some((u: { login: string }) => u.login === 'stranger'));
      const mine = await h.api('GET', '/user/subscriptions', { auth: strangerToken });
      assert.equal(mine.status, 200);
      assert.ok(mine.body.some((r: { full_name: string }) => r.full_name === 'root/pub'));
      assert.equal((await h.api('GET', '/users/stranger/subscriptions')).body.length, mine.body.length);
      assert.equal((await h.api('PUT', '/repos/root/secret/subscription', { auth: strangerToken })).status, 404);
      assert.equal((await h.api('DELETE', '/repos/root/pub/subscription', { auth: strangerToken })).status, 204);
      assert.equal((await h.api('GET', '/repos/root/pub/subscription', { auth: strangerToken })).status, 404);
      assert.equal((await h.api('GET', '/user/subscriptions')).status, 401);
    });

    test('an empty repository: empty lists, 409 for history, 404 for files and archives', async () => {
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'empty', object_format_name: format } })).status, 201);
      const branches = await h.api('GET', '/repos/root/empty/branches');
      assert.equal(branches.status, 200);
      assert.deepEqual(branches.body, []);
      assert.equal(branches.headers.get('x-total-count'), '0');
      assert.deepEqual((await h.api('GET', '/repos/root/empty/tags')).body, []);
      assert.deepEqual((await h.api('GET', '/repos/root/empty/contents')).body, []);
      const commits = await h.api('GET', '/repos/root/empty/commits');
      assert.equal(commits.status, 409);
      assert.equal(commits.body.message, 'Git Repository is empty.');
      assert.equal((await h.api('GET', '/repos/root/empty/contents/README.md')).status, 404);
      assert.equal((await h.api('GET', '/repos/root/empty/raw/README.md')).status, 404);
      assert.equal((await h.api('GET', '/repos/root/empty/archive/main.zip')).status, 404);
      assert.equal((await h.api('POST', '/repos/root/empty/branches', { auth: token, body: { new_branch_name: 'x' } })).status, 404);
    });
  });
}
