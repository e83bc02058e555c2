/**
 * Every merge style with the real git client, in SHA1 and SHA256 repositories: the base branch is read back from
 * a fresh fetch and its history checked (parents, authors, files). Also the repository's allowed styles, a stale
 * head_commit_id, a custom message, delete_branch_after_merge, conflicts refused, and update from the base.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, commitFiles, newRepo, pullWorld, pushBranch, type PullWorld } from './helpers.ts';

describe('merging pull requests', () => {
  let w: PullWorld;
  before(async () => { w = await pullWorld(); });
  after(async () => { await w.stop(); });

  const git = (dir: string, ...args: string[]) => w.g.ok(args, { cwd: dir }).then((s) => s.trim());
  const open = async (repo: string, head: string, title: string) => {
    const r = await w.h.api('POST', `/repos/root/${repo}/pulls`, { auth: w.token, body: { head, base: 'main', title } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as { number: number; head: { sha: string } };
  };
  const merge = (repo: string, n: number, body: Record<string, unknown>) => w.h.api('POST', `/repos/root/${repo}/pulls/${n}/merge`, { auth: w.token, body });

  for (const format of ['sha1', 'sha256'] as const) {
    test(`${format}: merge, rebase, rebase-merge, squash and fast-forward-only`, async () => {
      const repo = `styles-${format}`;
      await newRepo(w, repo, format);
      const dir = await cloneOf(w, 'root', repo);
      const parents = async (rev: string) => (await git(dir, 'log', '-1', '--format=%P', rev)).split(' ').filter(Boolean);
      const fetchMain = async () => { await git(dir, 'fetch', '-q', 'origin'); return git(dir, 'rev-parse', 'origin/main'); };
      /** A branch of two commits from main, then main moves on with an unrelated file. */
      const prepare = async (style: string) => {
        await git(dir, 'fetch', '-q', 'origin');
        await pushBranch(w, dir, style, { [`${style}-1.txt`]: 'one\n' }, `${style} one`);
        await commitFiles(w, dir, { [`${style}-2.txt`]: 'two\n' }, `${style} two`);
        await git(dir, 'push', '-q', 'origin', style);
        const pr = await open(repo, style, `the ${style} change`);
        await pushBranch(w, dir, 'main', { [`main-before-${style}.txt`]: 'm\n' }, `main before ${style}`);
        return { pr, base: await fetchMain() };
      };

      const m = await prepare('merge');
      assert.equal((await merge(repo, m.pr.number, { Do: 'merge', MergeMessageField: 'with a note' })).status, 200);
      let main = await fetchMain();
      assert.deepEqual(await parents(main), [m.base, m.pr.head.sha]);
      assert.equal(await git(dir, 'log', '-1', '--format=%s', main), `Merge pull request 'the merge change' (#${m.pr.number}) from merge into main`);
      assert.match(await git(dir, 'log', '-1', '--format=%b', main), /with a note/);
      const got = (await w.h.api('GET', `/repos/root/${repo}/pulls/${m.pr.number}`, { auth: w.token })).body;
      assert.equal(got.merged, true);
      assert.equal(got.state, 'closed');
      assert.equal(got.merge_commit_sha, main);
      assert.equal(got.merged_by.login, 'root');
      assert.deepEqual([got.changed_files, got.additions, got.deletions], [2, 2, 0], 'a merged pull request keeps the size of its change');
      const changed = (await w.h.api('GET', `/repos/root/${repo}/pulls/${m.pr.number}/files`, { auth: w.token })).body as { filename: string }[];
      assert.deepEqual(changed.map((f) => f.filename), ['merge-1.txt', 'merge-2.txt'], 'and its files changed');
      assert.equal((await w.h.api('GET', `/repos/root/${repo}/pulls/${m.pr.number}/merge`, { auth: w.token })).status, 204);
      assert.equal((await merge(repo, m.pr.number, { Do: 'merge' })).status, 405, 'a merged pull request is not merged again');

      const r = await prepare('rebase');
      assert.equal((await merge(repo, r.pr.number, { Do: 'rebase' })).status, 200);
      main = await fetchMain();
      assert.deepEqual(await parents(main), [await git(dir, 'rev-parse', `${main}~1`)]);
      assert.equal(await git(dir, 'rev-parse', `${main}~2`), r.base, 'the two commits sit on the moved base');
      assert.equal(await git(dir, 'log', '-2', '--format=%s', main), 'rebase two\nrebase one');
      assert.equal(await git(dir, 'log', '-1', '--format=%an', main), 'Test User', 'the author is kept');
      assert.notEqual(main, r.pr.head.sha);

      const rm = await prepare('rebase-merge');
      assert.equal((await merge(repo, rm.pr.number, { Do: 'rebase-merge' })).status, 200);
      main = await fetchMain();
      const [p1, p2] = await parents(main);
      assert.equal(p1, rm.base);
      assert.equal(await git(dir, 'rev-parse', `${p2!}~2`), rm.base, 'the second parent is the head replayed on the base');
      assert.equal(await git(dir, 'log', '-1', '--format=%s', p2!), 'rebase-merge two');

      const sq = await prepare('squash');
      assert.equal((await merge(repo, sq.pr.number, { Do: 'squash', MergeTitleField: 'Squashed change' })).status, 200);
      main = await fetchMain();
      assert.deepEqual(await parents(main), [sq.base]);
      assert.equal(await git(dir, 'log', '-1', '--format=%s', main), 'Squashed change');
      assert.equal(await git(dir, 'diff', '--name-only', sq.base, main), 'squash-1.txt\nsquash-2.txt');

      // fast-forward-only: refused while main has moved on, then accepted once the head contains main.
      const ff = await prepare('ff');
      const refused = await merge(repo, ff.pr.number, { Do: 'fast-forward-only' });
      assert.equal(refused.status, 405);
      assert.equal((await w.h.api('POST', `/repos/root/${repo}/pulls/${ff.pr.number}/update?style=rebase`, { auth: w.token })).status, 200);
      const updated = (await w.h.api('GET', `/repos/root/${repo}/pulls/${ff.pr.number}`, { auth: w.token })).body;
      await git(dir, 'fetch', '-q', 'origin');
      assert.equal(await git(dir, 'rev-parse', `${updated.head.sha}~2`), ff.base, 'update by rebase puts the head on the base');
      assert.equal((await merge(repo, ff.pr.number, { Do: 'fast-forward-only', head_commit_id: ff.pr.head.sha })).status, 409, 'a stale head is refused');
      assert.equal((await merge(repo, ff.pr.number, { Do: 'fast-forward-only', head_commit_id: updated.head.sha, delete_branch_after_merge: true })).status, 200);
      main = await fetchMain();
      assert.equal(main, updated.head.sha);
      assert.equal(await git(dir, 'ls-remote', '--heads', 'origin', 'ff'), '', 'the head branch is deleted after the merge');
      const files = await git(dir, 'ls-tree', '-r', '--name-only', main);
      for (const f of ['merge-1.txt', 'merge-2.txt', 'rebase-1.txt', 'rebase-2.txt', 'rebase-merge-2.txt', 'squash-2.txt', 'ff-2.txt']) assert.ok(files.includes(f), f);
      assert.equal(main.length, format === 'sha256' ? 64 : 40);
    });
  }

  test('allowed styles, conflicts refused, update from the base by merge', async () => {
    await newRepo(w, 'rules');
    const dir = await cloneOf(w, 'root', 'rules');
    assert.equal((await w.h.api('PATCH', '/repos/root/rules', { auth: w.token, body: { allow_squash_merge: false } })).status, 200);
    await pushBranch(w, dir, 'a', { 'README.md': 'a\n' });
    const pr = await open('rules', 'a', 'conflicting');
    const squash = await merge('rules', pr.number, { Do: 'squash' });
    assert.equal(squash.status, 405);
    assert.match(squash.body.message, /not an allowed merge style/);
    await pushBranch(w, dir, 'main', { 'README.md': 'main\n' });
    const conflicted = await merge('rules', pr.number, { Do: 'merge' });
    assert.equal(conflicted.status, 405);
    assert.match(conflicted.body.message, /README\.md/);
    assert.deepEqual((await w.h.api('GET', '/repos/root/rules/pulls/1', { auth: w.token })).body.mergeable_reasons, []);

    await pushBranch(w, dir, 'b', { 'b.txt': 'b\n' }, 'b', 'origin/main~1');
    const pb = await open('rules', 'b', 'behind');
    assert.equal((await w.h.api('POST', `/repos/root/rules/pulls/${pb.number}/update`, { auth: w.token })).status, 200);
    await git(dir, 'fetch', '-q', 'origin');
    const head = await git(dir, 'rev-parse', 'origin/b');
    assert.equal(await git(dir, 'log', '-1', '--format=%s', head), "Merge branch 'main' into b");
    assert.deepEqual((await git(dir, 'log', '-1', '--format=%P', head)).split(' '), [pb.head.sha, await git(dir, 'rev-parse', 'origin/main')]);
  });
});
