/**
 * LAN access on a real host: listeners on this machine's non-loopback address, URLs built from the address
 * the client used, mDNS advertisement seen by a real browser, and everything undone when turned off.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { Bonjour, type Service } from 'bonjour-service';
import { startHost, basic, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { lanAddresses, preferredLanAddress, urlFor } from '../../server/lib/lan-addresses.ts';

const auth = basic(ADMIN.username, ADMIN.password);
const lanIp = preferredLanAddress(lanAddresses())?.address;

/** Sends a request without a Host header (HTTP/1.0), so only the socket says where it arrived. */
function rawGet(address: string, port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port }, () => {
      socket.write(`GET ${path} HTTP/1.0\r\nAuthorization: ${auth}\r\n\r\n`);
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { data += chunk; });
    socket.on('end', () => resolve(data.slice(data.indexOf('\r\n\r\n') + 4)));
    socket.on('error', reject);
  });
}

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port }, () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}

/** Watches `_<type>._tcp` for the service named `name`: `next('up')` / `next('down')` resolve on its next change. */
function watch(bonjour: Bonjour, type: string, name: string): { next(event: 'up' | 'down', ms?: number): Promise<Service>; stop(): void } {
  const browser = bonjour.find({ type });
  return {
    next: (event, ms = 8000) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${event}" for ${name} (_${type}._tcp) within ${ms} ms`)), ms);
      const on = (s: Service): void => {
        if (s.name !== name) return;
        clearTimeout(timer);
        browser.off(event, on);
        resolve(s);
      };
      browser.on(event, on);
    }),
    stop: () => browser.stop(),
  };
}

describe('LAN access', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('off by default: loopback only, nothing advertised', async () => {
    assert.deepEqual(h.lan.status(), { enabled: false, port: h.port, urls: [], advertised: false });
    assert.equal(h.lan.url(), null);
    if (lanIp) assert.equal(await accepts(lanIp, h.port), false, `${lanIp}:${h.port} must refuse while LAN access is off`);
  });

  test('on: the LAN address answers and every URL handed out uses the address the client used', async () => {
    await h.lan.set(true);
    assert.equal(h.app.settings.bool('server.LAN_ACCESS'), true);
    const local = await h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(local.body.html_url, `${h.url}/root`);
    if (!lanIp) {
      // No non-loopback address on this machine: the Host header stands in for the LAN address.
      const viaHeader = await request(h.url, 'GET', '/api/v1/user', { headers: { Host: `192.168.7.7:${h.port}`, Authorization: auth } });
      assert.equal(viaHeader.body.html_url, `http://192.168.7.7:${h.port}/root`);
      return;
    }
    assert.equal(h.lan.url(), urlFor(lanIp, h.port));
    const lanBase = `http://${lanIp}:${h.port}`;
    const viaLan = await request(lanBase, 'GET', '/api/v1/user', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(viaLan.status, 200);
    assert.equal(viaLan.body.html_url, `${lanBase}/root`);
    assert.equal(viaLan.body.avatar_url, `${lanBase}/avatars/root`);
    const noHost = JSON.parse(await rawGet(lanIp, h.port, '/api/v1/user')) as { html_url: string };
    assert.equal(noHost.html_url, `${lanBase}/root`);
  });

  test('every non-loopback address of the machine is listened on, link-local ones with their zone', async () => {
    const all = lanAddresses();
    for (const a of all) assert.equal(await accepts(a.bindAddress, h.port), true, `${a.bindAddress}:${h.port} must accept`);
    const shown = all.filter((a) => !a.linkLocal).map((a) => urlFor(a.address, h.port));
    assert.deepEqual([...h.lan.status().urls].sort(), shown.sort());
    assert.equal(h.lan.status().urls[0], h.lan.url());
  });

  test('advertised with mDNS as _homeforge._tcp and _http._tcp, and goodbye when turned off', async () => {
    const name = `Homeforge on ${(await import('node:os')).hostname()}:${h.port}`;
    const bonjour = new Bonjour();
    const homeforge = watch(bonjour, 'homeforge', name);
    const http = watch(bonjour, 'http', name);
    try {
      await h.lan.set(false);
      const [own, web] = await Promise.all([homeforge.next('up'), http.next('up'), h.lan.set(true)]);
      assert.equal(own.port, h.port);
      assert.equal(web.port, h.port);
      assert.equal(own.txt?.api, '/api/v1');
      assert.equal(web.txt?.path, '/');
      if (lanIp) assert.ok(own.addresses?.includes(lanIp), `advertised addresses ${String(own.addresses)} include ${lanIp}`);
      assert.equal(h.lan.status().advertised, true);

      const [gone] = await Promise.all([homeforge.next('down'), http.next('down'), h.lan.set(false)]);
      assert.equal(gone.port, h.port);
      assert.equal(h.lan.status().advertised, false);
      if (lanIp) assert.equal(await accepts(lanIp, h.port), false, 'the LAN listener is closed');
      assert.equal((await h.api('GET', '/version')).status, 200, 'loopback keeps working');
    } finally {
      homeforge.stop();
      http.stop();
      bonjour.destroy();
    }
  });

  test('a run-time change of [server] LAN_ACCESS is applied on the next refresh', async () => {
    h.app.settings = h.app.settings.with({ 'server.LAN_ACCESS': 'true' });
    await h.lan.sync();
    assert.equal(h.lan.status().enabled, true);
    if (lanIp) assert.equal(await accepts(lanIp, h.port), true);
    h.app.settings = h.app.settings.with({ 'server.LAN_ACCESS': 'false' });
    await h.lan.sync();
    if (lanIp) assert.equal(await accepts(lanIp, h.port), false);
  });
});

describe('LAN access from the setting at start', () => {
  test('LAN_ACCESS=true in the settings listens on the LAN from the first request', async () => {
    const h = await startHost({ settings: { 'server.LAN_ACCESS': 'true' } });
    try {
      assert.equal(h.lan.status().enabled, true);
      if (lanIp) {
        const res = await request(`http://${lanIp}:${h.port}`, 'GET', '/api/v1/version');
        assert.equal(res.status, 200);
      }
    } finally {
      await h.stop();
    }
    if (lanIp) assert.equal(await accepts(lanIp, h.port), false, 'closing the host closes the LAN listeners');
  });
});
