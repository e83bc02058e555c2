import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePackedRefs, readRefFiles } from './ref-files.ts';
import { listRefs } from './refs.ts';

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' } });

test('packed-refs: header and peeled lines are left out', () => {
  const sha = 'a'.repeat(40);
  const m = parsePackedRefs(`# pack-refs with: peeled fully-peeled sorted \n${sha} refs/tags/v1\n^${'b'.repeat(40)}\n${'c'.repeat(64)} refs/heads/main\nnot a line\n`);
  assert.deepEqual([...m], [['refs/tags/v1', sha], ['refs/heads/main', 'c'.repeat(64)]]);
});

for (const format of ['sha1', 'sha256'] as const) {
  test(`the refs read from files match for-each-ref (${format}): packed, loose over packed, symbolic, locks`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ref-files-'));
    try {
      const work = path.join(dir, 'work');
      git(dir, 'init', '-q', '-b', 'main', `--object-format=${format}`, work);
      writeFileSync(path.join(work, 'a.txt'), 'a\n');
      git(work, 'add', '.');
      git(work, 'commit', '-q', '-m', 'one');
      git(work, 'tag', '-a', 'v1', '-m', 'tag one');
      git(work, 'branch', 'old');
      git(work, 'pack-refs', '--all');
      writeFileSync(path.join(work, 'a.txt'), 'b\n');
      git(work, 'commit', '-q', '-am', 'two');
      // main is now loose and newer than its packed line; old stays packed only.
      git(work, 'branch', 'feature/deep');
      git(work, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
      writeFileSync(path.join(work, '.git', 'refs', 'heads', 'pending.lock'), `${'0'.repeat(format === 'sha1' ? 40 : 64)}\n`);
      const gitDir = path.join(work, '.git');
      const expected = await listRefs(gitDir);
      const got = await readRefFiles(gitDir);
      assert.deepEqual(got, expected);
      assert.ok(got.some((r) => r.ref === 'refs/heads/alias'));
      assert.equal(got.find((r) => r.ref === 'refs/heads/main')?.sha, git(work, 'rev-parse', 'main').trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a repository with no refs at all gives an empty list', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ref-files-'));
  try {
    git(dir, 'init', '-q', '--bare', '-b', 'main', 'r.git');
    assert.deepEqual(await readRefFiles(path.join(dir, 'r.git')), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
