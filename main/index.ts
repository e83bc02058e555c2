/** The Electron entry: passes the real electron module to the shell. Everything it does is in shell.ts. */
import { app, BrowserWindow, Menu, Tray, clipboard, shell, ipcMain, nativeImage, dialog, utilityProcess } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronApi } from './electron-api.ts';
import './young-generation.ts';

// The rest loads after the young generation's size is settled: a static import's whole module graph is read and
// compiled before any of it runs, which alone would grow the space.
const { startShell } = await import('./shell.ts');
const { utilityStarter } = await import('./git-spawner.ts');
const { setHelperStarter } = await import('../server/git/spawner-launch.ts');

const electron: ElectronApi = { app, BrowserWindow, Menu, Tray, clipboard, shell, ipcMain, nativeImage, dialog };
const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.join(here, '..', '..', 'assets');
// Git processes and password hashes go through a utility process (the host starts it on first use).
setHelperStarter(utilityStarter(utilityProcess));

startShell(electron, {
  preload: path.join(here, 'preload.cjs'),
  windowIcon: path.join(assets, 'icons', '512x512.png'),
  trayIcon: path.join(assets, 'tray.png'),
}).catch((err: unknown) => {
  dialog.showErrorBox('Homeforge could not start', err instanceof Error ? err.message : String(err));
  app.exit(1);
});
