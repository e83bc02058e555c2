/**
 * Restores that must be refused: one changed byte in an archive (the command line names the archive and writes
 * nothing), an archive of a newer store schema, and a target data dir that is not empty.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { restoreArchive } from '../../server/services/backup/archive-read.ts';
import { backupThroughApi, damageOneByte, runCli } from './helpers.ts';

test('damaged, newer and misplaced restores are refused and write nothing', { timeout: 180_000 }, async () => {
  const h = await startHost();
  const scratch = await mkdtemp(path.join(tmpdir(), 'homeforge-damaged-'));
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'kept', auto_init: true } })).status, 201);
    const { file } = await backupThroughApi(h, token, {});
    const good = path.join(scratch, 'good.tar.gz');
    await copyFile(file, good);

    // one byte changed in the middle of the archive
    const bad = path.join(scratch, 'bad.tar.gz');
    await writeFile(bad, damageOneByte(await readFile(good)));
    const target = path.join(scratch, 'from-bad');
    const refused = await runCli(['restore', '--from', bad, '--data', target]);
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, new RegExp(`error: ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    assert.deepEqual((await readdir(scratch)).sort(), ['bad.tar.gz', 'good.tar.gz'], 'nothing written beside the archive');

    // a newer store schema is refused from the first entry
    const newer = path.join(scratch, 'newer.tar.gz');
    const pack = tar.pack();
    const done = pipeline(pack, createGzip(), createWriteStream(newer));
    pack.entry({ name: 'backup.json' }, JSON.stringify({ format: 'homeforge-backup', format_version: 1, schema_version: 999, secrets_included: false }));
    pack.finalize();
    await done;
    await assert.rejects(restoreArchive(newer, path.join(scratch, 'from-newer')), /newer than this Homeforge knows/);

    // a data dir that is not empty
    const busy = path.join(scratch, 'busy');
    await mkdir(busy);
    await writeFile(path.join(busy, 'keep.txt'), 'x');
    await assert.rejects(restoreArchive(good, busy), /is not empty/);
    assert.deepEqual(await readdir(busy), ['keep.txt']);
    assert.deepEqual((await readdir(scratch)).sort(), ['bad.tar.gz', 'busy', 'good.tar.gz', 'newer.tar.gz']);

    // the good archive restores through the command line, and says the secrets were not in it
    const ok = await runCli(['restore', '--from', good, '--data', path.join(scratch, 'from-good')]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /restored \d+ entries \(1 repositories\)/);
    assert.match(ok.stdout, /held no secrets/);
  } finally {
    await h.stop();
    await rm(scratch, { recursive: true, force: true });
  }
});
