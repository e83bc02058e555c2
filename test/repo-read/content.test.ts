/** Commits, contents, raw files, archives, ETags and caching over HTTP, for SHA1 and SHA256 repositories. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import type { ObjectFormat, RepoRecord } from '../../server/store/records.ts';
import { BINARY, createRepo, makeWork, pushHttp, rawGet, type Work } from './fixture.ts';

for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
  describe(`commits and contents (${format})`, () => {
    let h: TestHost;
    let token: string;
    let repo: RepoRecord;
    let work: Work;
    const idLen = format === 'sha1' ? 40 : 64;
    const p = (s: string) => `/repos/root/c-${format}${s}`;

    before(async () => {
      h = await startHost();
      token = await createToken(h, ADMIN.username, ADMIN.password);
      repo = await createRepo(h, token, `c-${format}`, format);
      work = await makeWork(format);
      await work.commit({ 'README.md': '# hello\n', 'docs/a/b/deep.txt': 'deep\n' }, 'first commit');
      await work.commit({ 'logo.png': BINARY, 'page.html': '<script>alert(1)</script>', 'pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>' }, 'add binary and markup');
      await work.commit({ 'README.md': '# hello again\nline two\n' }, 'second readme');
      await pushHttp(h, token, repo, work);
    });
    after(async () => {
      await work.cleanup();
      await h.stop();
    });

    test('commit list: paging headers, stat, files, path filter', async () => {
      const all = await h.api('GET', p('/commits?limit=2'));
      assert.equal(all.status, 200);
      assert.deepEqual(all.body.map((c: { sha: string }) => c.sha), [work.commits[2], work.commits[1]]);
      for (const [k, v] of [['x-total-count', '3'], ['x-total', '3'], ['x-perpage', '2'], ['x-page', '1'], ['x-pagecount', '2'], ['x-hasmore', 'true']]) {
        assert.equal(all.headers.get(k!), v, k);
      }
      const top = all.body[0];
      assert.equal(top.sha.length, idLen);
      assert.equal(top.commit.message, 'second readme\n');
      assert.deepEqual(top.files, [{ filename: 'README.md', status: 'modified' }]);
      assert.deepEqual(top.stats, { total: 3, additions: 2, deletions: 1 });
      assert.equal(top.parents[0].sha, work.commits[1]);
      assert.equal(top.author.login, 'root');
      assert.equal(top.commit.verification.verified, false);
      const page2 = await h.api('GET', p('/commits?limit=2&page=2'));
      assert.deepEqual(page2.body.map((c: { sha: string }) => c.sha), [work.commits[0]]);
      assert.equal(page2.headers.get('x-hasmore'), 'false');
      const lean = await h.api('GET', p('/commits?stat=false&files=false&verification=false'));
      assert.equal(lean.body[0].files, null);
      assert.equal(lean.body[0].stats, null);
      const byPath = await h.api('GET', p('/commits?path=README.md'));
      assert.deepEqual(byPath.body.map((c: { sha: string }) => c.sha), [work.commits[2], work.commits[0]]);
      assert.equal((await h.api('GET', p('/commits?path=nope.txt'))).status, 404);
      assert.equal((await h.api('GET', p(`/commits?sha=${work.commits[1]}`))).body.length, 2);
      assert.equal((await h.api('GET', p('/commits?sha=no-such-branch'))).status, 404);
    });

    test('single commit by id, by branch, bad and wrong-format ids', async () => {
      const one = await h.api('GET', p(`/git/commits/${work.commits[0]}`));
      assert.equal(one.status, 200);
      assert.deepEqual(one.body.files.map((f: { filename: string }) => f.filename).sort(), ['README.md', 'docs/a/b/deep.txt']);
      assert.equal(one.body.parents.length, 0);
      assert.equal((await h.api('GET', p('/git/commits/main'))).body.sha, work.commits[2]);
      assert.equal((await h.api('GET', p(`/git/commits/${work.commits[0]!.slice(0, 10)}`))).body.sha, work.commits[0]);
      assert.equal((await h.api('GET', p('/git/commits/a..b'))).status, 422);
      assert.equal((await h.api('GET', p(`/git/commits/${'e'.repeat(idLen)}`))).status, 404);
      const other = await h.api('GET', p(`/git/commits/${'a'.repeat(format === 'sha1' ? 64 : 40)}`));
      assert.equal(other.status, 404);
      assert.match(other.body.message, /repository uses/);
    });

    test('contents: file with base64, directory listing, root, nested, ref, missing, ..', async () => {
      const file = await h.api('GET', p('/contents/README.md'));
      assert.equal(file.status, 200);
      assert.equal(file.body.type, 'file');
      assert.equal(file.body.encoding, 'base64');
      assert.equal(Buffer.from(file.body.content, 'base64').toString(), '# hello again\nline two\n');
      assert.equal(file.body.sha.length, idLen);
      assert.equal(file.body.last_commit_sha, work.commits[2]);
      assert.match(file.body._links.self, /\/contents\/README\.md\?ref=main$/);
      assert.match(file.body.download_url, /\/raw\/branch\/main\/README\.md$/);
      const old = await h.api('GET', p(`/contents/README.md?ref=${work.commits[0]}`));
      assert.equal(Buffer.from(old.body.content, 'base64').toString(), '# hello\n');
      const bin = await h.api('GET', p('/contents/logo.png'));
      assert.deepEqual(Buffer.from(bin.body.content, 'base64'), BINARY);
      assert.equal(bin.body.size, BINARY.length);
      const root = await h.api('GET', p('/contents'));
      assert.deepEqual(root.body.map((e: { name: string; type: string }) => `${e.type}:${e.name}`), ['file:README.md', 'dir:docs', 'file:logo.png', 'file:page.html', 'file:pic.svg']);
      assert.equal(root.body[0].content, null);
      const deep = await h.api('GET', p('/contents/docs/a'));
      assert.deepEqual(deep.body.map((e: { path: string }) => e.path), ['docs/a/b']);
      assert.equal((await h.api('GET', p('/contents/docs/a/b/deep.txt'))).body.last_commit_sha, work.commits[0]);
      assert.equal((await h.api('GET', p('/contents/nope.md'))).status, 404);
      assert.equal((await h.api('GET', p('/contents/README.md?ref=nope'))).status, 404);
      // node:http sends the path as written (fetch would normalise the dots away)
      assert.equal((await rawGet(`${h.url}/api/v1${p('/contents/docs/../README.md')}`)).status, 404);
      assert.equal((await rawGet(`${h.url}/api/v1${p('/contents/docs/%2e%2e/README.md')}`)).status, 404);
    });

    test('raw and media: bytes, content types that never render, refs in the path, 404s', async () => {
      const base = `${h.url}/api/v1${p('')}`;
      const bin = await rawGet(`${base}/raw/logo.png`);
      assert.equal(bin.status, 200);
      assert.deepEqual(bin.body, BINARY);
      assert.equal(bin.headers['content-type'], 'image/png');
      assert.equal(bin.headers['x-content-type-options'], 'nosniff');
      for (const f of ['page.html', 'pic.svg']) {
        const r = await rawGet(`${base}/raw/${f}`);
        assert.match(String(r.headers['content-type']), /^text\/plain/, f);
        assert.match(String(r.headers['content-security-policy']), /sandbox/);
      }
      assert.equal((await rawGet(`${base}/raw/main/README.md`)).body.toString(), '# hello again\nline two\n');
      assert.equal((await rawGet(`${base}/raw/README.md?ref=${work.commits[0]}`)).body.toString(), '# hello\n');
      assert.equal((await rawGet(`${base}/media/docs/a/b/deep.txt`)).body.toString(), 'deep\n');
      assert.equal((await rawGet(`${base}/raw/docs`)).status, 404);
      assert.equal((await rawGet(`${base}/raw/missing.txt`)).status, 404);
      assert.equal((await rawGet(`${base}/raw/../../../etc/passwd`)).status, 404);
    });

    test('ETag and If-None-Match: 304 on JSON, raw and archive answers', async () => {
      const base = `${h.url}/api/v1${p('')}`;
      for (const path of ['/branches', '/contents/README.md', '/raw/README.md', '/archive/main.zip', `/git/commits/${work.commits[1]}`]) {
        const first = await rawGet(base + path);
        assert.equal(first.status, 200, path);
        const etag = String(first.headers.etag);
        assert.ok(etag.length > 2, path);
        const again = await rawGet(base + path, { 'If-None-Match': etag });
        assert.equal(again.status, 304, path);
        assert.equal(again.body.length, 0);
      }
      assert.equal((await rawGet(`${base}/raw/README.md`)).headers.etag, `"${(await h.api('GET', p('/contents/README.md'))).body.sha}"`);
    });

    test('archives: zip and tar.gz streamed with the repository prefix, bad format and ref', async () => {
      const base = `${h.url}/api/v1${p('')}`;
      const zip = await rawGet(`${base}/archive/main.zip`);
      assert.equal(zip.status, 200);
      assert.equal(zip.headers['content-type'], 'application/zip');
      assert.equal(zip.body.subarray(0, 2).toString(), 'PK');
      assert.match(String(zip.headers['content-disposition']), new RegExp(`c-${format}-main\\.zip`));
      const tgz = await rawGet(`${base}/archive/${work.commits[0]}.tar.gz`);
      assert.equal(tgz.status, 200);
      const names = execFileSync('tar', ['-tzf', '-'], { input: tgz.body }).toString().split('\n').filter(Boolean);
      assert.ok(names.includes(`c-${format}/docs/a/b/deep.txt`), names.join(','));
      assert.ok(!names.includes(`c-${format}/logo.png`));
      assert.equal((await rawGet(`${base}/archive/main.rar`)).status, 400);
      assert.equal((await rawGet(`${base}/archive/nope.zip`)).status, 404);
    });

    test('a push is seen by the next read (caches follow writes)', async () => {
      assert.equal((await h.api('GET', p('/branches/main'))).body.commit.id, work.commits[2]);
      assert.equal((await h.api('GET', p('/commits'))).headers.get('x-total-count'), '3');
      const next = await work.commit({ 'README.md': '# pushed\n' }, 'pushed later');
      await pushHttp(h, token, repo, work);
      assert.equal((await h.api('GET', p('/branches/main'))).body.commit.id, next);
      assert.equal((await h.api('GET', p('/commits'))).headers.get('x-total-count'), '4');
      const c = await h.api('GET', p('/contents/README.md'));
      assert.equal(Buffer.from(c.body.content, 'base64').toString(), '# pushed\n');
      const made = await h.api('POST', p('/branches'), { auth: token, body: { new_branch_name: 'later' } });
      assert.equal(made.status, 201);
      assert.equal((await h.api('GET', p('/branches'))).headers.get('x-total-count'), '2');
    });

    test('a large file is streamed by raw with its ETag; the tree API lists and pages entries', async () => {
      const big = Buffer.alloc(9 * 1024 * 1024, 'abcdefghij');
      await work.commit({ 'big/large.txt': big }, 'large file');
      await pushHttp(h, token, repo, work);
      const base = `${h.url}/api/v1${p('')}`;
      const r = await rawGet(`${base}/raw/big/large.txt`);
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-length'], String(big.length));
      assert.ok(r.body.equals(big));
      assert.match(String(r.headers['content-type']), /^text\/plain/);
      assert.equal((await rawGet(`${base}/raw/big/large.txt`, { 'If-None-Match': String(r.headers.etag) })).status, 304);
      const flat = await h.api('GET', p('/git/trees/main'));
      assert.equal(flat.status, 200);
      assert.equal(flat.body.sha.length, idLen);
      const names = flat.body.tree.map((e: { path: string }) => e.path);
      assert.ok(names.includes('big') && names.includes('README.md'));
      assert.equal(flat.body.tree.find((e: { path: string }) => e.path === 'docs').mode, '040000');
      const deep = await h.api('GET', p('/git/trees/main?recursive=true&per_page=2&page=2'));
      assert.equal(deep.body.tree.length, 2);
      assert.equal(deep.body.truncated, true);
      assert.ok(deep.body.total_count > flat.body.total_count);
      const all = await h.api('GET', p('/git/trees/main?recursive=1'));
      const large = all.body.tree.find((e: { path: string }) => e.path === 'big/large.txt');
      assert.equal(large.size, big.length);
      assert.equal((await h.api('GET', p('/git/trees/nope'))).status, 400);
      const blob = await h.api('GET', p(`/git/blobs/${large.sha}`));
      assert.equal(blob.status, 200);
      assert.equal(blob.body.size, big.length);
      assert.ok(Buffer.from(blob.body.content as string, 'base64').equals(big), 'blob content is the file');
      const readme = all.body.tree.find((e: { path: string }) => e.path === 'README.md');
      const small = await h.api('GET', p(`/git/blobs/${readme.sha}`));
      assert.equal(small.body.encoding, 'base64');
      assert.equal(Buffer.from(small.body.content, 'base64').toString(), '# pushed\n');
      assert.equal((await h.api('GET', p(`/git/blobs/${'c'.repeat(idLen)}`))).status, 400);
      const ref = await h.api('GET', p('/git/refs/heads/main'));
      assert.equal(ref.body.ref, 'refs/heads/main');
      assert.equal(ref.body.object.type, 'commit');
    });
  });
}
