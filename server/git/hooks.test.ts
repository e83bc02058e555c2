import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOOK_FILES, installHooks, quarantineEnv } from './hooks.ts';

test('installHooks writes the hooks once, then only what differs (content or mode)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-hooks-'));
  try {
    assert.equal(await installHooks(dir), HOOK_FILES.length);
    assert.equal(await installHooks(dir), 0);
    const hook = path.join(dir, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\nexit 0\n');
    assert.equal(await installHooks(dir), 1);
    assert.equal(await readFile(hook, 'utf8'), HOOK_FILES[0]!.content);
    if (process.platform !== 'win32') {
      await chmod(hook, 0o777);
      assert.equal(await installHooks(dir), 1);
      assert.equal((await stat(hook)).mode & 0o777, 0o700);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('quarantineEnv keeps only paths inside the repository\'s objects directory', () => {
  const gitDir = path.resolve('/data/repositories/01/1.git');
  const objects = path.join(gitDir, 'objects');
  const incoming = path.join(objects, 'tmp_objdir-incoming-abc');
  assert.deepEqual(quarantineEnv(gitDir, {
    GIT_OBJECT_DIRECTORY: incoming, GIT_ALTERNATE_OBJECT_DIRECTORIES: objects, GIT_QUARANTINE_PATH: incoming, HOME: '/tmp',
  }), { GIT_OBJECT_DIRECTORY: incoming, GIT_ALTERNATE_OBJECT_DIRECTORIES: objects, GIT_QUARANTINE_PATH: incoming });
  assert.deepEqual(quarantineEnv(gitDir, { GIT_OBJECT_DIRECTORY: '/etc' }), {});
  assert.deepEqual(quarantineEnv(gitDir, { GIT_OBJECT_DIRECTORY: `${objects}/../../2.git/objects` }), {});
  assert.deepEqual(quarantineEnv(gitDir, { GIT_ALTERNATE_OBJECT_DIRECTORIES: [objects, '/elsewhere'].join(path.delimiter) }), {});
  assert.deepEqual(quarantineEnv(gitDir, 'nonsense'), {});
});
