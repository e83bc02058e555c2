/**
 * The start-up repair of repositories a killed host left half-made, reproduced exactly: a record whose bare
 * repository never appeared is removed, a leftover build directory does not block the next creation, and a
 * record still marked empty whose repository got its first commit is brought in line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { openStore, flushStore } from '../../server/store/index.ts';
import * as repoStore from '../../server/store/repos.ts';
import { removeBare, commitInitialFiles } from '../../server/git/repo-init.ts';

test('records left by an interrupted creation are removed or synchronised at start', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-recover-'));
  try {
    let h = await startHost({ dataDir, keepData: true });
    let token = await createToken(h, ADMIN.username, ADMIN.password);
    for (const name of ['kept', 'lost', 'first']) assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name } })).status, 201);
    await h.stop();
    // As a kill leaves them: 'lost' has its record but no repository; 'first' got its commit, not its record update.
    const store = await openStore(dataDir);
    const repos = await repoStore.list(store);
    const byName = (n: string) => repos.find((r) => r.name === n)!;
    const lostDir = repoStore.gitDirOf(store, byName('lost'));
    await removeBare(lostDir);
    await commitInitialFiles(repoStore.gitDirOf(store, byName('first')), 'main', [{ path: 'README.md', content: 'hi\n' }], { name: 'R', email: 'r@x' });
    // 'migrating' was being imported when the host died: its fetch may have landed, the migration never answered.
    const migrating = await repoStore.insert(store, (id) => ({ ...byName('kept'), id, name: 'migrating', lower_name: 'migrating', storage_path: repoStore.storagePathFor(id), is_mirror: true, options: { migrating: true } }));
    await mkdir(repoStore.gitDirOf(store, migrating), { recursive: true });
    await writeFile(path.join(repoStore.gitDirOf(store, migrating), 'HEAD'), 'ref: refs/heads/main\n');
    await flushStore(store);
    // and a half-built repository beside the place of the next one
    const nextDir = repoStore.gitDirOf(store, { storage_path: repoStore.storagePathFor(migrating.id + 1) });
    await mkdir(path.join(path.dirname(nextDir), `.init-${path.basename(nextDir)}`), { recursive: true });
    await writeFile(path.join(path.dirname(nextDir), `.init-${path.basename(nextDir)}`, 'HEAD'), 'garbage');

    h = await startHost({ dataDir });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('GET', '/repos/root/kept', { auth: token })).status, 200);
    assert.equal((await h.api('GET', '/repos/root/lost', { auth: token })).status, 404, 'the record without a repository is gone');
    assert.equal((await h.api('GET', '/repos/root/migrating', { auth: token })).status, 404, 'the unfinished migration is gone');
    const first = await h.api('GET', '/repos/root/first', { auth: token });
    assert.equal(first.body.empty, false, 'the record follows the commit');
    assert.equal((await h.api('GET', '/repos/root/first/branches/main', { auth: token })).status, 200);
    const again = await h.api('POST', '/user/repos', { auth: token, body: { name: 'lost', auto_init: true } });
    assert.equal(again.status, 201, `the name is free again and a leftover build dir does not block creation: ${again.text}`);
    await h.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
