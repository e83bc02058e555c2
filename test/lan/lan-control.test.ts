/** The LAN controller's decisions with a stand-in mDNS responder and made-up interfaces (no sockets opened). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type os from 'node:os';
import type { ServiceConfig } from 'bonjour-service';
import { createLanAccess } from '../../server/lan/index.ts';
import { lanAddresses, preferredLanAddress, urlFor } from '../../server/lib/lan-addresses.ts';
import type { BonjourLike } from '../../server/lan/advertise.ts';
import { Settings } from '../../server/lib/settings.ts';
import { createLogger } from '../../server/lib/log.ts';
import type { AppContext } from '../../server/services/context.ts';

type Ifaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;
const v4 = (address: string, internal = false): os.NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '02:00:00:00:00:01', cidr: `${address}/24` });
const v6 = (address: string, scopeid = 3): os.NetworkInterfaceInfo =>
  ({ address, family: 'IPv6', internal: false, netmask: 'ffff:ffff:ffff:ffff::', mac: '02:00:00:00:00:01', cidr: `${address}/64`, scopeid });

/** Records what the controller asks of the responder. */
class FakeBonjour implements BonjourLike {
  static made: FakeBonjour[] = [];
  published: ServiceConfig[] = [];
  unpublished = false;
  destroyed = false;
  constructor() { FakeBonjour.made.push(this); }
  publish(config: ServiceConfig): unknown { this.published.push(config); return {}; }
  unpublishAll(cb?: CallableFunction): void { this.unpublished = true; cb?.(); }
  destroy(cb?: CallableFunction): void { this.destroyed = true; cb?.(); }
}

function fixture(lan: boolean, ifaces: { current: Ifaces }) {
  FakeBonjour.made = [];
  const app = { settings: new Settings({ 'server.LAN_ACCESS': String(lan) }), log: createLogger('None') } as unknown as AppContext;
  // A wildcard main listener covers the LAN already, so these tests open no sockets.
  const ctl = createLanAccess({
    app, handler: () => undefined, port: 4321, boundTo: '0.0.0.0', name: 'Homeforge test',
    interfaces: () => ifaces.current, bonjour: () => new FakeBonjour(), refreshMs: 60_000,
  });
  return { app, ctl };
}

describe('LAN addresses', () => {
  const ifaces: Ifaces = {
    lo: [v4('127.0.0.1', true)],
    wlan0: [v6('fe80::1', 7), v4('169.254.3.4'), v6('2001:db8::5')],
    eth0: [v4('192.168.1.20'), v4('127.0.0.5')],
  };

  test('loopback and internal addresses are left out; link-local IPv6 gets its zone', () => {
    const list = lanAddresses(ifaces, 'linux');
    assert.deepEqual(list.map((a) => a.bindAddress), ['169.254.3.4', '192.168.1.20', '2001:db8::5', 'fe80::1%wlan0']);
    assert.equal(lanAddresses(ifaces, 'win32').find((a) => a.linkLocal && a.family === 'IPv6')?.bindAddress, 'fe80::1%7');
  });

  test('a private IPv4 address is preferred for the clone URL', () => {
    assert.equal(preferredLanAddress(lanAddresses(ifaces))?.address, '192.168.1.20');
    assert.equal(preferredLanAddress(lanAddresses({ wlan0: [v6('fe80::1'), v6('2001:db8::5')] }))?.address, '2001:db8::5');
    assert.equal(preferredLanAddress(lanAddresses({ wlan0: [v6('fe80::1')] })), undefined);
    assert.equal(urlFor('2001:db8::5', 80), 'http://[2001:db8::5]:80/');
  });
});

describe('LAN controller', () => {
  test('off: nothing advertised; on: both service types published with the port', async () => {
    const ifaces = { current: { eth0: [v4('10.0.0.2')] } };
    const { ctl } = fixture(false, ifaces);
    await ctl.sync();
    assert.equal(FakeBonjour.made.length, 0);
    assert.equal(ctl.url(), null);
    await ctl.set(true);
    const [responder] = FakeBonjour.made;
    assert.deepEqual(responder?.published.map((c) => [c.type, c.protocol, c.port, c.name]), [
      ['homeforge', 'tcp', 4321, 'Homeforge test'], ['http', 'tcp', 4321, 'Homeforge test'],
    ]);
    assert.equal(ctl.url(), 'http://10.0.0.2:4321/');
    assert.deepEqual(ctl.status(), { enabled: true, port: 4321, urls: ['http://10.0.0.2:4321/'], advertised: true });
    await ctl.set(false);
    assert.equal(responder?.unpublished, true);
    assert.equal(responder?.destroyed, true);
    assert.equal(ctl.status().advertised, false);
    await ctl.close();
  });

  test('a changed address is announced again; losing every address stops the announcement', async () => {
    const ifaces = { current: { eth0: [v4('10.0.0.2')] } as Ifaces };
    const { ctl } = fixture(true, ifaces);
    await ctl.sync();
    await ctl.sync();
    assert.equal(FakeBonjour.made.length, 1, 'no change, no new announcement');
    ifaces.current = { eth0: [v4('10.0.0.3')] };
    await ctl.sync();
    assert.equal(FakeBonjour.made.length, 2);
    assert.equal(FakeBonjour.made[0]?.destroyed, true);
    assert.equal(ctl.url(), 'http://10.0.0.3:4321/');
    ifaces.current = {};
    await ctl.sync();
    assert.equal(FakeBonjour.made[1]?.destroyed, true);
    assert.deepEqual(ctl.status().urls, []);
    await ctl.close();
  });

  test('a responder that cannot start is logged, not thrown', async () => {
    const app = { settings: new Settings({ 'server.LAN_ACCESS': 'true' }), log: createLogger('None') } as unknown as AppContext;
    const ctl = createLanAccess({
      app, handler: () => undefined, port: 1, boundTo: '::', interfaces: () => ({ eth0: [v4('10.0.0.2')] }),
      bonjour: () => { throw new Error('no multicast'); },
    });
    await ctl.sync();
    assert.equal(ctl.status().advertised, false);
    assert.equal(ctl.url(), 'http://10.0.0.2:1/', 'the wildcard listener still serves the LAN');
    await ctl.close();
  });

  test('close() stops for good: a later set(true) does nothing', async () => {
    const { ctl } = fixture(true, { current: { eth0: [v4('10.0.0.2')] } });
    await ctl.sync();
    await ctl.close();
    assert.equal(FakeBonjour.made[0]?.destroyed, true);
    await ctl.set(true);
    assert.equal(FakeBonjour.made.length, 1);
    assert.equal(ctl.status().enabled, false);
  });
});
