/**
 * LAN settings apply when saved: the listeners are open (or closed) before the settings answer returns, the
 * status lists only addresses that are listening, and an address that cannot be listened on refuses the change
 * with words and leaves LAN access off.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startHost, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { lanAddresses, preferredLanAddress } from '../../server/lib/lan-addresses.ts';

const lanIp = preferredLanAddress(lanAddresses())?.address;
const admin: [string, string] = [ADMIN.username, ADMIN.password];

function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port }, () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}

const setLan = (h: TestHost, on: boolean) =>
  request(h.url, 'PATCH', '/api/homeforge/admin/settings', { auth: admin, body: { 'server.LAN_ACCESS': on } });
const status = async (h: TestHost) => (await request(h.url, 'GET', '/api/homeforge/status', { auth: admin })).body.lan as { enabled: boolean; urls: string[] };

describe('LAN settings apply at save', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('on: listening when the answer arrives, and the status lists it; off: closed when the answer arrives', async () => {
    assert.deepEqual(await status(h), { enabled: false, urls: [] });
    const on = await setLan(h, true);
    assert.equal(on.status, 200, on.text);
    if (!lanIp) {
      // A machine without a LAN address: nothing listens, so nothing is shown.
      assert.deepEqual(await status(h), { enabled: true, urls: [] });
      assert.equal((await setLan(h, false)).status, 200);
      return;
    }
    assert.equal(await accepts(lanIp!, h.port), true, 'no wait for a refresh');
    const s = await status(h);
    assert.equal(s.enabled, true);
    assert.ok(s.urls.includes(`http://${lanIp}:${h.port}/`), JSON.stringify(s));
    for (const u of s.urls) assert.equal((await request(u.replace(/\/$/, ''), 'GET', '/api/v1/version')).status, 200, `${u} answers`);
    const off = await setLan(h, false);
    assert.equal(off.status, 200);
    assert.equal(await accepts(lanIp!, h.port), false, 'closed before the answer');
    assert.deepEqual(await status(h), { enabled: false, urls: [] });
  });

  test('an address taken by another program: 409 in words, LAN access stays off', async () => {
    if (!lanIp) return; // nothing to take on a machine without a LAN address
    const squatter = net.createServer();
    await new Promise<void>((resolve, reject) => { squatter.once('error', reject); squatter.listen(h.port, lanIp, resolve); });
    try {
      const res = await setLan(h, true);
      assert.equal(res.status, 409, res.text);
      assert.match(res.body.message, new RegExp(`^LAN access could not be turned on: ${lanIp!.replace(/\./g, '\\.')}: the port is in use by another program.*The setting was left off\\.$`));
      assert.deepEqual(await status(h), { enabled: false, urls: [] });
      const saved = (await request(h.url, 'GET', '/api/homeforge/admin/settings', { auth: admin })).body as { key: string; value: string }[];
      assert.equal(saved.find((x) => x.key === 'server.LAN_ACCESS')?.value, 'false');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
