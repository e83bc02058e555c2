/**
 * Restore in the desktop app, with the electron stand-in and real hosts: the tray's restore checks and unpacks
 * the archive beside the data folder and relaunches; the next start puts the restored data in place before the
 * host starts, keeping the replaced entries and leaving Chromium's own files alone. A damaged archive changes
 * nothing; a backup with sealed secrets asks for its passphrase.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeElectron, FakeWebContents } from './fake-electron.ts';
import { restoreFromTray } from '../../main/restore.ts';
import { startShell, type Shell } from '../../main/shell.ts';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { backupThroughApi, damageOneByte } from '../backup/helpers.ts';

const OPTS = { preload: '/app/dist/main/preload.cjs', trayIcon: '/app/assets/tray.png' };

async function hostWithRepo(name: string, dataDir?: string): Promise<{ h: TestHost; token: string }> {
  const h = await startHost({ dataDir, keepData: true });
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  const made = await h.api('POST', '/user/repos', { auth: token, body: { name, auto_init: true } });
  assert.equal(made.status, 201, made.text);
  return { h, token };
}

test('the tray restores a backup: checked beside the data, put in place at the next start, the old data kept', { timeout: 240_000 }, async () => {
  const scratch = await mkdtemp(path.join(tmpdir(), 'homeforge-desktop-restore-'));
  const userData = path.join(scratch, 'userData');
  let shell: Shell | null;
  let restarted: TestHost | undefined;
  try {
    // A backup of another host holding the repository "saved" (one plain, one with sealed secrets).
    const source = await hostWithRepo('saved');
    const plain = (await backupThroughApi(source.h, source.token, {})).file;
    const sealed = (await backupThroughApi(source.h, source.token, { include_secrets: true, passphrase: 'correct horse battery' })).file;
    await source.h.stop();

    // The desktop's data folder: a host's data with the repository "current", and Chromium's own files.
    const current = await hostWithRepo('current', userData);
    await current.h.stop();
    await mkdir(path.join(userData, 'Local Storage'), { recursive: true });
    await writeFile(path.join(userData, 'Local Storage', 'chromium.ldb'), 'chromium');

    // A damaged archive: refused with the reason, nothing changed, no relaunch.
    const bad = path.join(scratch, 'bad.tar.gz');
    await writeFile(bad, damageOneByte(await readFile(plain)));
    const e1 = fakeElectron(userData);
    e1.fake.dialog.files.push(bad);
    e1.fake.dialog.answers.push(0);
    await restoreFromTray(e1.api, userData)();
    assert.equal(e1.fake.dialog.errors.length, 1);
    assert.equal(e1.fake.app.relaunched, 0);
    assert.equal((await readdir(scratch)).filter((n) => n.includes('restore')).length, 0, 'nothing written beside the data');

    // Cancel at the question: nothing happens.
    const e2 = fakeElectron(userData);
    e2.fake.dialog.files.push(plain);
    e2.fake.dialog.answers.push(1);
    await restoreFromTray(e2.api, userData)();
    assert.equal(e2.fake.app.relaunched, 0);

    // The sealed backup: the passphrase is asked for in a window, then the app relaunches.
    const e3 = fakeElectron(userData);
    e3.fake.dialog.files.push(sealed);
    e3.fake.dialog.answers.push(0);
    FakeWebContents.scriptAnswer = 'correct horse battery';
    await restoreFromTray(e3.api, userData)();
    assert.deepEqual(e3.fake.dialog.errors, []);
    assert.equal(e3.fake.app.relaunched, 1);
    assert.equal(e3.fake.app.quitCalls, 1);
    assert.ok(existsSync(`${userData}.restore-pending.json`));

    // The next start: the restored data is in place before the host starts.
    const e4 = fakeElectron(userData);
    shell = await startShell(e4.api, { ...OPTS, startHost: async (dir) => { restarted = await startHost({ dataDir: dir, keepData: true }); return restarted; } });
    assert.ok(shell && restarted);
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    assert.equal((await restarted.api('GET', '/repos/root/saved', { auth })).status, 200);
    assert.equal((await restarted.api('GET', '/repos/root/current', { auth })).status, 404);
    assert.equal(await readFile(path.join(userData, 'Local Storage', 'chromium.ldb'), 'utf8'), 'chromium');
    assert.ok(!existsSync(`${userData}.restore-pending.json`));
    const kept = (await readdir(scratch)).find((n) => n.startsWith('userData.before-restore-'));
    assert.ok(kept, 'the replaced data is kept beside');
    assert.ok(existsSync(path.join(scratch, kept, 'store')));
  } finally {
    FakeWebContents.scriptAnswer = undefined;
    await restarted?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
});
