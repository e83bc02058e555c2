import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatFilePool } from './cat-file.ts';
import { writeCommit, type CommitSpec, type TreeChange } from './commit-write.ts';
import { encodeTree } from './tree-build.ts';
import { objectId } from './loose-object.ts';

const git = (dir: string, args: string[], input?: string | Buffer, env: NodeJS.ProcessEnv = {}): string =>
  execFileSync('git', args, { cwd: dir, input, encoding: 'utf8', env: { ...process.env, GIT_DIR: dir, ...env } });

/** What git itself makes of the spec: a temporary index, update-index, write-tree and commit-tree (the reference). */
function gitCommit(dir: string, zero: string, spec: CommitSpec): string {
  const env = { GIT_INDEX_FILE: path.join(dir, `ref-index-${Math.random()}`) };
  if (spec.parent) git(dir, ['read-tree', `${spec.parent}^{tree}`], undefined, env);
  else git(dir, ['read-tree', '--empty'], undefined, env);
  const info = spec.changes.map((c) => {
    const blob = c.blobId ?? (c.content === null ? null : git(dir, ['hash-object', '-w', '--stdin'], c.content).trim());
    return blob ? `${c.mode ?? '100644'} ${blob}\t${c.path}` : `0 ${zero}\t${c.path}`;
  });
  git(dir, ['update-index', '--add', '--remove', '-z', '--index-info'], `${info.join('\0')}\0`, env);
  const tree = git(dir, ['write-tree'], undefined, env).trim();
  rmSync(env.GIT_INDEX_FILE, { force: true });
  const people = {
    GIT_AUTHOR_NAME: spec.author.name, GIT_AUTHOR_EMAIL: spec.author.email, GIT_AUTHOR_DATE: spec.author.date,
    GIT_COMMITTER_NAME: spec.committer.name, GIT_COMMITTER_EMAIL: spec.committer.email, GIT_COMMITTER_DATE: spec.committer.date,
  };
  return git(dir, ['commit-tree', '--no-gpg-sign', tree, ...(spec.parent ? ['-p', spec.parent] : [])], spec.message, people).trim();
}

const file = (p: string, text: string, mode?: string): TreeChange => ({ path: p, content: Buffer.from(text), ...(mode ? { mode } : {}) });
const del = (p: string): TreeChange => ({ path: p, content: null });

for (const format of ['sha1', 'sha256'] as const) {
  test(`commits built in-process have git's ids (${format}): nested paths, deletions, moves, modes, people, fsck clean`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'commit-write-'));
    const pool = new CatFilePool();
    try {
      git(dir, ['init', '-q', '--bare', `--object-format=${format}`, dir]);
      const zero = '0'.repeat(format === 'sha256' ? 64 : 40);
      const people = (n: number) => ({
        author: { name: ' .Ann, "Au" <thor>; ', email: ' <ann@x.org> ', date: `@${1700000000 + n} +0530` },
        committer: { name: 'Cé Committer', email: 'c@x', date: `@${1700000100 + n} -0000` },
      });
      let parent: string | null = null;
      const steps: TreeChange[][] = [
        [file('README.md', 'hello\n'), file('a/b/c.txt', 'deep\n'), file('a-b', 'dash\n'), file('a.b/x', 'dot\n'), file('run.sh', '#!/bin/sh\n', '100755')],
        [file('a/b/d.txt', 'two\n'), file('a/z', 'z\n'), file('a0', 'sorts after a/\n'), file('ü/ñ.txt', 'utf8\n')],
        [del('a/b/c.txt'), del('a/b/d.txt'), del('missing/file'), file('README.md', 'changed\n', '100755')],
        [del('run.sh'), { path: 'moved.sh', content: null, blobId: objectId(format, 'blob', Buffer.from('#!/bin/sh\n')), mode: '100755' }],
        [del('a/z'), file('a', 'a file where a directory was\n'), file('empty', '')],
      ];
      for (const [n, changes] of steps.entries()) {
        const spec: CommitSpec = { parent, changes, ...people(n), message: n === 2 ? 'no newline at the end' : `step ${n}\n\nbody\n` };
        const mine = await writeCommit(dir, zero, spec, pool.get(dir));
        assert.equal(mine.id, gitCommit(dir, zero, spec), `step ${n}`);
        assert.equal(git(dir, ['rev-parse', `${mine.id}^{tree}`]).trim(), mine.tree);
        parent = mine.id;
      }
      // without a reader given, one is started for the call
      const last = await writeCommit(dir, zero, { parent, changes: [file('x/y', 'y\n')], ...people(9), message: 'x\n' });
      assert.equal(last.id, gitCommit(dir, zero, { parent, changes: [file('x/y', 'y\n')], ...people(9), message: 'x\n' }));
      git(dir, ['update-ref', 'refs/heads/main', last.id]);
      git(dir, ['fsck', '--strict', '--no-dangling']);
      const head = git(dir, ['cat-file', 'commit', last.id]);
      assert.match(head, /\nauthor Ann, "Au" thor <ann@x\.org> 1700000009 \+0530\ncommitter Cé Committer <c@x> 1700000109 \+0000\n/);
    } finally {
      pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`trees are encoded as git mktree writes them (${format})`, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tree-encode-'));
    try {
      git(dir, ['init', '-q', '--bare', `--object-format=${format}`, dir]);
      const blob = git(dir, ['hash-object', '-w', '--stdin'], 'x\n').trim();
      const sub = git(dir, ['mktree'], `100644 blob ${blob}\tf\n`).trim();
      const entries = [
        { name: 'a.b', mode: '100644', id: blob }, { name: 'a', mode: '40000', id: sub }, { name: 'a-b', mode: '100755', id: blob },
        { name: 'a0', mode: '120000', id: blob }, { name: 'ab', mode: '40000', id: sub },
      ];
      const listing = entries.map((e) => `${e.mode} ${e.mode === '40000' ? 'tree' : 'blob'} ${e.id}\t${e.name}`).join('\n');
      assert.equal(objectId(format, 'tree', encodeTree(format, entries)), git(dir, ['mktree'], `${listing}\n`).trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
