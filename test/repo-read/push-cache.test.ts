/**
 * A push patches the refs it moved into the read cache: the repository's cat-file reader stays open and the
 * next reads see the new heads, new annotated tags (peeled to their commit) and deleted branches.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { withCredentials } from '../helpers/git.ts';
import type { ObjectFormat } from '../../server/store/records.ts';
import { readerStats, releaseRepoCaches } from '../../server/services/repository/cache.ts';
import { gitAsync, makeWork, type Work } from './fixture.ts';

for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
  describe(`reads after a push keep the object reader (${format})`, () => {
    let h: TestHost;
    let token: string;
    let work: Work;
    const remote = () => withCredentials(`${h.url}/${ADMIN.username}/cached.git`, ADMIN.username, token);

    before(async () => {
      h = await startHost();
      token = await createToken(h, ADMIN.username, ADMIN.password);
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'cached', object_format_name: format } })).status, 201);
      work = await makeWork(format);
      await work.commit({ 'README.md': 'one\n' }, 'one');
      await gitAsync(work.dir, 'push', '-q', remote(), 'main', 'main:refs/heads/side');
    });
    after(async () => {
      await work.cleanup();
      await h.stop();
    });

    test('new heads, an annotated tag and a deleted branch are seen; no new cat-file process starts', async () => {
      assert.equal((await h.api('GET', '/repos/root/cached/branches')).headers.get('x-total-count'), '2');
      const first = await h.api('GET', '/repos/root/cached/contents/README.md');
      assert.equal(first.status, 200);
      assert.equal(Buffer.from(first.body.content, 'base64').toString(), 'one\n');
      // Asked twice: the second answer is the one kept, byte for byte, with its ETag.
      const again = await h.api('GET', '/repos/root/cached/contents/README.md');
      assert.equal(again.text, first.text);
      assert.equal(again.headers.get('etag'), first.headers.get('etag'));
      const before1 = readerStats(h.app);
      assert.equal(before1.open, 1);
      await work.commit({ 'README.md': 'two\n' }, 'two');
      await gitAsync(work.dir, 'tag', '-a', 'v2', '-m', 'version two');
      await gitAsync(work.dir, 'push', '-q', remote(), 'main', 'v2', ':refs/heads/side');
      const main = await h.api('GET', '/repos/root/cached/branches/main');
      assert.equal(main.body.commit.id, work.commits[1]);
      assert.equal((await h.api('GET', '/repos/root/cached/branches/side')).status, 404);
      assert.equal((await h.api('GET', '/repos/root/cached/branches')).headers.get('x-total-count'), '1');
      const tag = await h.api('GET', '/repos/root/cached/tags/v2');
      assert.equal(tag.status, 200, tag.text);
      assert.equal(tag.body.commit.sha, work.commits[1]);
      assert.notEqual(tag.body.id, work.commits[1], 'the tag object, not the commit');
      const raw = await fetch(`${h.url}/api/v1/repos/root/cached/raw/README.md`);
      assert.equal(await raw.text(), 'two\n');
      // The contents answer kept from before the push is not served again: the ref now names another commit.
      const moved = await h.api('GET', '/repos/root/cached/contents/README.md');
      assert.equal(Buffer.from(moved.body.content, 'base64').toString(), 'two\n');
      assert.equal(moved.body.last_commit_sha, work.commits[1]);
      assert.notEqual(moved.headers.get('etag'), first.headers.get('etag'));
      const atTag = await h.api('GET', '/repos/root/cached/contents/README.md?ref=v2');
      assert.equal(atTag.body.last_commit_sha, work.commits[1]);
      assert.match(atTag.body.url, /\?ref=v2$/);
      assert.match(atTag.body.html_url, /\/src\/tag\/v2\/README\.md$/);
      const after1 = readerStats(h.app);
      assert.deepEqual(after1.pids, before1.pids, 'the same reader answered');
      assert.equal(after1.started, before1.started, 'no cat-file process was started');
    });

    test('after the idle release of the caches, reads and writes answer as before, from git', async () => {
      const before2 = await h.api('GET', '/repos/root/cached/contents/README.md');
      const issue = await h.api('POST', '/repos/root/cached/issues', { auth: token, body: { title: 'kept on disk' } });
      assert.equal(issue.status, 201);
      releaseRepoCaches(h.app);
      h.app.store.engine.dropCaches();
      const after2 = await h.api('GET', '/repos/root/cached/contents/README.md');
      assert.equal(after2.text, before2.text);
      assert.equal((await h.api('GET', `/repos/root/cached/issues/${issue.body.number}`)).body.title, 'kept on disk');
      const branch = await h.api('POST', '/repos/root/cached/branches', { auth: token, body: { new_branch_name: 'after-idle', old_branch_name: 'main' } });
      assert.equal(branch.status, 201, branch.text);
      releaseRepoCaches(h.app);
      assert.equal((await h.api('GET', '/repos/root/cached/branches')).headers.get('x-total-count'), '2');
      assert.equal((await h.api('GET', '/repos/root/cached/branches/after-idle')).body.commit.id, work.commits[1]);
    });
  });
}
