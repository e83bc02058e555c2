/** The tray menu: open, copy clone URL prefixes, LAN access on/off, pause/resume the background loops, restore, quit. */
import type { MenuItemConstructorOptions, NativeImage } from 'electron';
import type { ElectronApi } from './electron-api.ts';

export interface TrayState {
  /** `http://127.0.0.1:<port>/` */
  localUrl: string;
  /** `http://<lan-ip>:<port>/`, or null when LAN access is off or there is no LAN. */
  lanUrl: string | null;
  lanEnabled: boolean;
  paused: boolean;
}

export interface TrayActions {
  open(): void;
  copy(text: string): void;
  setLan(on: boolean): void;
  setPaused(paused: boolean): void;
  restore(): void;
  quit(): void;
}

/** The menu for the current state. */
export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const lanUrl = state.lanUrl;
  return [
    { id: 'open', label: 'Open Homeforge', click: () => actions.open() },
    { type: 'separator' },
    { id: 'copy-local', label: `Copy clone URL for this machine (${state.localUrl})`, click: () => actions.copy(state.localUrl) },
    lanUrl
      ? { id: 'copy-lan', label: `Copy clone URL for the LAN (${lanUrl})`, click: () => actions.copy(lanUrl) }
      : { id: 'copy-lan', label: state.lanEnabled ? 'No LAN address found' : 'Copy clone URL for the LAN (LAN access is off)', enabled: false },
    { id: 'lan', label: 'LAN access', type: 'checkbox', checked: state.lanEnabled, click: () => actions.setLan(!state.lanEnabled) },
    { type: 'separator' },
    state.paused
      ? { id: 'loops', label: 'Resume mirrors and webhook deliveries', click: () => actions.setPaused(false) }
      : { id: 'loops', label: 'Pause mirrors and webhook deliveries', click: () => actions.setPaused(true) },
    { type: 'separator' },
    { id: 'restore', label: 'Restore from backup…', click: () => actions.restore() },
    { id: 'quit', label: 'Quit Homeforge', click: () => actions.quit() },
  ];
}

export interface TrayHandle {
  /** Rebuilds the menu from the current state (after a toggle). */
  refresh(): void;
  destroy(): void;
}

/** Puts the icon in the tray; clicking it opens the window. */
export function createTray(electron: ElectronApi, icon: NativeImage, state: () => TrayState, actions: TrayActions): TrayHandle {
  const tray = new electron.Tray(icon);
  tray.setToolTip('Homeforge');
  const refresh = (): void => tray.setContextMenu(electron.Menu.buildFromTemplate(trayMenuTemplate(state(), actions)));
  tray.on('click', () => actions.open());
  refresh();
  return { refresh, destroy: () => tray.destroy() };
}
