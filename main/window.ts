/** The one Homeforge window: locked-down options, navigation and new windows denied, links to the system browser. */
import type { BrowserWindowConstructorOptions } from 'electron';
import type { BrowserWindow, ElectronApi, WebContents } from './electron-api.ts';
import { hasOrigin, isWebUrl } from './urls.ts';

/**
 * The window's Content-Security-Policy, added to any answer of the host's origin that comes without one (the
 * host sends its own for the UI): scripts, styles and connections only from the host itself.
 */
export const WINDOW_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
  + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Permissions a page of our own origin may have; every other request is refused. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/** The window's options: context isolation, sandbox, no node in any frame, no webview. */
export function windowOptions(preload: string, icon?: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Homeforge',
    ...(icon ? { icon } : {}),
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  };
}

/** Hands an http(s) URL to the system browser; anything else (file:, javascript:, custom schemes) is dropped. */
export function openExternally(electron: ElectronApi, url: string): boolean {
  if (!isWebUrl(url)) return false;
  void electron.shell.openExternal(url).catch(() => undefined);
  return true;
}

/**
 * Keeps the page on the host's origin: a navigation or redirect elsewhere is cancelled (a web link opens in the
 * system browser instead), new windows are denied, webviews are refused, permissions are refused but clipboard writing,
 * and every page of the host's origin gets a Content-Security-Policy.
 */
export function guardContents(electron: ElectronApi, contents: WebContents, origin: string): void {
  contents.on('will-navigate', (event) => {
    if (hasOrigin(event.url, origin)) return;
    event.preventDefault();
    openExternally(electron, event.url);
  });
  contents.on('will-frame-navigate', (event) => {
    if (!hasOrigin(event.url, origin)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!hasOrigin(event.url, origin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(electron, url);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && hasOrigin(details.requestingUrl, origin));
  });
  contents.session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    const hasPolicy = Object.keys(headers).some((k) => k.toLowerCase() === 'content-security-policy');
    if (!hasPolicy && hasOrigin(details.url, origin)) headers['Content-Security-Policy'] = [WINDOW_CSP];
    callback({ responseHeaders: headers });
  });
}

/** Opens the window on the host's URL; it shows itself once the page has painted. */
export function createMainWindow(electron: ElectronApi, opts: { url: string; preload: string; icon?: string }): BrowserWindow {
  const win = new electron.BrowserWindow(windowOptions(opts.preload, opts.icon));
  guardContents(electron, win.webContents, new URL(opts.url).origin);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.url).catch(() => undefined);
  return win;
}

/** Brings the window to the front (after a second launch or the tray's Open). */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
