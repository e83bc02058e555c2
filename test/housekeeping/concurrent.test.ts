// Maintenance running while pushes and clones go on: nothing is lost and `git fsck --strict` stays clean.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gitSandbox, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { ADMIN, startHkHost, upkeepIdle, type HkHost } from './helpers.ts';

const PUSHES = 12;

for (const format of ['sha1', 'sha256'] as const) {
  describe(`housekeeping during pushes and clones (${format})`, () => {
    let k: HkHost;
    let g: GitSandbox;
    before(async () => {
      k = await startHkHost({ 'housekeeping.DEBOUNCE': '20ms', 'housekeeping.MAX_CONCURRENT': '2' });
      g = await gitSandbox();
    });
    after(async () => {
      await k.h.stop();
      await g.dispose();
    });

    test('a one-file push is kept as a pack: no loose object for upkeep to race with', async () => {
      assert.equal((await k.h.api('POST', '/user/repos', { auth: k.token, body: { name: 'small', object_format_name: format } })).status, 201);
      const work = path.join(g.dir, 'small');
      await makeRepo(g, work, { 'a.txt': 'a\n' }, format);
      await g.ok(['push', '-q', k.url('small'), 'HEAD:refs/heads/main'], { cwd: work });
      await commitFiles(g, work, { 'b.txt': 'b\n' }, 'one more');
      await g.ok(['push', '-q', k.url('small'), 'HEAD:refs/heads/main'], { cwd: work });
      const counts = (await g.ok(['count-objects', '-v'], { env: { GIT_DIR: await k.gitDir('small') } }));
      assert.match(counts, /^count: 0$/m, counts);
      assert.match(counts, /^packs: 2$/m, counts);
    });

    test('a loop of pushes and clones with maintenance and gc running loses nothing', async () => {
      const created = await k.h.api('POST', '/user/repos', { auth: k.token, body: { name: 'busy', object_format_name: format } });
      assert.equal(created.status, 201);
      const work = path.join(g.dir, 'work');
      const pushed: string[] = [await makeRepo(g, work, { 'README.md': 'start\n' }, format)];
      await g.ok(['push', '-q', k.url('busy'), 'HEAD:refs/heads/main'], { cwd: work });

      let pushing = true;
      let gcRuns = 0;
      let clones = 0;
      // Scheduled gc and health checks asked for over and over while the pushes go on.
      const gcLoop = (async () => {
        while (pushing) {
          for (const task of ['git_gc_repos', 'repo_health_check']) {
            assert.equal((await k.h.api('POST', `/admin/cron/${task}`, { auth: k.token })).status, 204);
          }
          gcRuns += 1;
          await new Promise((r) => setTimeout(r, 30));
        }
      })();
      // Clones meanwhile: each must be complete and consistent, with `main` at a commit that was pushed.
      const cloneLoop = (async () => {
        while (pushing) {
          const dest = path.join(g.dir, `clone-${clones}`);
          await g.ok(['clone', '-q', '--bare', k.url('busy'), dest]);
          const head = (await g.ok(['rev-parse', 'main'], { cwd: dest })).trim();
          assert.ok(pushed.includes(head), `clone ${clones} has main at ${head}, which was never pushed`);
          await g.ok(['fsck', '--strict', '--no-progress'], { cwd: dest });
          clones += 1;
        }
      })();
      for (let i = 1; i <= PUSHES; i++) {
        // Every fourth push is big (120 files), the others one small file; each arrives as a pack of its own.
        const files: Record<string, string> = i % 4 === 0
          ? Object.fromEntries(Array.from({ length: 120 }, (_, j) => [`bulk-${i}/f${j}.txt`, `push ${i} file ${j}\n`]))
          : { [`small-${i}.txt`]: `push ${i}\n` };
        pushed.push(await commitFiles(g, work, files, `push ${i}`));
        await g.ok(['push', '-q', k.url('busy'), 'HEAD:refs/heads/main'], { cwd: work });
        if (i % 6 === 0) {
          // A branch deleted again leaves unreachable commits for the gc's cruft pack and grace period.
          await g.ok(['push', '-q', k.url('busy'), `HEAD:refs/heads/tmp-${i}`], { cwd: work });
          await g.ok(['push', '-q', k.url('busy'), `:refs/heads/tmp-${i}`], { cwd: work });
        }
      }
      pushing = false;
      await Promise.all([gcLoop, cloneLoop]);
      assert.ok(gcRuns >= 3 && clones >= 2, `the loops ran (${gcRuns} gc requests, ${clones} clones)`);

      // Once upkeep is done: the repository is whole, maintained, and a clone has every pushed commit.
      const health = await k.hf('POST', `/repos/${ADMIN.username}/busy/health`);
      assert.equal(health.status, 200);
      await upkeepIdle(k, created.body.id as number);
      const gitDir = await k.gitDir('busy');
      await g.ok(['fsck', '--strict', '--no-progress', '--no-dangling'], { env: { GIT_DIR: gitDir } });
      const final = path.join(g.dir, 'final');
      await g.ok(['clone', '-q', '--bare', k.url('busy'), final]);
      assert.equal((await g.ok(['rev-parse', 'main'], { cwd: final })).trim(), pushed.at(-1));
      assert.equal(Number((await g.ok(['rev-list', '--count', 'main'], { cwd: final })).trim()), pushed.length);
      for (const sha of pushed) await g.ok(['cat-file', '-e', `${sha}^{commit}`], { cwd: final });

      const h = (await k.hf('GET', `/repos/${ADMIN.username}/busy/health`)).body;
      assert.equal(h.health, 'ok');
      assert.ok(h.last_maintained && h.last_checked, 'maintained and checked');
      assert.equal(h.has_bitmap, true);
      assert.equal(h.has_commit_graph, true);
      assert.equal(h.last_error, '');
      const packFiles = await readdir(path.join(gitDir, 'objects', 'pack'));
      assert.ok(packFiles.includes('multi-pack-index'), `a multi-pack index: ${packFiles.join(' ')}`);
      assert.ok(h.packs <= 4, `few packs after geometric repacking (${h.packs})`);
      assert.equal(h.loose_objects, 0);
      const repo = (await k.h.api('GET', `/repos/${ADMIN.username}/busy`, { auth: k.token })).body;
      assert.equal(repo.size, h.size, 'the repository size is the measured one');
      const cron = (await k.h.api('GET', '/admin/cron', { auth: k.token })).body as { name: string; exec_times: number; prev: string }[];
      for (const t of cron) assert.ok(t.exec_times >= 1 && !t.prev.startsWith('0001'), `${t.name} ran`);
    });
  });
}
