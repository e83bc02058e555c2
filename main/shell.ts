/**
 * The desktop shell: one instance, the host in-process on the app's data folder, the window, the tray and
 * a clean shutdown. No business logic lives here; it wires the host to Electron.
 */
import { createHost, type Host } from '../server/host.ts';
import { startIdleTrim } from '../server/lib/idle-trim.ts';
import { followLoad } from '../server/lib/young-generation.ts';
import { updateHostSettings } from '../server/services/settings/host-settings.ts';
import type { WorkerLoop } from '../server/worker/protocol.ts';
import type { BrowserWindow, ElectronApi } from './electron-api.ts';
import { createMainWindow, focusWindow } from './window.ts';
import { registerIpc } from './ipc.ts';
import { ownerSessionProvider } from './owner-session.ts';
import { applyPendingRestore, restoreFromTray } from './restore.ts';
import { createTray, type TrayActions, type TrayHandle, type TrayState } from './tray.ts';

/** The loops the tray pauses and resumes. */
export const PAUSABLE_LOOPS: WorkerLoop[] = ['mirror', 'delivery'];

export interface ShellOptions {
  /** The compiled preload (`preload.cjs`). */
  preload: string;
  windowIcon?: string;
  trayIcon: string;
  /** Starts the host on a data folder (null: the user chose to quit); default startDesktopHost. */
  startHost?: (dataDir: string) => Promise<Host | null>;
}

export interface Shell {
  host: Host;
  window(): BrowserWindow | null;
  tray: TrayHandle;
  /** Closes the host (awaited), then lets the app exit. */
  shutdown(): Promise<void>;
}

/** What the user chose when the port was taken: try it again, a free port for this run only, or quit. */
export type PortChoice = 'retry' | 'free-port' | 'quit';

/** Asks the user, in a dialog, what to do about a taken port. */
export function askAboutPort(electron: ElectronApi): (port: number) => Promise<PortChoice> {
  return async (port) => {
    const { response } = await electron.dialog.showMessageBox({
      type: 'warning',
      title: 'Homeforge',
      message: `Port ${port} is already in use`,
      detail: `Another program (or another copy of Homeforge) is using port ${port}. Clones and remotes saved with `
        + `http://127.0.0.1:${port} reach Homeforge only on that port. Close the other program and try again, start on `
        + 'a free port for this session only (saved remotes will not reach it), or quit. To move Homeforge for good, '
        + 'set HTTP_PORT in the [server] section of app.ini.',
      buttons: ['Try again', 'Use a free port this time', 'Quit'],
      defaultId: 0,
      cancelId: 2,
      noLink: true,
    });
    return response === 0 ? 'retry' : response === 1 ? 'free-port' : 'quit';
  };
}

/**
 * Starts the host on the configured port (3000). When the port is taken the user is told and chooses; the host
 * never moves to another port silently, as saved remotes would break. Resolves null when the user quits.
 */
export async function startDesktopHost(dataDir: string, ask: (port: number) => Promise<PortChoice>, create: typeof createHost = createHost): Promise<Host | null> {
  for (;;) {
    try {
      return await create({ dataDir });
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { port?: number };
      if (e.code !== 'EADDRINUSE') throw err;
      const choice = await ask(e.port ?? 3000);
      if (choice === 'quit') return null;
      if (choice === 'free-port') return create({ dataDir, port: 0 });
    }
  }
}

/** Runs the shell. Resolves null in a second instance, which hands over to the first and quits, or when the user quits at start. */
export async function startShell(electron: ElectronApi, opts: ShellOptions): Promise<Shell | null> {
  const { app } = electron;
  // 1 - one instance per user: a second launch focuses the first one's window
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  let win: BrowserWindow | null = null;
  let openWindow: (() => void) | null = null;
  app.on('second-instance', () => openWindow?.());
  await app.whenReady();
  // 2 - a restore chosen in the last run takes its place first, then the host, in this process, on the app's data folder
  const dataDir = app.getPath('userData');
  const restored = applyPendingRestore(dataDir);
  const host = await (opts.startHost ?? ((dir: string) => startDesktopHost(dir, askAboutPort(electron))))(dataDir);
  if (!host) {
    app.quit();
    return null;
  }
  // an idle host gives back the heap a busy spell grew, as npm start's does (server/lib/idle-trim.ts)
  const stopTrim = startIdleTrim();
  // and its young generation grows under load only (server/lib/young-generation.ts)
  const stopFollowing = followLoad();
  // 3 - the IPC surface, answering only our window on our origin
  const unregister = registerIpc(electron, { 'homeforge:session': ownerSessionProvider(host.app) }, () => win, new URL(host.url).origin);
  // 4 - the window, created again from the tray or a second launch after it was closed
  openWindow = () => {
    if (win && !win.isDestroyed()) {
      focusWindow(win);
      return;
    }
    const created = createMainWindow(electron, { url: `${host.url}/`, preload: opts.preload, icon: opts.windowIcon });
    created.on('closed', () => { if (win === created) win = null; });
    win = created;
  };
  openWindow();
  if (restored) host.app.log.info(`restored from a backup; the data it replaced is in ${restored.kept}`);
  // 5 - the tray; the host keeps serving with every window closed
  let paused = false;
  const tray = createTray(electron, electron.nativeImage.createFromPath(opts.trayIcon), trayState(host, () => paused), trayActions(electron, host, {
    open: () => openWindow?.(),
    setPaused: (p) => { paused = p; },
    refresh: () => tray.refresh(),
    restore: restoreFromTray(electron, dataDir),
  }));
  app.on('window-all-closed', () => undefined);
  app.on('activate', () => openWindow?.());
  // last - quitting waits for the host to close (in-flight requests, worker, store flush)
  const shutdown = onQuit(electron, host, () => { stopTrim(); stopFollowing(); tray.destroy(); unregister(); });
  return { host, window: () => win, tray, shutdown };
}

function trayState(host: Host, paused: () => boolean): () => TrayState {
  return () => {
    const lan = host.lan.status();
    return { localUrl: `${host.url}/`, lanUrl: host.lan.url(), lanEnabled: lan.enabled, paused: paused() };
  };
}

interface TrayHooks {
  open(): void;
  /** Chooses a backup, unpacks it beside the data and relaunches to finish the restore. */
  restore(): Promise<void>;
  setPaused(paused: boolean): void;
  refresh(): void;
}

/** What each tray item does to the host. */
export function trayActions(electron: ElectronApi, host: Host, hooks: TrayHooks): TrayActions {
  return {
    open: () => hooks.open(),
    copy: (text) => electron.clipboard.writeText(text),
    // Persisted to app.ini like the admin settings page, so the choice survives a restart.
    setLan: (on) => {
      updateHostSettings(host.app, { 'server.LAN_ACCESS': on })
        .then(() => host.lan.sync(), (err: unknown) => host.app.log.warn('saving LAN access failed', { error: String(err) }))
        .finally(() => hooks.refresh());
    },
    setPaused: (paused) => {
      host.worker.send({ type: paused ? 'pause' : 'resume', loops: PAUSABLE_LOOPS });
      hooks.setPaused(paused);
      hooks.refresh();
    },
    restore: () => {
      hooks.restore().catch((err: unknown) => host.app.log.error('restore failed', { error: String(err) }));
    },
    quit: () => electron.app.quit(),
  };
}

/** Holds the quit until `host.close()` has finished, then quits for real. Returns the shutdown function. */
function onQuit(electron: ElectronApi, host: Host, before: () => void): () => Promise<void> {
  let closing: Promise<void> | null = null;
  let closed = false;
  const shutdown = (): Promise<void> => {
    closing ??= (async () => {
      before();
      try {
        await host.close();
      } catch (err) {
        host.app.log.error('the host did not close cleanly', { error: String(err) });
      }
      closed = true;
      electron.app.quit();
    })();
    return closing;
  };
  electron.app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void shutdown();
  });
  return shutdown;
}
