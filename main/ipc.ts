/** The IPC surface: one closed channel list, each call checked to come from our window showing our host's page. */
import type { IpcMainInvokeEvent } from 'electron';
import type { BrowserWindow, ElectronApi } from './electron-api.ts';
import type { IpcChannel, IpcReplies } from './preload-api.ts';
import { hasOrigin } from './urls.ts';

/** Every channel the main process answers. */
export const IPC_CHANNELS = ['homeforge:session'] as const satisfies readonly IpcChannel[];

export type IpcHandlers = { [C in IpcChannel]: () => Promise<IpcReplies[C]> };

/** Whether the call comes from the main frame of `win`, and that frame shows a page of `origin`. */
export function isTrustedSender(electron: ElectronApi, event: IpcMainInvokeEvent, win: BrowserWindow | null, origin: string): boolean {
  if (!win || win.isDestroyed()) return false;
  if (electron.BrowserWindow.fromWebContents(event.sender) !== win) return false;
  const frame = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  return hasOrigin(frame.url, origin);
}

/** Registers a handler for each channel; calls from anywhere else are refused. Returns the undo. */
export function registerIpc(electron: ElectronApi, handlers: IpcHandlers, getWindow: () => BrowserWindow | null, origin: string): () => void {
  for (const channel of IPC_CHANNELS) {
    electron.ipcMain.handle(channel, (event) => {
      if (!isTrustedSender(electron, event, getWindow(), origin)) throw new Error(`IPC call on ${channel} refused: not from the Homeforge window`);
      return handlers[channel]();
    });
  }
  return () => { for (const channel of IPC_CHANNELS) electron.ipcMain.removeHandler(channel); };
}
