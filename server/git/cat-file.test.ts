import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CatFilePool } from './cat-file.ts';

function bareWithBlobs(dir: string, format: 'sha1' | 'sha256', blobs: string[]): string[] {
  execFileSync('git', ['init', '-q', '--bare', `--object-format=${format}`, dir]);
  return blobs.map((b) => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, input: b }).toString().trim());
}

test('one process answers many interleaved requests in order, for both formats', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'hf-catfile-'));
  const pool = new CatFilePool();
  try {
    for (const format of ['sha1', 'sha256'] as const) {
      const dir = path.join(root, format);
      const contents = Array.from({ length: 50 }, (_, i) => `blob ${i}\n${'x'.repeat(i * 997)}`);
      const ids = bareWithBlobs(dir, format, contents);
      const reader = pool.get(dir);
      const reads = await Promise.all(ids.flatMap((id) => [reader.read(id), reader.info(id)]));
      for (let i = 0; i < ids.length; i++) {
        assert.equal(reads[2 * i]!.data.toString(), contents[i]);
        assert.equal(reads[2 * i + 1]!.size, Buffer.byteLength(contents[i]!));
        assert.equal(reads[2 * i + 1]!.data.length, 0);
      }
      assert.equal(await reader.read('0'.repeat(ids[0]!.length)), null);
      assert.equal(await reader.read('not hex; rm -rf /'), null);
      assert.equal(pool.get(dir), reader);
      assert.equal(reader.served, 101);
    }
    assert.equal(pool.stats().started, 2);
    assert.equal(pool.stats().open, 2);
  } finally {
    pool.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('closing lets sent requests finish; a released reader is replaced on next use', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'hf-catfile-'));
  const pool = new CatFilePool();
  try {
    const [id] = bareWithBlobs(root, 'sha1', ['hello']);
    const reader = pool.get(root);
    const pending = reader.read(id!);
    pool.release(root);
    assert.equal((await pending)?.data.toString(), 'hello');
    await assert.rejects(reader.read(id!));
    const again = pool.get(root);
    assert.notEqual(again, reader);
    assert.equal((await again.read(id!))?.type, 'blob');
    assert.equal(pool.stats().started, 2);
  } finally {
    pool.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('a large object is read in linear time and the next request is answered after it', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'hf-catfile-'));
  const pool = new CatFilePool();
  try {
    // 48 MiB: joining every chunk onto the whole buffer (the old reader) copied terabytes for this.
    const big = Buffer.alloc(48 * 1024 * 1024, 'ab');
    const [bigId, smallId] = bareWithBlobs(root, 'sha1', [big.toString('latin1'), 'small']);
    const reader = pool.get(root);
    const started = performance.now();
    const [obj, small, info] = await Promise.all([reader.read(bigId!), reader.read(smallId!), reader.info(bigId!)]);
    assert.equal(obj!.size, big.length);
    assert.ok(obj!.data.equals(big));
    assert.equal(small!.data.toString(), 'small');
    assert.equal(info!.size, big.length);
    assert.ok(performance.now() - started < 20_000, 'read in linear time');
  } finally {
    pool.close();
    await rm(root, { recursive: true, force: true });
  }
});
