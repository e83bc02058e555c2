/**
 * Packages in a backup: the records and the checksum-named files (staged at the point with the store) are in
 * the archive, so a restored host serves the same files; an upload in progress (a temporary file) is left out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { backupThroughApi } from '../backup/helpers.ts';
import { restoreArchive } from '../../server/services/backup/archive-read.ts';

test('a backup carries package records and files; the restored host serves them', { timeout: 120_000 }, async () => {
  const h = await startHost();
  const restoredDir = path.join(await mkdtemp(path.join(tmpdir(), 'homeforge-pkg-restored-')), 'data');
  let r: TestHost | null = null;
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const data = randomBytes(300_000);
    const sha = createHash('sha256').update(data).digest('hex');
    const put = (p: string) => fetch(`${h.url}/api/packages/root/generic/${p}`, { method: 'PUT', body: new Uint8Array(data), headers: { Authorization: `token ${token}` } });
    assert.equal((await put('kept/1.0/k.bin')).status, 201);
    // A stray temporary file stands for an upload still being written.
    await mkdir(path.join(h.dataDir, 'packages', '.tmp'), { recursive: true });
    await writeFile(path.join(h.dataDir, 'packages', '.tmp', 'partial'), 'half an upload');
    const backup = await backupThroughApi(h, token, {});
    const restored = await restoreArchive(backup.file, restoredDir);
    assert.ok(restored.manifest.entries.some((e) => e.path.endsWith(`/${sha}`)));
    assert.ok(!restored.manifest.entries.some((e) => e.path.includes('.tmp')));
    await h.stop();
    r = await startHost({ dataDir: restoredDir, keepData: true });
    const rt = await createToken(r, ADMIN.username, ADMIN.password);
    const got = await fetch(`${r.url}/api/packages/root/generic/kept/1.0/k.bin`, { headers: { Authorization: `token ${rt}` } });
    assert.equal(got.status, 200);
    assert.equal(createHash('sha256').update(Buffer.from(await got.arrayBuffer())).digest('hex'), sha);
    assert.equal((await r.api('GET', '/packages/root/generic/kept/1.0/files', { auth: rt })).body[0].sha256, sha);
    assert.deepEqual(await readdir(path.join(restoredDir, 'packages')).then((d) => d.filter((n) => n === '.tmp')), []);
  } finally {
    await r?.stop();
    await h.stop().catch(() => undefined);
    await rm(path.dirname(restoredDir), { recursive: true, force: true });
  }
});
