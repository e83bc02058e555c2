/** Reading repositories over HTTP, for SHA1 and SHA256: branches, tags, commits, refs, contents, raw, archives. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import type { ObjectFormat, RepoRecord } from '../../server/store/records.ts';
import { BINARY, createRepo, makeWork, pushHttp, type Work } from './fixture.ts';

for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
  describe(`repository reads (${format})`, () => {
    let h: TestHost;
    let token: string;
    let repo: RepoRecord;
    let work: Work;
    const idLen = format === 'sha1' ? 40 : 64;
    const p = (s: string) => `/repos/root/r-${format}${s}`;

    before(async () => {
      h = await startHost();
      token = await createToken(h, ADMIN.username, ADMIN.password);
      repo = await createRepo(h, token, `r-${format}`, format);
      work = await makeWork(format);
      await work.commit({ 'README.md': '# hello\n', 'docs/a/b/deep.txt': 'deep\n' }, 'first commit');
      await work.commit({ 'logo.png': BINARY, 'page.html': '<script>alert(1)</script>', 'pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>' }, 'add binary and markup');
      await work.commit({ 'README.md': '# hello again\n' }, 'second readme');
      await pushHttp(h, token, repo, work);
    });
    after(async () => {
      await work.cleanup();
      await h.stop();
    });

    test('branches: list, get, paging', async () => {
      const list = await h.api('GET', p('/branches'));
      assert.equal(list.status, 200);
      assert.equal(list.headers.get('x-total-count'), '1');
      assert.equal(list.body[0].name, 'main');
      assert.equal(list.body[0].commit.id, work.commits[2]);
      assert.equal(list.body[0].commit.id.length, idLen);
      assert.equal(list.body[0].commit.message, 'second readme\n');
      assert.equal(list.body[0].commit.author.username, 'root');
      assert.equal(list.body[0].protected, false);
      const one = await h.api('GET', p('/branches/main'));
      assert.equal(one.status, 200);
      assert.equal(one.body.commit.timestamp, '2023-11-15T00:15:20+02:00');
      assert.equal((await h.api('GET', p('/branches/nope'))).status, 404);
    });

    test('branches: create from a commit, names with slashes, conflicts, delete', async () => {
      const made = await h.api('POST', p('/branches'), { auth: token, body: { new_branch_name: 'feature/x', old_ref_name: work.commits[0] } });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.commit.id, work.commits[0]);
      const got = await h.api('GET', p('/branches/feature/x'));
      assert.equal(got.status, 200);
      assert.equal(got.body.name, 'feature/x');
      assert.equal((await h.api('POST', p('/branches'), { auth: token, body: { new_branch_name: 'feature/x' } })).status, 409);
      assert.equal((await h.api('POST', p('/branches'), { auth: token, body: { new_branch_name: 'y', old_branch_name: 'missing' } })).status, 404);
      assert.equal((await h.api('POST', p('/branches'), { auth: token, body: { new_branch_name: 'bad..name' } })).status, 422);
      assert.equal((await h.api('POST', p('/branches'), { body: { new_branch_name: 'anon' } })).status, 401);
      const list = await h.api('GET', p('/branches?limit=1&page=2'));
      assert.equal(list.headers.get('x-total-count'), '2');
      assert.equal(list.body.length, 1);
      assert.equal(list.body[0].name, 'feature/x');
      const del = await h.api('DELETE', p('/branches/main'), { auth: token });
      assert.equal(del.status, 403);
      assert.equal(del.body.message, 'can not delete default branch');
      assert.equal((await h.api('DELETE', p('/branches/feature/x'), { auth: token })).status, 204);
      assert.equal((await h.api('GET', p('/branches/feature/x'))).status, 404);
      assert.equal((await h.api('DELETE', p('/branches/feature/x'), { auth: token })).status, 404);
    });

    test('tags: lightweight and annotated, get, list, delete', async () => {
      const light = await h.api('POST', p('/tags'), { auth: token, body: { tag_name: 'v1', target: work.commits[0] } });
      assert.equal(light.status, 201, light.text);
      assert.equal(light.body.id, work.commits[0]);
      assert.equal(light.body.commit.sha, work.commits[0]);
      const ann = await h.api('POST', p('/tags'), { auth: token, body: { tag_name: 'v2', message: 'release two' } });
      assert.equal(ann.status, 201, ann.text);
      // Gitea's Tag keeps git's trailing newline of the message (convert.ToTag: t.MessageUTF8())
      assert.equal(ann.body.message, 'release two\n');
      assert.notEqual(ann.body.id, work.commits[2]);
      assert.equal(ann.body.id.length, idLen);
      assert.equal(ann.body.commit.sha, work.commits[2]);
      assert.match(ann.body.zipball_url, /\/archive\/v2\.zip$/);
      assert.equal((await h.api('POST', p('/tags'), { auth: token, body: { tag_name: 'v2' } })).status, 409);
      assert.equal((await h.api('POST', p('/tags'), { auth: token, body: { tag_name: 'v9', target: 'nope' } })).status, 404);
      const list = await h.api('GET', p('/tags'));
      assert.deepEqual(list.body.map((t: { name: string }) => t.name).sort(), ['v1', 'v2']);
      assert.equal(list.headers.get('x-total-count'), '2');
      assert.equal((await h.api('GET', p('/tags/v1'))).body.message, 'first commit\n');
      assert.equal((await h.api('GET', p('/tags/nope'))).status, 404);
      const refs = await h.api('GET', p('/git/refs'));
      assert.deepEqual(refs.body.map((r: { ref: string }) => r.ref), ['refs/heads/main', 'refs/tags/v1', 'refs/tags/v2']);
      assert.equal(refs.body[2].object.type, 'tag');
      assert.equal((await h.api('DELETE', p('/tags/v1'), { auth: token })).status, 204);
      assert.equal((await h.api('GET', p('/tags/v1'))).status, 404);
    });
  });
}
