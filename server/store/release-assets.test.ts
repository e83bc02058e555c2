import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flushStore, openStore } from './index.ts';
import { Table } from './engine/table.ts';
import { isUniqueViolation } from './engine/indexes.ts';
import * as assetStore from './release-assets.ts';
import type { ReleaseAssetRecord } from './release-assets.ts';

const asset = (id: number, uuid: string, repo: number, release: number, name: string): ReleaseAssetRecord => ({
  id, uuid, repo_id: repo, release_id: release, uploader_id: 1, name, size: 10, download_count: 0, created: '2024-01-01T00:00:00Z',
});

test('release assets written by the one-document table are read from the logs after the move, and kept there', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-release-assets-'));
  try {
    // The layout before the move: one document `release_assets.json` for every repository, written by Table.
    const old = await openStore(dir);
    const oldTable = new Table<ReleaseAssetRecord>('release_assets', {
      unique: [{ name: 'uuid', key: (a) => a.uuid }],
      indexes: [{ name: 'release', key: (a) => String(a.release_id) }, { name: 'repo', key: (a) => String(a.repo_id) }],
    });
    for (const [uuid, repo, release, name] of [['u-a', 1, 10, 'a.zip'], ['u-b', 1, 10, 'b.zip'], ['u-gone', 1, 11, 'x'], ['u-c', 2, 20, 'c.tgz']] as const) {
      await oldTable.insert(old, (id) => asset(id, uuid, repo, release, name));
    }
    await oldTable.remove(old, 3);
    await flushStore(old);
    const doc = path.join(old.engine.root, 'release_assets.json');
    assert.ok(existsSync(doc));

    const store = await openStore(dir);
    assert.deepEqual((await assetStore.listByRelease(store, 10)).map((a) => a.name), ['a.zip', 'b.zip']);
    assert.ok(!existsSync(doc), 'the document is removed once its rows are in the logs');
    assert.ok((await readdir(path.join(store.engine.root, 'release_assets'))).length > 0);
    assert.equal((await assetStore.getByUuid(store, 'u-c'))?.repo_id, 2);
    assert.equal((await assetStore.get(store, 2))?.uuid, 'u-b');
    assert.equal(await assetStore.get(store, 3), undefined);
    assert.deepEqual((await assetStore.listByRepo(store, 1)).map((a) => a.id), [1, 2]);
    assert.deepEqual([...(await assetStore.listByReleases(store, [10, 20, 11])).entries()].map(([r, l]) => [r, l.length]), [[10, 2], [20, 1], [11, 0]]);

    await assert.rejects(assetStore.insert(store, (id) => asset(id, 'u-a', 1, 10, 'dup')), (e) => isUniqueViolation(e, 'uuid'));
    const added = await assetStore.insert(store, (id) => asset(id, 'u-d', 1, 11, 'd.bin'));
    assert.ok(added.id > 4, 'ids the document had given out are not given again');
    await assetStore.update(store, 1, (a) => { a.download_count += 1; });
    await assetStore.remove(store, 2);

    const reopened = await openStore(dir);
    assert.deepEqual((await assetStore.listByRepo(reopened, 1)).map((a) => [a.id, a.name, a.download_count]), [[1, 'a.zip', 1], [added.id, 'd.bin', 0]]);
    assert.equal((await assetStore.getByUuid(reopened, 'u-d'))?.release_id, 11);
    assert.equal(await assetStore.getByUuid(reopened, 'u-b'), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
