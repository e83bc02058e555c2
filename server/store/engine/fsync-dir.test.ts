import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openMaking } from './fsync-dir.ts';

test('openMaking opens in an existing folder and makes a missing one (also after it was removed)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'open-making-'));
  try {
    const file = path.join(dir, 'a', 'b', 'x.log');
    for (const text of ['one\n', 'two\n']) {
      const fh = await openMaking(file, 'a');
      await fh.write(text);
      await fh.close();
    }
    assert.equal(await readFile(file, 'utf8'), 'one\ntwo\n');
    await rm(path.join(dir, 'a'), { recursive: true });
    const fh = await openMaking(file, 'a');
    await fh.close();
    await assert.rejects(openMaking(path.join(file, 'under-a-file'), 'a'), { code: 'ENOTDIR' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
