/**
 * The preload of the Homeforge window. It runs sandboxed, so it is CommonJS and requires nothing but electron;
 * it exposes exactly `HomeforgeApi`, each member one `invoke` on a channel of the closed list.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { HomeforgeApi, IpcChannel, IpcReplies } from './preload-api.ts';

const invoke = <C extends IpcChannel>(channel: C): Promise<IpcReplies[C]> => ipcRenderer.invoke(channel) as Promise<IpcReplies[C]>;

contextBridge.exposeInMainWorld('homeforge', {
  session: () => invoke('homeforge:session'),
} satisfies HomeforgeApi);
