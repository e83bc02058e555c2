/** The shell end to end with the electron stand-in and a real host: single instance, session, tray, quit. */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { fakeElectron, FakeTray, FakeWindow } from './fake-electron.ts';
import { startShell, startDesktopHost, askAboutPort, PAUSABLE_LOOPS, type Shell } from '../../main/shell.ts';
import { startHost, request, ADMIN, type TestHost } from '../helpers/host.ts';
import type { Host } from '../../server/host.ts';
import type { ToWorker } from '../../server/worker/protocol.ts';

const OPTS = { preload: '/app/dist/main/preload.cjs', trayIcon: '/app/assets/tray.png' };

describe('second instance', () => {
  test('without the single-instance lock it quits and starts no host', async () => {
    const { api, fake } = fakeElectron();
    fake.app.lock = false;
    let started = false;
    const shell = await startShell(api, { ...OPTS, startHost: () => { started = true; return Promise.reject(new Error('must not start')); } });
    assert.equal(shell, null);
    assert.equal(started, false);
    assert.equal(fake.app.quitCalls, 1);
    assert.equal(FakeWindow.all.length, 0);
  });
});

describe('desktop shell', async () => {
  const { api, fake, invoke } = fakeElectron('/user-data');
  let h: TestHost | undefined;
  const sent: ToWorker[] = [];
  const shell = (await startShell(api, {
    ...OPTS,
    startHost: async (dataDir) => {
      assert.equal(dataDir, '/user-data', 'the host runs on app.getPath("userData")');
      h = await startHost();
      const send = h.worker.send.bind(h.worker);
      h.worker.send = (msg) => { sent.push(msg); send(msg); };
      return h;
    },
  })) as Shell;
  const host = h!;
  const tray = FakeTray.last!;
  const click = (id: string): void => tray.item(id)!.click!();
  after(async () => { await host.stop(); });

  test('opens one window on the host URL with the preload', () => {
    assert.equal(FakeWindow.all.length, 1);
    const win = FakeWindow.all[0]!;
    assert.equal(win.webContents.mainFrame.url, `${host.url}/`);
    assert.equal((win.options.webPreferences as { preload: string }).preload, OPTS.preload);
    assert.equal(shell.window(), win as never);
  });

  test('a second launch focuses the existing window; after it was closed, opens a new one', () => {
    const win = FakeWindow.all[0]!;
    win.minimized = true;
    fake.app.emit('second-instance');
    assert.equal(win.minimized, false);
    assert.equal(win.focused, 1);
    assert.equal(FakeWindow.all.length, 1);
    win.close();
    fake.app.emit('window-all-closed');
    assert.equal(fake.app.quitted, false, 'closing the window keeps the host running');
    fake.app.emit('second-instance');
    assert.equal(FakeWindow.all.length, 2);
    assert.equal(shell.window(), FakeWindow.all[1] as never);
  });

  test('the window gets the owner session: a working token for the first administrator, the same on every call', async () => {
    const win = FakeWindow.all[1]!;
    const session = (await invoke('homeforge:session', win.webContents)) as { token: string; username: string };
    assert.equal(session.username, ADMIN.username);
    const me = await host.api('GET', '/user', { auth: session.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.login, ADMIN.username);
    assert.deepEqual(await invoke('homeforge:session', win.webContents), session);
    const stale = FakeWindow.all[0]!;
    await assert.rejects(invoke('homeforge:session', stale.webContents), /refused/, 'a closed window is not ours any more');
  });

  test('tray: copy the clone URL prefixes', async () => {
    click('copy-local');
    assert.equal(fake.clipboard.text, `${host.url}/`);
    assert.equal(tray.item('copy-lan')?.enabled, false, 'LAN access is off');
    click('lan');
    await waitFor(() => host.lan.status().enabled && tray.item('lan')?.checked === true);
    const lanUrl = host.lan.url();
    if (lanUrl) {
      click('copy-lan');
      assert.equal(fake.clipboard.text, lanUrl);
      assert.equal((await request(lanUrl.replace(/\/$/, ''), 'GET', '/api/v1/version')).status, 200);
    }
    click('lan');
    await waitFor(() => !host.lan.status().enabled && tray.item('lan')?.checked === false);
  });

  test('tray: pause and resume the mirror and delivery loops', async () => {
    click('loops');
    assert.deepEqual(sent.at(-1), { type: 'pause', loops: PAUSABLE_LOOPS });
    assert.deepEqual([...PAUSABLE_LOOPS].sort(), ['delivery', 'mirror']);
    assert.match(tray.item('loops')!.label!, /Resume/);
    click('loops');
    assert.deepEqual(sent.at(-1), { type: 'resume', loops: PAUSABLE_LOOPS });
    assert.match(tray.item('loops')!.label!, /Pause/);
    await host.worker.ping();
  });

  test('tray: open focuses the window', () => {
    const win = FakeWindow.all[1]!;
    const before = win.focused;
    click('open');
    assert.equal(win.focused, before + 1);
  });

  test('quit waits for host.close() before the app really quits', async () => {
    let closeFinished = false;
    const close = host.close;
    (host as Host).close = async () => { await close(); closeFinished = true; };
    click('quit');
    assert.equal(fake.app.quitted, false, 'the first quit is held');
    await shell.shutdown();
    assert.equal(closeFinished, true);
    assert.equal(fake.app.quitted, true);
    assert.equal(tray.destroyed, true);
    assert.equal(fake.ipcMain.handlers.size, 0);
    await assert.rejects(fetch(`${host.url}/api/v1/version`), 'the host no longer listens');
  });
});

describe('startDesktopHost', () => {
  const inUse = () => Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 3000 });

  test('a taken port is never left silently: the user is told and chooses to try again, a free port, or to quit', async () => {
    const { api, fake } = fakeElectron();
    const fakeHost = {} as Host;
    let busy = 2;
    const calls: (number | undefined)[] = [];
    const create = async (o: { port?: number }) => {
      calls.push(o.port);
      if (o.port === undefined && busy-- > 0) throw inUse();
      return fakeHost;
    };
    // Try again (still taken), then try again (free by then): the configured port, no other.
    fake.dialog.answers = [0, 0];
    assert.equal(await startDesktopHost('/d', askAboutPort(api), create as never), fakeHost);
    assert.deepEqual(calls, [undefined, undefined, undefined]);
    assert.equal(fake.dialog.shown.length, 2);
    assert.match(fake.dialog.shown[0]!.message, /Port 3000 is already in use/);
    assert.deepEqual(fake.dialog.shown[0]!.buttons, ['Try again', 'Use a free port this time', 'Quit']);
    // A free port only when asked for.
    busy = 1;
    calls.length = 0;
    fake.dialog.answers = [1];
    assert.equal(await startDesktopHost('/d', askAboutPort(api), create as never), fakeHost);
    assert.deepEqual(calls, [undefined, 0]);
    // Quit: no host.
    busy = 1;
    fake.dialog.answers = [2];
    assert.equal(await startDesktopHost('/d', askAboutPort(api), create as never), null);
    await assert.rejects(startDesktopHost('/d', askAboutPort(api), () => Promise.reject(new Error('locked'))), /locked/);
  });

  test('the shell quits without a window when the user quits at the port question', async () => {
    const { api, fake } = fakeElectron();
    const shell = await startShell(api, { ...OPTS, startHost: () => Promise.resolve(null) });
    assert.equal(shell, null);
    assert.equal(FakeWindow.all.length, 0);
    assert.equal(fake.app.quitCalls, 1);
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
