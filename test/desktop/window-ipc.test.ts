/** Window options, the navigation guard and the IPC sender check, with the electron stand-in. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeElectron, fakeEvent, FakeWindow, FakeWebContents } from './fake-electron.ts';
import { windowOptions, guardContents, createMainWindow, openExternally, WINDOW_CSP } from '../../main/window.ts';
import { IPC_CHANNELS, isTrustedSender, registerIpc } from '../../main/ipc.ts';
import { trayMenuTemplate } from '../../main/tray.ts';
import type { BrowserWindow, WebContents } from '../../main/electron-api.ts';

const ORIGIN = 'http://127.0.0.1:3000';

describe('window', () => {
  test('options: context isolation, sandbox, no node integration, the preload', () => {
    const o = windowOptions('/app/dist/main/preload.cjs', '/app/icon.png');
    assert.equal(o.webPreferences?.contextIsolation, true);
    assert.equal(o.webPreferences?.sandbox, true);
    assert.equal(o.webPreferences?.nodeIntegration, false);
    assert.equal(o.webPreferences?.nodeIntegrationInSubFrames, false);
    assert.equal(o.webPreferences?.webviewTag, false);
    assert.equal(o.webPreferences?.preload, '/app/dist/main/preload.cjs');
    assert.equal(o.show, false);
  });

  test('navigation off our origin is cancelled and web links go to the system browser', () => {
    const { api, fake } = fakeElectron();
    const wc = new FakeWebContents();
    guardContents(api, wc as unknown as WebContents, ORIGIN);
    const away = fakeEvent('https://example.com/x');
    wc.emit('will-navigate', away);
    assert.equal(away.defaultPrevented, true);
    assert.deepEqual(fake.shell.opened, ['https://example.com/x']);
    const own = fakeEvent(`${ORIGIN}/root/repo`);
    wc.emit('will-navigate', own);
    assert.equal(own.defaultPrevented, false, 'pages of the host itself may load');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'http://127.0.0.1:3001/']) {
      const e = fakeEvent(url);
      wc.emit('will-navigate', e);
      assert.equal(e.defaultPrevented, true, url);
    }
    assert.deepEqual(fake.shell.opened, ['https://example.com/x', 'http://127.0.0.1:3001/'], 'only http(s) is opened externally');
    for (const name of ['will-redirect', 'will-frame-navigate']) {
      const e = fakeEvent('https://evil.example/');
      wc.emit(name, e);
      assert.equal(e.defaultPrevented, true, name);
    }
    const webview = fakeEvent();
    wc.emit('will-attach-webview', webview);
    assert.equal(webview.defaultPrevented, true);
  });

  test('new windows are denied; an http(s) link opens in the system browser, other schemes nowhere', () => {
    const { api, fake } = fakeElectron();
    const wc = new FakeWebContents();
    guardContents(api, wc as unknown as WebContents, ORIGIN);
    assert.deepEqual(wc.openHandler?.({ url: 'https://gitea.com/' }), { action: 'deny' });
    assert.deepEqual(wc.openHandler?.({ url: `${ORIGIN}/other` }), { action: 'deny' });
    assert.deepEqual(wc.openHandler?.({ url: 'smb://share/x' }), { action: 'deny' });
    assert.deepEqual(fake.shell.opened, ['https://gitea.com/', `${ORIGIN}/other`]);
    assert.equal(openExternally(api, 'file:///tmp/x'), false);
  });

  test('permissions are refused except clipboard writing by our own page', () => {
    const { api } = fakeElectron();
    const wc = new FakeWebContents();
    guardContents(api, wc as unknown as WebContents, ORIGIN);
    assert.equal(wc.askPermission('clipboard-sanitized-write', `${ORIGIN}/`), true);
    assert.equal(wc.askPermission('clipboard-sanitized-write', 'https://example.com/'), false);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal']) assert.equal(wc.askPermission(p, `${ORIGIN}/`), false, p);
  });

  test('every page of the host gets a Content-Security-Policy; the host\'s own policy is kept', () => {
    const { api } = fakeElectron();
    const wc = new FakeWebContents();
    guardContents(api, wc as unknown as WebContents, ORIGIN);
    const added = wc.receiveHeaders(`${ORIGIN}/`, { 'Content-Type': ['text/html'] });
    assert.deepEqual(added['Content-Security-Policy'], [WINDOW_CSP]);
    assert.match(WINDOW_CSP, /script-src 'self'/);
    const own = wc.receiveHeaders(`${ORIGIN}/`, { 'content-security-policy': ["default-src 'self'"] });
    assert.deepEqual(own, { 'content-security-policy': ["default-src 'self'"] });
  });

  test('createMainWindow loads the host URL and shows the window when ready', () => {
    const { api } = fakeElectron();
    const win = createMainWindow(api, { url: `${ORIGIN}/`, preload: '/p.cjs' }) as unknown as FakeWindow;
    assert.equal(win.webContents.mainFrame.url, `${ORIGIN}/`);
    assert.equal(win.shown, 0);
    win.emit('ready-to-show');
    assert.equal(win.shown, 1);
  });
});

describe('IPC', () => {
  test('one closed channel list', () => {
    assert.deepEqual([...IPC_CHANNELS], ['homeforge:session']);
  });

  test('a call is trusted only from the main frame of our window showing our origin', () => {
    const { api } = fakeElectron();
    const ours = new FakeWindow({});
    const other = new FakeWindow({});
    ours.webContents.mainFrame.url = `${ORIGIN}/`;
    other.webContents.mainFrame.url = `${ORIGIN}/`;
    const win = ours as unknown as BrowserWindow;
    const ev = (sender: FakeWebContents, frame: { url: string } | null) => ({ sender, senderFrame: frame }) as never;
    assert.equal(isTrustedSender(api, ev(ours.webContents, ours.webContents.mainFrame), win, ORIGIN), true);
    assert.equal(isTrustedSender(api, ev(other.webContents, other.webContents.mainFrame), win, ORIGIN), false, 'another window');
    assert.equal(isTrustedSender(api, ev(ours.webContents, { url: `${ORIGIN}/` }), win, ORIGIN), false, 'a subframe');
    assert.equal(isTrustedSender(api, ev(ours.webContents, null), win, ORIGIN), false, 'no frame');
    ours.webContents.mainFrame.url = 'https://example.com/';
    assert.equal(isTrustedSender(api, ev(ours.webContents, ours.webContents.mainFrame), win, ORIGIN), false, 'another origin');
    ours.webContents.mainFrame.url = `${ORIGIN}/`;
    ours.destroyed = true;
    assert.equal(isTrustedSender(api, ev(ours.webContents, ours.webContents.mainFrame), win, ORIGIN), false, 'destroyed');
    assert.equal(isTrustedSender(api, ev(ours.webContents, ours.webContents.mainFrame), null, ORIGIN), false, 'no window');
  });

  test('registered handlers answer our window, refuse others, and are removed by the undo', async () => {
    const { api, fake, invoke } = fakeElectron();
    const ours = new FakeWindow({});
    const stranger = new FakeWindow({});
    ours.webContents.mainFrame.url = `${ORIGIN}/`;
    stranger.webContents.mainFrame.url = `${ORIGIN}/`;
    const undo = registerIpc(api, { 'homeforge:session': () => Promise.resolve({ token: 't', username: 'u' }) }, () => ours as unknown as BrowserWindow, ORIGIN);
    assert.deepEqual([...fake.ipcMain.handlers.keys()], ['homeforge:session']);
    assert.deepEqual(await invoke('homeforge:session', ours.webContents), { token: 't', username: 'u' });
    await assert.rejects(invoke('homeforge:session', stranger.webContents), /refused/);
    undo();
    assert.equal(fake.ipcMain.handlers.size, 0);
  });
});

describe('tray menu', () => {
  test('items follow the state', () => {
    const noop = { open: () => undefined, copy: () => undefined, setLan: () => undefined, setPaused: () => undefined, restore: () => undefined, quit: () => undefined };
    const off = trayMenuTemplate({ localUrl: 'http://127.0.0.1:3000/', lanUrl: null, lanEnabled: false, paused: false }, noop);
    const byId = (items: typeof off, id: string) => items.find((i) => i.id === id)!;
    assert.deepEqual(off.filter((i) => i.id).map((i) => i.id), ['open', 'copy-local', 'copy-lan', 'lan', 'loops', 'restore', 'quit']);
    assert.equal(byId(off, 'copy-lan').enabled, false);
    assert.equal(byId(off, 'lan').checked, false);
    const noLan = trayMenuTemplate({ localUrl: 'http://127.0.0.1:3000/', lanUrl: null, lanEnabled: true, paused: true }, noop);
    assert.match(byId(noLan, 'copy-lan').label!, /No LAN address/);
    assert.match(byId(noLan, 'loops').label!, /^Resume/);
    const copied: string[] = [];
    const on = trayMenuTemplate({ localUrl: 'http://127.0.0.1:3000/', lanUrl: 'http://192.168.1.20:3000/', lanEnabled: true, paused: false }, { ...noop, copy: (t) => copied.push(t) });
    (byId(on, 'copy-lan').click as () => void)();
    (byId(on, 'copy-local').click as () => void)();
    assert.deepEqual(copied, ['http://192.168.1.20:3000/', 'http://127.0.0.1:3000/']);
  });
});
