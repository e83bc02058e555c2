import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoFiles } from './snapshot-files.ts';

test('a backup lists packs and loose objects but not the files git keeps only while it works', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snapshot-files-'));
  try {
    await mkdir(path.join(dir, 'objects/pack'), { recursive: true });
    await mkdir(path.join(dir, 'objects/ab'), { recursive: true });
    await mkdir(path.join(dir, 'objects/incoming-x1'), { recursive: true });
    for (const f of ['HEAD', 'config', 'objects/ab/cdef', 'objects/pack/pack-1.pack', 'objects/pack/pack-1.idx',
      'objects/pack/pack-1.keep', 'objects/pack/tmp_pack_2', 'objects/incoming-x1/obj', 'config.lock']) {
      await writeFile(path.join(dir, f), 'x');
    }
    const rels = (await repoFiles(dir)).map((f) => f.rel).sort();
    assert.deepEqual(rels, ['HEAD', 'config', 'objects/ab/cdef', 'objects/pack/pack-1.idx', 'objects/pack/pack-1.pack']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
