/** The tray's LAN toggle goes through the host settings service: applied at once and kept in app.ini for the next start. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { trayActions } from '../../main/shell.ts';
import type { ElectronApi } from '../../main/electron-api.ts';
import { fakeElectron } from '../desktop/fake-electron.ts';
import { startHost } from '../helpers/host.ts';

describe('tray LAN toggle', () => {
  test('persists LAN_ACCESS to app.ini and a restarted host reads it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-tray-'));
    try {
      let h = await startHost({ dataDir, keepData: true });
      let refreshed = 0;
      const actions = trayActions(fakeElectron() as unknown as ElectronApi, h, { open: () => undefined, setPaused: () => undefined, restore: () => Promise.resolve(), refresh: () => { refreshed++; } });
      actions.setLan(true);
      const end = Date.now() + 10_000;
      while (refreshed === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      assert.equal(refreshed, 1);
      assert.equal(h.lan.status().enabled, true);
      assert.match(await readFile(path.join(dataDir, 'app.ini'), 'utf8'), /\[server\]\nLAN_ACCESS = true/);
      await h.stop();
      h = await startHost({ dataDir, keepData: true });
      assert.equal(h.app.settings.bool('server.LAN_ACCESS'), true);
      await h.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
