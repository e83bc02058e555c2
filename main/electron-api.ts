/** The parts of the electron module the shell uses. Every function takes it as a parameter so tests can pass a stand-in. */
export type ElectronApi = Pick<typeof import('electron'), 'app' | 'BrowserWindow' | 'Menu' | 'Tray' | 'clipboard' | 'shell' | 'ipcMain' | 'nativeImage' | 'dialog'>;

export type BrowserWindow = import('electron').BrowserWindow;
export type WebContents = import('electron').WebContents;
