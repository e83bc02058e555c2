// Clones answered from the upload-pack cache: never a stale pack after a push, nothing lost while clones and
// pushes run together, the disk bound kept; SHA1 and SHA256, with the real git CLI.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { gitSandbox, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { startHkHost, type HkHost } from './helpers.ts';

/** The stored answers: name, size, inode, modification time. */
async function entries(k: HkHost): Promise<{ name: string; size: number; ino: number; mtimeMs: number }[]> {
  const dir = path.join(k.h.app.dataDir, 'cache', 'upload-pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (name) => {
    const s = await stat(path.join(dir, name));
    return { name, size: s.size, ino: s.ino, mtimeMs: s.mtimeMs };
  }));
}

/** The refs of a bare repository, as `for-each-ref` lists them. */
const refsOf = (g: GitSandbox, gitDir: string): Promise<string> => g.ok(['for-each-ref', '--format=%(objectname) %(refname)'], { env: { GIT_DIR: gitDir } });

for (const format of ['sha1', 'sha256'] as const) {
  describe(`upload-pack cache (${format})`, () => {
    let k: HkHost;
    let g: GitSandbox;
    before(async () => {
      // No upkeep after pushes here: the cache alone is under test (the concurrent housekeeping test runs both).
      k = await startHkHost({ 'housekeeping.AFTER_PUSH': 'false', 'housekeeping.PACK_CACHE_SIZE': '2' });
      g = await gitSandbox();
    });
    after(async () => {
      await k.h.stop();
      await g.dispose();
    });

    const create = async (name: string): Promise<void> => {
      const r = await k.h.api('POST', '/user/repos', { auth: k.token, body: { name, object_format_name: format } });
      assert.equal(r.status, 201);
    };
    /** Clones `name` bare, checks it with fsck --strict and compares its refs with the host's. */
    const cloneChecked = async (name: string, dest: string): Promise<string> => {
      await g.ok(['clone', '-q', '--bare', k.url(name), dest]);
      await g.ok(['fsck', '--strict', '--no-progress'], { cwd: dest });
      assert.equal(await refsOf(g, dest), await refsOf(g, await k.gitDir(name)), 'the clone has the host refs');
      return (await g.ok(['rev-parse', 'main'], { cwd: dest })).trim();
    };

    test('a repeated clone is answered from the cache; after a push, a deletion or a force push it never is stale', async () => {
      await create('cached');
      const work = path.join(g.dir, 'work');
      const first = await makeRepo(g, work, { 'a.bin': randomBytes(50_000) }, format);
      await g.ok(['push', '-q', k.url('cached'), 'HEAD:refs/heads/main', 'HEAD:refs/heads/side'], { cwd: work });
      assert.equal(await cloneChecked('cached', path.join(g.dir, 'c1')), first);
      const stored = await entries(k);
      assert.equal(stored.length, 1, 'the clone answer was stored');
      const [entry] = stored;
      assert.ok(entry && entry.size > 50_000);
      // A hit marks the same file used (same inode, new time); a miss would rename a new file into place.
      await utimes(path.join(k.h.app.dataDir, 'cache', 'upload-pack', entry.name), new Date(2000, 0), new Date(2000, 0));
      assert.equal(await cloneChecked('cached', path.join(g.dir, 'c2')), first);
      const [again] = await entries(k);
      assert.equal(again?.ino, entry.ino);
      assert.ok((again?.mtimeMs ?? 0) > Date.now() - 60_000, 'the stored answer was used');

      const second = await commitFiles(g, work, { 'b.txt': 'second\n' }, 'second');
      await g.ok(['push', '-q', k.url('cached'), 'HEAD:refs/heads/main'], { cwd: work });
      assert.equal(await cloneChecked('cached', path.join(g.dir, 'c3')), second, 'the pushed commit is cloned');
      await g.ok(['push', '-q', k.url('cached'), ':refs/heads/side'], { cwd: work });
      const c4 = path.join(g.dir, 'c4');
      await cloneChecked('cached', c4);
      assert.equal((await g.run(['rev-parse', '--verify', '-q', 'side'], { cwd: c4 })).code, 1, 'a deleted branch is not cloned');
      await g.ok(['reset', '-q', '--hard', first], { cwd: work });
      await g.ok(['push', '-q', '-f', k.url('cached'), 'HEAD:refs/heads/main'], { cwd: work });
      const c5 = path.join(g.dir, 'c5');
      assert.equal(await cloneChecked('cached', c5), first, 'a force push back is cloned as pushed');
      assert.equal((await g.run(['cat-file', '-e', second], { cwd: c5 })).code, 1, 'the dropped commit is not sent');
    });

    test('clones while pushing each get a complete pushed state; the last clone has every commit', async () => {
      await create('busy');
      const work = path.join(g.dir, 'busy-work');
      const pushed = [await makeRepo(g, work, { 'big.bin': randomBytes(100_000) }, format)];
      await g.ok(['push', '-q', k.url('busy'), 'HEAD:refs/heads/main'], { cwd: work });
      let pushing = true;
      let clones = 0;
      const cloner = async (n: number): Promise<void> => {
        for (let i = 0; pushing || i === 0; i++) {
          const dest = path.join(g.dir, `busy-${n}-${i}`);
          await g.ok(['clone', '-q', '--bare', k.url('busy'), dest]);
          await g.ok(['fsck', '--strict', '--no-progress'], { cwd: dest });
          const head = (await g.ok(['rev-parse', 'main'], { cwd: dest })).trim();
          assert.ok(pushed.includes(head), `clone ${n}-${i} has main at ${head}, never pushed`);
          clones += 1;
        }
      };
      const loops = [cloner(1), cloner(2)];
      for (let i = 1; i <= 5; i++) {
        pushed.push(await commitFiles(g, work, { [`f${i}.bin`]: randomBytes(20_000) }, `push ${i}`));
        await g.ok(['push', '-q', k.url('busy'), 'HEAD:refs/heads/main'], { cwd: work });
      }
      pushing = false;
      await Promise.all(loops);
      assert.ok(clones >= 2, `${clones} clones ran`);
      const final = path.join(g.dir, 'busy-final');
      assert.equal(await cloneChecked('busy', final), pushed.at(-1));
      assert.equal(Number((await g.ok(['rev-list', '--count', 'main'], { cwd: final })).trim()), pushed.length);
      assert.ok(!(await entries(k)).some((e) => e.name.startsWith('tmp-')), 'no temporary file is left');
    });

    test('the cache stays within [housekeeping] PACK_CACHE_SIZE; a clone larger than it is served and not stored', async () => {
      const bound = 2 * 2 ** 20;
      for (const [name, size] of [['one', 700_000], ['two', 700_000], ['three', 700_000], ['huge', 2_500_000]] as const) {
        await create(name);
        const work = path.join(g.dir, `w-${name}`);
        const head = await makeRepo(g, work, { 'data.bin': randomBytes(size) }, format);
        await g.ok(['push', '-q', k.url(name), 'HEAD:refs/heads/main'], { cwd: work });
        assert.equal(await cloneChecked(name, path.join(g.dir, `bound-${name}`)), head);
        const total = (await entries(k)).reduce((n, e) => n + e.size, 0);
        assert.ok(total <= bound, `${total} bytes stored after cloning ${name}, bound ${bound}`);
      }
      const sizes = (await entries(k)).map((e) => e.size);
      assert.ok(sizes.every((s) => s < 2_500_000) && sizes.length <= 2, `the huge answer was not stored: ${sizes.join(' ')}`);
      await cloneChecked('huge', path.join(g.dir, 'bound-huge-2'));
      // Clones of the small ones are stored again, the oldest-used giving way.
      await cloneChecked('one', path.join(g.dir, 'bound-one-2'));
      await cloneChecked('two', path.join(g.dir, 'bound-two-2'));
      await cloneChecked('three', path.join(g.dir, 'bound-three-2'));
      const last = await entries(k);
      assert.equal(last.length, 2, 'two answers of about 0.7 MB fit in 2 MiB, a third evicts the oldest');
      assert.ok(last.reduce((n, e) => n + e.size, 0) <= bound);
    });
  });
}
