/**
 * A commit's `.diff`/`.patch`, compare (JSON and raw), archives (zip, tar.gz, bundle) and the web file addresses,
 * each checked against the real `git` output of the pushed repository, in SHA1 and SHA256 repositories; a
 * private repository answers none of them to a stranger or to nobody.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import type { ObjectFormat } from '../../server/store/records.ts';
import { createRepo, git, makeWork, pushHttp, rawGet, type Work } from './fixture.ts';

for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
  describe(`diffs, compare and archives (${format})`, () => {
    let h: TestHost;
    let token: string;
    let stranger: string;
    let work: Work;
    let c1: string;
    let c2: string;
    let c3: string;
    const get = (p: string, auth?: string) => rawGet(`${h.url}${p}`, auth ? { Authorization: `token ${auth}` } : {});

    before(async () => {
      h = await startHost();
      token = await createToken(h, ADMIN.username, ADMIN.password);
      const made = await h.api('POST', '/admin/users', { auth: token, body: { username: 'stranger', email: 's@example.com', password: 'stranger-pass-1', must_change_password: false } });
      assert.equal(made.status, 201, made.text);
      stranger = await createToken(h, 'stranger', 'stranger-pass-1');
      const pub = await createRepo(h, token, 'code', format);
      const secret = await createRepo(h, token, 'secret', format, true);
      work = await makeWork(format);
      c1 = await work.commit({ 'README.md': '# Code\n', 'src/a.ts': 'export const a = 1;\n' }, 'first');
      c2 = await work.commit({ 'src/a.ts': 'export const a = 2;\nexport const b = 3;\n', 'docs/guide.md': 'guide\n' }, 'second');
      git(work.dir, 'checkout', '-q', '-b', 'feature/x');
      c3 = await work.commit({ 'src/c.ts': 'export {};\n' }, 'third on a branch');
      git(work.dir, 'checkout', '-q', 'main');
      await pushHttp(h, token, pub, work, 'main', 'feature/x');
      await pushHttp(h, token, secret, work, 'main');
    });
    after(async () => {
      await work.cleanup();
      await h.stop();
    });

    test('a commit .diff and .patch are what git gives, in the API and on the web', async () => {
      const wantDiff = execFileSync('git', ['diff', '-M', c1, c2], { cwd: work.dir });
      const wantPatch = execFileSync('git', ['format-patch', '--no-signature', '--stdout', `${c2}...${c1}`], { cwd: work.dir });
      for (const p of [`/api/v1/repos/root/code/git/commits/${c2}.diff`, `/root/code/commit/${c2}.diff`]) {
        const r = await get(p);
        assert.equal(r.status, 200, `${p}: ${r.body.toString()}`);
        assert.match(String(r.headers['content-type']), /^text\/plain/);
        assert.equal(r.body.toString(), wantDiff.toString());
      }
      for (const p of [`/api/v1/repos/root/code/git/commits/${c2}.patch`, `/root/code/commit/${c2}.patch`]) {
        const r = await get(p);
        assert.equal(r.status, 200);
        assert.equal(r.body.toString(), wantPatch.toString());
        assert.match(r.body.toString(), /Subject: \[PATCH\] second/);
      }
      const root = await get(`/api/v1/repos/root/code/git/commits/${c1}.diff`);
      assert.equal(root.body.toString(), execFileSync('git', ['show', c1], { cwd: work.dir }).toString());
      assert.equal((await get(`/api/v1/repos/root/code/git/commits/${'0'.repeat(c1.length)}.diff`)).status, 404);
      assert.equal((await get(`/api/v1/repos/root/code/git/commits/${c2}.txt`)).status, 404);
    });

    test('compare lists the commits and files Gitea lists, and answers the raw diff and patch', async () => {
      const res = await h.api('GET', `/repos/root/code/compare/main...feature/x`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.total_commits, 1);
      assert.deepEqual(res.body.commits.map((c: { sha: string }) => c.sha), [c3]);
      assert.deepEqual(res.body.commits[0].files, [{ filename: 'src/c.ts', status: 'added' }]);
      assert.deepEqual(res.body.commits[0].stats, { total: 1, additions: 1, deletions: 0 });
      const two = await h.api('GET', `/repos/root/code/compare/${c1}...feature/x`);
      assert.deepEqual(two.body.commits.map((c: { sha: string }) => c.sha), [c3, c2]);
      const back = await h.api('GET', `/repos/root/code/compare/feature/x~1..main`);
      assert.equal(back.body.total_commits, 0);
      const raw = await get('/api/v1/repos/root/code/compare/main...feature/x?output=diff');
      assert.equal(raw.body.toString(), execFileSync('git', ['diff', '-M', c2, c3], { cwd: work.dir }).toString());
      const web = await get('/root/code/compare/main...feature/x.diff');
      assert.equal(web.status, 200);
      assert.equal(web.body.toString(), raw.body.toString());
      const patch = await get(`/root/code/compare/${c1}...feature/x.patch`);
      assert.equal(patch.body.toString(), execFileSync('git', ['format-patch', '--no-signature', '--stdout', `${c1}..${c3}`], { cwd: work.dir }).toString());
      assert.equal((await h.api('GET', '/repos/root/code/compare/main...nothing')).status, 404);
    });

    test('the single commit answers its files and stats as Gitea does', async () => {
      const res = await h.api('GET', `/repos/root/code/git/commits/${c2}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.files, [{ filename: 'docs/guide.md', status: 'added' }, { filename: 'src/a.ts', status: 'modified' }]);
      assert.deepEqual(res.body.stats, { total: 4, additions: 3, deletions: 1 });
    });

    test('archives and raw files stream from git, in the API and on the web', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'hf-archive-'));
      try {
        for (const p of ['/api/v1/repos/root/code/archive/main.tar.gz', '/root/code/archive/main.tar.gz']) {
          const r = await get(p);
          assert.equal(r.status, 200);
          await writeFile(path.join(dir, 'a.tar.gz'), r.body);
          const list = execFileSync('tar', ['-tzf', path.join(dir, 'a.tar.gz')]).toString().split('\n').filter(Boolean).sort();
          assert.deepEqual(list, ['code/', 'code/README.md', 'code/docs/', 'code/docs/guide.md', 'code/src/', 'code/src/a.ts']);
        }
        const zip = await get('/root/code/archive/feature/x.zip');
        assert.equal(zip.status, 200);
        assert.equal(zip.body.subarray(0, 2).toString(), 'PK');
        assert.match(String(zip.headers['content-disposition']), /code-feature-x\.zip/);
        const bundle = await get('/api/v1/repos/root/code/archive/main.bundle');
        assert.equal(bundle.status, 200);
        await writeFile(path.join(dir, 'b.bundle'), bundle.body);
        const heads = execFileSync('git', ['bundle', 'list-heads', path.join(dir, 'b.bundle')]).toString();
        assert.match(heads, new RegExp(`^${c2} refs/heads/bundle$`, 'm'));
        execFileSync('git', ['clone', '-q', path.join(dir, 'b.bundle'), path.join(dir, 'clone')]);
        assert.equal(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: path.join(dir, 'clone') }).toString().trim(), c2);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const raw = await get('/root/code/raw/branch/main/src/a.ts');
      assert.equal(raw.status, 200);
      assert.equal(raw.body.toString(), 'export const a = 2;\nexport const b = 3;\n');
      assert.equal((await get('/root/code/raw/branch/feature/x/src/c.ts')).body.toString(), 'export {};\n');
      assert.equal((await get(`/root/code/raw/commit/${c1}/src/a.ts`)).body.toString(), 'export const a = 1;\n');
      assert.equal((await get('/root/code/raw/branch/main/../../secret/raw/branch/main/README.md')).status, 404);
      assert.equal((await get('/root/code/raw/branch/main/missing.txt')).status, 404);
    });

    test('a private repository answers nothing to a stranger or to nobody, and everything to its owner', async () => {
      const paths = [
        `/root/secret/raw/branch/main/README.md`, `/root/secret/archive/main.zip`, `/root/secret/commit/${c2}.diff`,
        `/root/secret/compare/${c1}...main.diff`, `/api/v1/repos/root/secret/git/commits/${c2}.patch`,
        `/api/v1/repos/root/secret/compare/${c1}...main`, `/api/v1/repos/root/secret/archive/main.bundle`,
      ];
      for (const p of paths) {
        assert.equal((await get(p)).status, 404, `anonymous ${p}`);
        assert.equal((await get(p, stranger)).status, 404, `stranger ${p}`);
        assert.equal((await get(p, token)).status, 200, `owner ${p}`);
      }
      const q = await get(`/root/secret/raw/branch/main/README.md?token=${token}`);
      assert.equal(q.status, 200);
      assert.equal(q.body.toString(), '# Code\n');
    });
  });
}
