/**
 * A wiki is kept with its repository: upkeep maintains the wiki repository too, a backup carries it, and the
 * host restored from that backup serves its pages through the API and a clone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials } from '../helpers/git.ts';
import { restoreArchive } from '../../server/services/backup/archive-read.ts';
import { backupThroughApi, hf } from '../backup/helpers.ts';

test('upkeep and backups include the wiki; a restored host serves it', { timeout: 240_000 }, async () => {
  const h = await startHost();
  const g = await gitSandbox();
  const restoredDir = path.join(await mkdtemp(path.join(tmpdir(), 'homeforge-restored-')), 'data');
  let r: TestHost | null = null;
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const repo = await h.api('POST', '/user/repos', { auth: token, body: { name: 'kept', object_format_name: 'sha256', auto_init: true } });
    for (const title of ['Home', 'Second page']) {
      const made = await h.api('POST', '/repos/root/kept/wiki/new', { auth: token, body: { title, content_base64: Buffer.from(`${title} text`).toString('base64') } });
      assert.equal(made.status, 201, made.text);
    }
    const id = repo.body.id as number;
    const wikiDir = path.join(h.dataDir, 'repositories', String(id % 100).padStart(2, '0'), `${id}.wiki.git`);
    assert.equal((await hf(h, 'POST', '/repos/root/kept/health', token)).status, 200);
    assert.ok((await readdir(path.join(wikiDir, 'objects', 'pack'))).some((f) => f.endsWith('.pack')), 'upkeep packed the wiki repository');

    const backup = await backupThroughApi(h, token, { include_secrets: false });
    const restored = await restoreArchive(backup.file, restoredDir, {});
    const inManifest = restored.manifest.repositories.find((x) => x.path.endsWith(`${id}.wiki.git`));
    assert.ok(inManifest, 'the manifest lists the wiki repository');
    assert.equal(inManifest.object_format, 'sha256');
    await h.stop();

    r = await startHost({ dataDir: restoredDir, keepData: true });
    const t2 = await createToken(r, ADMIN.username, ADMIN.password);
    const page = await r.api('GET', '/repos/root/kept/wiki/page/Second-page', { auth: t2 });
    assert.equal(page.status, 200, page.text);
    assert.equal(Buffer.from(page.body.content_base64, 'base64').toString(), 'Second page text');
    const dir = path.join(g.dir, 'kept-wiki');
    await g.ok(['clone', '-q', withCredentials(`${r.url}/root/kept.wiki.git`, ADMIN.username, ADMIN.password), dir]);
    assert.deepEqual((await g.ok(['ls-files'], { cwd: dir })).trim().split('\n').sort(), ['Home.md', 'Second-page.md']);
  } finally {
    await r?.stop();
    await g.dispose();
    await rm(path.dirname(restoredDir), { recursive: true, force: true });
  }
});
