import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { storedZlib, writeLooseObject } from './loose-object.ts';
import { writeTagObject } from './ref-update.ts';

const git = (cwd: string, args: string[], input?: string): string => execFileSync('git', args, {
  cwd, input, encoding: 'utf8', env: { ...process.env, GIT_DIR: cwd, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' },
});

for (const format of ['sha1', 'sha256'] as const) {
  test(`objects written by the host are what git writes (${format}): same ids, readable, fsck clean`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loose-object-'));
    try {
      git(dir, ['init', '-q', '--bare', `--object-format=${format}`, dir]);
      const blob = await writeLooseObject(dir, format, 'blob', Buffer.from('hello\n'));
      assert.equal(blob, git(dir, ['hash-object', '-t', 'blob', '--stdin'], 'hello\n').trim());
      assert.equal(git(dir, ['cat-file', '-p', blob]), 'hello\n');
      const tree = git(dir, ['mktree'], `100644 blob ${blob}\ta.txt\n`).trim();
      const commit = git(dir, ['commit-tree', '-m', 'one', tree]).trim();
      // a tag with a multi-line message and a tagger name holding characters git would refuse
      const tag = await writeTagObject(dir, 'v1', commit, 'commit', 'Release\n\nnotes ü', { name: 'A <b>\nC', email: 'a@x' });
      const body = git(dir, ['cat-file', 'tag', tag]);
      assert.equal(tag, git(dir, ['hash-object', '-t', 'tag', '--stdin'], body).trim());
      assert.equal(git(dir, ['mktag'], body).trim(), tag, 'git mktag accepts the body and names it the same');
      assert.match(body, /^object [0-9a-f]+\ntype commit\ntag v1\ntagger A bC <a@x> \d+ \+0000\n\nRelease\n\nnotes ü\n$/);
      git(dir, ['update-ref', 'refs/tags/v1', tag]);
      git(dir, ['fsck', '--strict', '--no-dangling']);
      // writing it again is a no-op with the same id
      assert.equal(await writeLooseObject(dir, format, 'blob', Buffer.from('hello\n')), blob);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a large tree is stored uncompressed and a fresh object is written over an existing one; git reads both, fsck clean', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loose-object-'));
  try {
    git(dir, ['init', '-q', '--bare', dir]);
    const blob = await writeLooseObject(dir, 'sha1', 'blob', Buffer.from('x\n'));
    const listing = Array.from({ length: 300 }, (_, i) => `100644 blob ${blob}\tfile-${i}.txt\n`).join('');
    const expected = git(dir, ['mktree', '--missing'], listing).trim();
    const body = Buffer.from(execFileSync('git', ['cat-file', 'tree', expected], { env: { ...process.env, GIT_DIR: dir } }));
    assert.ok(body.length >= 4096);
    rmSync(path.join(dir, 'objects', expected.slice(0, 2), expected.slice(2)));
    assert.equal(await writeLooseObject(dir, 'sha1', 'tree', body, { fresh: true }), expected);
    const stored = readFileSync(path.join(dir, 'objects', expected.slice(0, 2), expected.slice(2)));
    assert.ok(stored.length > body.length, 'zlib level 0: the file is the tree plus zlib framing');
    assert.equal(inflateSync(stored).subarray(`tree ${body.length}\0`.length).compare(body), 0);
    // written again as fresh: the rename puts the same bytes in place
    assert.equal(await writeLooseObject(dir, 'sha1', 'tree', body, { fresh: true }), expected);
    assert.equal(git(dir, ['ls-tree', expected]).split('\n').filter(Boolean).length, 300);
    assert.deepEqual(readdirSync(path.join(dir, 'objects', expected.slice(0, 2))).filter((f) => f.startsWith('tmp_obj_')), []);
    git(dir, ['fsck', '--strict']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('storedZlib writes the bytes zlib writes at level 0 (zlib splits larger ones into blocks), and a valid stream up to 64 KiB', () => {
  let seed = 7;
  const random = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff));
  for (const n of [0, 1, 2, 100, 4031, 5552, 5553, 11105, 40000, 65535]) {
    for (const raw of [random(n), Buffer.alloc(n, 0xff)]) {
      if (n <= 16384) assert.equal(storedZlib(raw).compare(deflateSync(raw, { level: 0 })), 0, `${n} bytes`);
      assert.equal(inflateSync(storedZlib(raw)).compare(raw), 0);
    }
  }
  assert.throws(() => storedZlib(Buffer.alloc(65536)), RangeError);
});
