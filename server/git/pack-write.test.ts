import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatFileReader } from './cat-file.ts';
import { commitBody } from './commit-write.ts';
import { tagObjectBody } from './loose-object.ts';
import { PackBuilder, tableCrc32 } from './pack-write.ts';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';

const git = (dir: string, args: string[], input?: string): string => execFileSync('git', args, { cwd: dir, input, encoding: 'utf8', env: { ...process.env, GIT_DIR: dir } });

/** A tree body of `files` (name → blob id), entries sorted as git sorts them (no directories here). */
function treeBody(files: [string, string][]): Buffer {
  return Buffer.concat([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, id]) => Buffer.concat([Buffer.from(`100644 ${name}\0`), Buffer.from(id, 'hex')])));
}

for (const format of ['sha1', 'sha256'] as const) {
  test(`a pack of built objects is read by git as written (${format}): ids, index bytes as index-pack makes them, fsck clean`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pack-write-'));
    try {
      git(dir, ['init', '-q', '--bare', '-b', 'main', `--object-format=${format}`, dir]);
      const b = new PackBuilder(format);
      const who = { name: 'T', email: 't@x', date: '@1700000000 +0000' };
      // sizes around the header's 4-bit and 7-bit steps, the stored block limit, and a large tree
      const blobs = [0, 15, 16, 127, 2047, 2048, 65535, 65536, 200_000].map((n, i) => b.add('blob', Buffer.alloc(n, 97 + i)));
      const tree = b.add('tree', treeBody(blobs.map((id, i) => [`file-${i}`, id])));
      const big = b.add('tree', treeBody(Array.from({ length: 3000 }, (_, i) => [`n-${i}`, blobs[i % blobs.length]!])));
      const first = b.add('commit', commitBody(tree, { parent: null, author: who, committer: who, message: 'one\n' }));
      const second = b.add('commit', commitBody(big, { parent: first, author: who, committer: who, message: 'two\n' }));
      const tag = b.add('tag', tagObjectBody('v1', second, 'commit', 'release', { name: 'T', email: 't@x' }, 1700000000));
      assert.equal(b.add('blob', Buffer.alloc(15, 98)), blobs[1], 'the same object added twice is one entry');
      // a chain of trees each made from the one before (an entry added in the middle, at the start, at the end, one
      // removed, one replaced), stored as deltas; and one made from a tree not in the pack, stored whole
      let files: [string, string][] = Array.from({ length: 2500 }, (_, i) => [`m-${String(i).padStart(5, '0')}`, blobs[i % 9]!]);
      let last = b.add('tree', treeBody(files));
      const chain = [last];
      for (const change of [
        (f: [string, string][]) => [...f, ['m-01250a', blobs[0]!]],
        (f: [string, string][]) => [...f, ['a-first', blobs[1]!]],
        (f: [string, string][]) => [...f, ['z-last', blobs[2]!]],
        (f: [string, string][]) => f.filter(([n]) => n !== 'm-00007'),
        (f: [string, string][]) => f.map(([n, id]) => [n, n === 'm-02000' ? blobs[3]! : id]),
      ] as ((f: [string, string][]) => [string, string][])[]) {
        files = change(files);
        last = b.add('tree', treeBody(files), last);
        chain.push(last);
      }
      const whole = b.add('tree', treeBody(files.slice(1)), '0'.repeat(format === 'sha256' ? 64 : 40));
      assert.equal(b.ids.length, 21);

      const name = await b.write(dir);
      const packDir = path.join(dir, 'objects', 'pack');
      assert.deepEqual(readdirSync(packDir).sort(), [`${name}.idx`, `${name}.pack`]);
      assert.match(git(dir, ['verify-pack', '-v', path.join(packDir, `${name}.idx`)]), /ok$/m);
      // git's own index of the same pack has the same bytes (fan-out, sorted ids, CRCs, offsets, checksums)
      const theirs = path.join(dir, 'theirs.idx');
      git(dir, ['index-pack', '-o', theirs, path.join(packDir, `${name}.pack`)]);
      assert.equal(readFileSync(theirs).compare(readFileSync(path.join(packDir, `${name}.idx`))), 0);
      rmSync(theirs);

      const verified = git(dir, ['verify-pack', '-v', path.join(packDir, `${name}.idx`)]);
      assert.match(verified, /chain length = 5: 1 object/, 'the five trees after the first are a chain of deltas');
      for (const [i, id] of chain.entries()) assert.equal(git(dir, ['ls-tree', id]).trim().split('\n').length, [2500, 2501, 2502, 2503, 2502, 2502][i]);
      assert.match(git(dir, ['ls-tree', chain[5]!, 'm-02000']), new RegExp(blobs[3]!));
      assert.equal(git(dir, ['ls-tree', whole]).trim().split('\n').length, 2501);
      assert.equal(git(dir, ['cat-file', '-s', blobs[8]!]).trim(), '200000');
      assert.equal(git(dir, ['cat-file', '-p', blobs[3]!]), 'd'.repeat(127));
      assert.equal(git(dir, ['rev-parse', `${second}^{tree}`]).trim(), big);
      assert.equal(git(dir, ['ls-tree', big]).trim().split('\n').length, 3000);
      git(dir, ['update-ref', 'refs/tags/v1', tag]);
      assert.equal(git(dir, ['rev-list', '--count', 'v1']).trim(), '2');
      git(dir, ['fsck', '--strict', '--no-dangling']);
      assert.equal(await new PackBuilder(format).write(dir), null, 'an empty builder writes nothing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a running object reader finds objects of a pack written after it started', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pack-write-'));
  git(dir, ['init', '-q', '--bare', '-b', 'main', dir]);
  const reader = new CatFileReader(dir, () => undefined);
  try {
    const early = git(dir, ['hash-object', '-w', '--stdin'], 'early\n').trim();
    assert.equal((await reader.read(early))?.data.toString(), 'early\n');
    const b = new PackBuilder('sha1');
    const ids = Array.from({ length: 10 }, (_, i) => b.add('blob', Buffer.from(`late ${i}\n`)));
    assert.equal(await reader.read(ids[0]!), null, 'not there before the pack is written');
    await b.store(dir);
    for (const [i, id] of ids.entries()) assert.equal((await reader.read(id))?.data.toString(), `late ${i}\n`);
  } finally {
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the table CRC-32 (node before 20.15) equals zlib\'s on empty, short and long inputs', () => {
  const table = tableCrc32();
  const own = (zlib as unknown as { crc32: (d: Buffer) => number }).crc32;
  assert.equal(table(Buffer.from('123456789')), 0xcbf43926, 'the check value of CRC-32/ISO-HDLC');
  for (const size of [0, 1, 7, 64, 1000, 70_000]) {
    const b = randomBytes(size);
    assert.equal(table(b), own(b), `${size} bytes`);
  }
});
