/**
 * Restore in the desktop app: the tray's "Restore from backup…" checks and unpacks an archive into a folder
 * beside the data folder while the host still runs (nothing of the current data is touched; a damaged archive
 * stops here), records that a restore is pending and relaunches the app. At the next start, before the host
 * starts, the restored entries take the place of the current ones, which are kept in a folder beside them.
 * The data folder is Electron's userData, which also holds Chromium's own files: only the host's entries move.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { restoreArchive } from '../server/services/backup/archive-read.ts';
import type { ElectronApi } from './electron-api.ts';

interface Pending {
  /** The folder the archive was restored into. */
  restored: string;
  /** Where the entries it replaces go. */
  kept: string;
}

const markerOf = (dataDir: string): string => `${path.resolve(dataDir)}.restore-pending.json`;
const stamp = (): string => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** Unpacks `archive` beside the data folder (every checksum checked) and marks the restore pending. */
export async function prepareRestore(dataDir: string, archive: string, passphrase?: string): Promise<Pending> {
  const base = path.resolve(dataDir);
  const when = stamp();
  const pending: Pending = { restored: `${base}.restored-${when}`, kept: `${base}.before-restore-${when}` };
  try {
    await restoreArchive(archive, pending.restored, { passphrase });
  } catch (err) {
    rmSync(pending.restored, { recursive: true, force: true });
    throw err;
  }
  const marker = markerOf(base);
  writeFileSync(`${marker}.tmp`, JSON.stringify(pending));
  renameSync(`${marker}.tmp`, marker);
  return pending;
}

/**
 * Finishes a pending restore before the host starts: each restored entry replaces the data folder's entry of
 * that name (kept beside). Safe to run again after a crash half-way. Returns where the old entries are, or null.
 */
export function applyPendingRestore(dataDir: string): Pending | null {
  const base = path.resolve(dataDir);
  const marker = markerOf(base);
  if (!existsSync(marker)) return null;
  const pending = JSON.parse(readFileSync(marker, 'utf8')) as Pending;
  if (existsSync(pending.restored)) {
    mkdirSync(base, { recursive: true });
    mkdirSync(pending.kept, { recursive: true });
    for (const name of readdirSync(pending.restored)) {
      const current = path.join(base, name);
      if (existsSync(current)) renameSync(current, path.join(pending.kept, name));
      renameSync(path.join(pending.restored, name), current);
    }
    rmSync(pending.restored, { recursive: true, force: true });
  }
  rmSync(marker, { force: true });
  return pending;
}

/** Asks for the backup's passphrase in a small window of its own; null when the window is closed. */
async function askPassphrase(electron: ElectronApi): Promise<string | null> {
  const win = new electron.BrowserWindow({ width: 420, height: 200, resizable: false, title: 'Backup passphrase', webPreferences: { sandbox: true, contextIsolation: true, javascript: true } });
  const page = '<!doctype html><meta charset="utf-8"><title>Backup passphrase</title><body style="font:14px system-ui;margin:16px">'
    + '<form><label>This backup holds sealed secrets. Passphrase:<br><input name="p" type="password" autofocus style="width:100%"></label>'
    + '<p><button>Restore</button></p></form></body>';
  await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
  const closed = new Promise<null>((resolve) => win.on('closed', () => resolve(null)));
  const given = win.webContents.executeJavaScript(
    'new Promise((r) => document.forms[0].addEventListener("submit", (e) => { e.preventDefault(); r(document.forms[0].p.value); }))',
  ) as Promise<string>;
  const answer = await Promise.race([given, closed]);
  if (!win.isDestroyed()) win.close();
  return answer;
}

/** The tray's restore: choose an archive, confirm, unpack it beside the data, then relaunch to finish. */
export function restoreFromTray(electron: ElectronApi, dataDir: string): () => Promise<void> {
  return async () => {
    const chosen = await electron.dialog.showOpenDialog({ title: 'Restore from backup', properties: ['openFile'], filters: [{ name: 'Homeforge backups', extensions: ['gz'] }] });
    const archive = chosen.filePaths[0];
    if (chosen.canceled || !archive) return;
    const { response } = await electron.dialog.showMessageBox({
      type: 'warning', title: 'Homeforge', message: 'Restore this backup?',
      detail: `Homeforge checks ${path.basename(archive)}, then restarts with its data. The current data is kept in a folder beside ${dataDir}.`,
      buttons: ['Restore and restart', 'Cancel'], defaultId: 0, cancelId: 1, noLink: true,
    });
    if (response !== 0) return;
    try {
      await prepareRestore(dataDir, archive).catch(async (err: unknown) => {
        if (!/give the passphrase/.test(String(err))) throw err;
        const passphrase = await askPassphrase(electron);
        if (passphrase === null) throw new Error('no passphrase given; nothing was changed');
        return prepareRestore(dataDir, archive, passphrase);
      });
    } catch (err) {
      electron.dialog.showErrorBox('The backup was not restored', err instanceof Error ? err.message : String(err));
      return;
    }
    electron.app.relaunch();
    electron.app.quit();
  };
}
