/** A stand-in for the electron module: records what the shell asks of it and lets tests fire its events. */
import { EventEmitter } from 'node:events';
import type { ElectronApi } from '../../main/electron-api.ts';

type Handler = (...args: unknown[]) => unknown;

export interface FakeEvent { url?: string; defaultPrevented: boolean; preventDefault(): void }
export const fakeEvent = (url?: string): FakeEvent => ({ url, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } });

export class FakeWebContents extends EventEmitter {
  /** What `executeJavaScript` answers (a prompt window's input). */
  static scriptAnswer: unknown = undefined;
  mainFrame = { url: '' };
  executeJavaScript(): Promise<unknown> { return Promise.resolve(FakeWebContents.scriptAnswer); }
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  permissionHandler: ((wc: unknown, permission: string, cb: (ok: boolean) => void, details: { requestingUrl: string }) => void) | null = null;
  headersHandler: ((details: { url: string; responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void) | null = null;
  session = {
    setPermissionRequestHandler: (h: FakeWebContents['permissionHandler']) => { this.permissionHandler = h; },
    webRequest: { onHeadersReceived: (h: FakeWebContents['headersHandler']) => { this.headersHandler = h; } },
  };
  /** Runs an answer's headers through the window's header handler, as Chromium would. */
  receiveHeaders(url: string, responseHeaders: Record<string, string[]>): Record<string, string[]> {
    let out = responseHeaders;
    this.headersHandler?.({ url, responseHeaders }, (r) => { out = r.responseHeaders; });
    return out;
  }
  setWindowOpenHandler(h: FakeWebContents['openHandler']): void { this.openHandler = h; }
  getURL(): string { return this.mainFrame.url; }
  /** Asks the permission handler, as Chromium would. */
  askPermission(permission: string, requestingUrl: string): boolean {
    let answer = false;
    this.permissionHandler?.(this, permission, (ok) => { answer = ok; }, { requestingUrl });
    return answer;
  }
}

export class FakeWindow extends EventEmitter {
  static all: FakeWindow[] = [];
  webContents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  shown = 0;
  focused = 0;
  constructor(readonly options: Record<string, unknown>) { super(); FakeWindow.all.push(this); }
  static fromWebContents(wc: unknown): FakeWindow | null { return FakeWindow.all.find((w) => w.webContents === wc) ?? null; }
  loadURL(url: string): Promise<void> { this.webContents.mainFrame.url = url; return Promise.resolve(); }
  isDestroyed(): boolean { return this.destroyed; }
  isMinimized(): boolean { return this.minimized; }
  restore(): void { this.minimized = false; }
  show(): void { this.shown++; }
  focus(): void { this.focused++; }
  close(): void { this.destroyed = true; this.emit('closed'); }
}

export class FakeTray extends EventEmitter {
  static last: FakeTray | null = null;
  menu: { template: { id?: string; label?: string; enabled?: boolean; checked?: boolean; click?: () => void }[] } | null = null;
  destroyed = false;
  constructor(readonly icon: unknown) { super(); FakeTray.last = this; }
  setToolTip(): void {}
  setContextMenu(menu: FakeTray['menu']): void { this.menu = menu; }
  destroy(): void { this.destroyed = true; }
  item(id: string) { return this.menu?.template.find((i) => i.id === id); }
}

class FakeApp extends EventEmitter {
  lock = true;
  quitCalls = 0;
  exited = false;
  /** True once a quit went through (before-quit not prevented). */
  quitted = false;
  constructor(private readonly userData: string) { super(); }
  requestSingleInstanceLock(): boolean { return this.lock; }
  whenReady(): Promise<void> { return Promise.resolve(); }
  getPath(): string { return this.userData; }
  quit(): void {
    this.quitCalls++;
    const e = fakeEvent();
    this.emit('before-quit', e);
    if (!e.defaultPrevented) this.quitted = true;
  }
  exit(): void { this.exited = true; }
  relaunched = 0;
  relaunch(): void { this.relaunched++; }
}

/** A fresh stand-in; `userData` is what app.getPath('userData') answers. */
export function fakeElectron(userData = '/nonexistent') {
  FakeWindow.all = [];
  FakeTray.last = null;
  const handlers = new Map<string, Handler>();
  const fake = {
    app: new FakeApp(userData),
    BrowserWindow: FakeWindow,
    Tray: FakeTray,
    Menu: { buildFromTemplate: (template: unknown[]) => ({ template }) },
    clipboard: { text: '', writeText(t: string) { this.text = t; } },
    shell: { opened: [] as string[], openExternal(url: string) { this.opened.push(url); return Promise.resolve(); } },
    ipcMain: {
      handlers,
      handle: (channel: string, fn: Handler) => { handlers.set(channel, fn); },
      removeHandler: (channel: string) => { handlers.delete(channel); },
    },
    nativeImage: { createFromPath: (p: string) => ({ path: p }) },
    dialog: {
      errors: [] as { title: string; content: string }[],
      showErrorBox(title: string, content: string) { this.errors.push({ title, content }); },
      /** The files the next open dialogs return, in order (none: canceled). */
      files: [] as string[],
      showOpenDialog() {
        const f = this.files.shift();
        return Promise.resolve({ canceled: !f, filePaths: f ? [f] : [] });
      },
      /** Answers: the button indexes the next message boxes return, in order; each box is recorded. */
      answers: [] as number[],
      shown: [] as { message: string; buttons: string[] }[],
      showMessageBox(opts: { message: string; buttons: string[] }) {
        this.shown.push(opts);
        return Promise.resolve({ response: this.answers.shift() ?? 2, checkboxChecked: false });
      },
    },
  };
  /** Calls an IPC handler as a renderer frame would. */
  const invoke = async (channel: string, sender: FakeWebContents, frame: { url: string } | null = sender.mainFrame): Promise<unknown> => {
    const fn = handlers.get(channel);
    if (!fn) throw new Error(`no handler for ${channel}`);
    return fn({ sender, senderFrame: frame });
  };
  return { fake, api: fake as unknown as ElectronApi, invoke };
}
